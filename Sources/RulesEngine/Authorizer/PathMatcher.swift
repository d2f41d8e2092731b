import RulesSyntax

/// One way a chain of match blocks matched the whole request path.
struct PathMatch {
    /// The innermost block, whose allows apply.
    let block: CompiledMatch
    /// Captures per scope depth (index = scope depth).
    let captures: [[String: Value]]
    /// The chain of blocks, outermost first.
    let chain: [CompiledMatch]
}

/// Finds every match block whose accumulated pattern matches a request path
/// completely.
///
/// Version 1: `{x=**}` matches one or more segments. Version 2: zero or more,
/// anywhere in the pattern. Nested blocks continue from where their parent's
/// pattern stopped; only complete matches contribute allows.
struct PathMatcher {
    let version: RulesVersion
    let segments: [String]

    func matches(in blocks: [CompiledMatch], baseDepth: Int) -> [PathMatch] {
        var results: [PathMatch] = []
        let initial = Array(repeating: [String: Value](), count: baseDepth)
        for block in blocks {
            walk(block, from: 0, captures: initial, chain: [], into: &results)
        }
        return results
    }

    private func walk(_ block: CompiledMatch, from start: Int, captures: [[String: Value]], chain: [CompiledMatch], into results: inout [PathMatch]) {
        let chain = chain + [block]
        consume(block.segments[...], at: start, bound: [:]) { end, bindings in
            var levels = captures
            levels.append(bindings)
            if end == segments.count {
                results.append(PathMatch(block: block, captures: levels, chain: chain))
            }
            for child in block.children {
                walk(child, from: end, captures: levels, chain: chain, into: &results)
            }
        }
    }

    /// Calls `found` for every way `pattern` can consume segments from `index`.
    private func consume(
        _ pattern: ArraySlice<MatchSegment.Kind>, at index: Int, bound: [String: Value],
        _ found: (Int, [String: Value]) -> Void
    ) {
        guard let first = pattern.first else {
            found(index, bound)
            return
        }
        let rest = pattern.dropFirst()
        switch first {
        case .literal(let text):
            guard index < segments.count, segments[index] == text else { return }
            consume(rest, at: index + 1, bound: bound, found)
        case .single(let name):
            guard index < segments.count else { return }
            var bindings = bound
            bindings[name] = .string(segments[index])
            consume(rest, at: index + 1, bound: bindings, found)
        case .recursive(let name):
            let minimum = version == .v1 ? 1 : 0
            let available = segments.count - index
            guard available >= minimum else { return }
            for length in stride(from: minimum, through: available, by: 1) {
                var bindings = bound
                bindings[name] = .path(RulesPath(segments: Array(segments[index..<(index + length)])))
                consume(rest, at: index + length, bound: bindings, found)
            }
        }
    }
}
