import RulesSyntax

/// One way a chain of match blocks matched the whole request path.
struct PathMatch {
    /// The innermost block, whose allows apply.
    let block: CompiledMatch
    /// The wildcard values of the chain, outermost block first and in
    /// pattern order within a block; `block.scope` names them.
    let captures: [Value]
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

    func matches(in blocks: BlockDispatch) -> [PathMatch] {
        var results: [PathMatch] = []
        var captures: [Value] = []
        captures.reserveCapacity(segments.count)
        blocks.forEachCandidate(for: segments.first) { block in
            consume(block, segment: 0, at: 0, captures: &captures, into: &results)
        }
        return results
    }

    /// Consumes the block's pattern from segment `segment` on, at path index
    /// `index`; at the end of the pattern records a complete match and
    /// descends into the nested blocks.
    private func consume(
        _ block: CompiledMatch, segment: Int, at index: Int, captures: inout [Value], into results: inout [PathMatch]
    ) {
        guard segment < block.segments.count else {
            if index == segments.count {
                results.append(PathMatch(block: block, captures: captures))
            }
            block.childDispatch.forEachCandidate(for: index < segments.count ? segments[index] : nil) { child in
                consume(child, segment: 0, at: index, captures: &captures, into: &results)
            }
            return
        }
        switch block.segments[segment] {
        case .literal(let text):
            guard index < segments.count, segments[index].sameCodeUnits(as: text) else { return }
            consume(block, segment: segment + 1, at: index + 1, captures: &captures, into: &results)
        case .single:
            guard index < segments.count else { return }
            captures.append(.string(segments[index]))
            consume(block, segment: segment + 1, at: index + 1, captures: &captures, into: &results)
            captures.removeLast()
        case .recursive:
            let minimum = version == .v1 ? 1 : 0
            let available = segments.count - index
            guard available >= minimum else { return }
            // Ending a childless block, the wildcard can only complete a
            // match by taking every remaining segment.
            let shortest = segment == block.segments.count - 1 && block.children.isEmpty ? available : minimum
            for length in shortest...available {
                captures.append(.path(RulesPath(segments: Array(segments[index..<(index + length)]))))
                consume(block, segment: segment + 1, at: index + length, captures: &captures, into: &results)
                captures.removeLast()
            }
        }
    }
}
