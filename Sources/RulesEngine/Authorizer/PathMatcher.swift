import RulesSyntax

/// Wildcard bindings of one match level, in pattern order.
typealias Bindings = [(name: String, value: Value)]

/// One way a chain of match blocks matched the whole request path.
struct PathMatch {
    /// The innermost block, whose allows apply.
    let block: CompiledMatch
    /// Captures per scope depth (index = scope depth).
    let captures: [Bindings]
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

    func matches(in blocks: BlockDispatch, baseDepth: Int) -> [PathMatch] {
        var results: [PathMatch] = []
        results.reserveCapacity(2)
        var levels: [Bindings] = []
        levels.reserveCapacity(baseDepth + segments.count + 1)
        levels.append(contentsOf: repeatElement(Bindings(), count: baseDepth))
        blocks.forEachCandidate(for: segments.first) { block in
            walk(block, from: 0, levels: &levels, into: &results)
        }
        return results
    }

    private func walk(_ block: CompiledMatch, from start: Int, levels: inout [Bindings], into results: inout [PathMatch]) {
        var bound = Bindings()
        bound.reserveCapacity(block.segments.count)
        consume(block, segment: 0, at: start, bound: &bound, levels: &levels, into: &results)
    }

    /// Consumes the block's pattern from segment `segment` on, at path index
    /// `index`; at the end of the pattern records a complete match and
    /// descends into the nested blocks.
    private func consume(
        _ block: CompiledMatch, segment: Int, at index: Int, bound: inout Bindings, levels: inout [Bindings],
        into results: inout [PathMatch]
    ) {
        guard segment < block.segments.count else {
            levels.append(bound)
            if index == segments.count {
                results.append(PathMatch(block: block, captures: levels))
            }
            block.childDispatch.forEachCandidate(for: index < segments.count ? segments[index] : nil) { child in
                walk(child, from: index, levels: &levels, into: &results)
            }
            levels.removeLast()
            return
        }
        switch block.segments[segment] {
        case .literal(let text):
            guard index < segments.count, segments[index].sameCodeUnits(as: text) else { return }
            consume(block, segment: segment + 1, at: index + 1, bound: &bound, levels: &levels, into: &results)
        case .single(let name):
            guard index < segments.count else { return }
            bound.append((name, .string(segments[index])))
            consume(block, segment: segment + 1, at: index + 1, bound: &bound, levels: &levels, into: &results)
            bound.removeLast()
        case .recursive(let name):
            let minimum = version == .v1 ? 1 : 0
            let available = segments.count - index
            guard available >= minimum else { return }
            // Ending a childless block, the wildcard can only complete a
            // match by taking every remaining segment.
            let shortest = segment == block.segments.count - 1 && block.children.isEmpty ? available : minimum
            for length in shortest...available {
                bound.append((name, .path(RulesPath(segments: Array(segments[index..<(index + length)])))))
                consume(block, segment: segment + 1, at: index + length, bound: &bound, levels: &levels, into: &results)
                bound.removeLast()
            }
        }
    }
}
