import RulesSyntax

/// One wildcard's capture: the request path segments it took.
///
/// A capture is a range, not a value, so matching never builds strings or
/// paths: `{x}` reads as the one segment's string and `{x=**}` as a path of
/// its segments, built only when a rule or an explanation reads it.
struct WildcardCapture {
    /// The segments taken, as positions in the request path.
    let segments: Range<Int>
    /// Whether a `{x=**}` wildcard took them (its value is a path).
    let isRecursive: Bool

    /// The wildcard's value over the request path's segments.
    @inline(__always)
    func value(in path: [String]) -> Value {
        isRecursive ? .path(RulesPath(segments: Array(path[segments]))) : .string(path[segments.lowerBound])
    }
}

/// One way a chain of match blocks matched the whole request path.
struct PathMatch {
    /// The innermost block, whose allows apply.
    let block: CompiledMatch
    /// The wildcard captures of the chain, outermost block first and in
    /// pattern order within a block; `block.scope` names them.
    let captures: [WildcardCapture]
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

    /// Every complete match, in the order ``visitMatches(in:captures:_:)`` visits them.
    func matches(in blocks: BlockDispatch) -> [PathMatch] {
        var results: [PathMatch] = []
        var captures: [WildcardCapture] = []
        visitMatches(in: blocks, captures: &captures) { block, captures in
            results.append(PathMatch(block: block, captures: captures))
            return false
        }
        return results
    }

    /// Calls `visit` with each complete match and its captures, outer blocks
    /// before the blocks nested in them and siblings in source order, until
    /// it returns `true`. Returns whether it did.
    ///
    /// `captures` is the working buffer (empty on entry and on return); a
    /// caller that keeps one across calls matches without allocating.
    @discardableResult
    func visitMatches(
        in blocks: BlockDispatch, captures: inout [WildcardCapture],
        _ visit: (CompiledMatch, [WildcardCapture]) -> Bool
    ) -> Bool {
        var stopped = false
        blocks.forEachCandidate(for: segments.first) { block in
            stopped = consume(block, segment: 0, at: 0, captures: &captures, visit)
            return stopped
        }
        return stopped
    }

    /// Consumes the block's pattern from segment `segment` on, at path index
    /// `index`; at the end of the pattern visits a complete match and
    /// descends into the nested blocks. Returns whether the visitor stopped.
    /// Leaves `captures` as it found it.
    private func consume(
        _ block: CompiledMatch, segment start: Int, at startIndex: Int, captures: inout [WildcardCapture],
        _ visit: (CompiledMatch, [WildcardCapture]) -> Bool
    ) -> Bool {
        let capturedBefore = captures.count
        defer {
            while captures.count > capturedBefore { captures.removeLast() }
        }
        // Literals and `{x}` take one segment each and never branch: they
        // are matched in this loop; only `{x=**}` tries several lengths.
        var index = startIndex
        var segment = start
        while segment < block.segments.count {
            switch block.segments[segment] {
            case .literal(let literal):
                guard index < segments.count, literal.matches(segments[index]) else { return false }
            case .single:
                guard index < segments.count else { return false }
                captures.append(WildcardCapture(segments: index..<(index + 1), isRecursive: false))
            case .recursive:
                let minimum = version == .v1 ? 1 : 0
                let available = segments.count - index
                guard available >= minimum else { return false }
                // Ending a childless block, the wildcard can only complete a
                // match by taking every remaining segment.
                let shortest = segment == block.segments.count - 1 && block.children.isEmpty ? available : minimum
                for length in shortest...available {
                    captures.append(WildcardCapture(segments: index..<(index + length), isRecursive: true))
                    defer { captures.removeLast() }
                    if consume(block, segment: segment + 1, at: index + length, captures: &captures, visit) { return true }
                }
                return false
            }
            index += 1
            segment += 1
        }
        if index == segments.count, visit(block, captures) { return true }
        guard !block.children.isEmpty else { return false }
        var stopped = false
        block.childDispatch.forEachCandidate(for: index < segments.count ? segments[index] : nil) { child in
            stopped = consume(child, segment: 0, at: index, captures: &captures, visit)
            return stopped
        }
        return stopped
    }
}
