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
    let tree: MatchTree
    let version: RulesVersion
    let segments: [String]

    /// Every complete match, in the order ``visitMatches(captures:_:)`` visits
    /// them, found with `buffer` (at least ``MatchTree/captureCapacity``
    /// elements) as the working buffer.
    func matches(buffer captures: UnsafeMutablePointer<WildcardCapture>) -> [PathMatch] {
        var results: [PathMatch] = []
        visitMatches(captures: captures) { node, count in
            results.append(PathMatch(
                block: tree.blocks[node], captures: Array(UnsafeBufferPointer(start: captures, count: count))))
            return false
        }
        return results
    }

    /// Calls `visit` with each complete match, outer blocks before the
    /// blocks nested in them and siblings in source order, until it returns
    /// `true`. Returns whether it did.
    ///
    /// `visit` gets the matched block's position in ``MatchTree/blocks`` and
    /// how many captures of the match lie at the start of `captures`, a
    /// buffer of at least ``MatchTree/captureCapacity`` elements that the
    /// matcher writes as it goes; a visit must read them before returning.
    @discardableResult
    func visitMatches(
        captures: UnsafeMutablePointer<WildcardCapture>, _ visit: (_ block: Int, _ captureCount: Int) -> Bool
    ) -> Bool {
        segments.withUnsafeBufferPointer { segments in
            let walk = MatchWalk(
                tree: tree, segments: segments, shortestRecursive: version == .v1 ? 1 : 0, captures: captures)
            return walk.visitGroup(MatchTree.rootGroup, at: 0, captureCount: 0, visit)
        }
    }
}

/// One request path being matched against a ``MatchTree``: everything the
/// recursive walk reads, as plain pointers and integers, so it retains and
/// releases nothing.
private struct MatchWalk {
    let tree: MatchTree
    let segments: UnsafeBufferPointer<String>
    /// The fewest segments a `{x=**}` takes: 1 in version 1, 0 in version 2.
    let shortestRecursive: Int
    let captures: UnsafeMutablePointer<WildcardCapture>

    /// Tries the blocks of a sibling group at path position `index`.
    func visitGroup(
        _ group: Int, at index: Int, captureCount: Int, _ visit: (Int, Int) -> Bool
    ) -> Bool {
        let range = tree.groups[group]
        guard range.dispatch < 0 else {
            // A large group: only the blocks that can match the next segment.
            var stopped = false
            tree.dispatches[Int(range.dispatch)].forEachCandidate(for: index < segments.count ? segments[index] : nil) {
                stopped = consume(Int(tree.members[Int(range.start) + $0]), at: index, captureCount: captureCount, visit)
                return stopped
            }
            return stopped
        }
        var member = Int(range.start)
        while member < Int(range.end) {
            if consume(Int(tree.members[member]), at: index, captureCount: captureCount, visit) { return true }
            member += 1
        }
        return false
    }

    /// Consumes a block's whole pattern from path position `index`.
    func consume(_ node: Int, at index: Int, captureCount: Int, _ visit: (Int, Int) -> Bool) -> Bool {
        consume(node, segment: Int(tree.nodes[node].segmentStart), at: index, captureCount: captureCount, visit)
    }

    /// Consumes the block's pattern from its segment code `segment` on (a
    /// position in ``MatchTree/codes``), at path position `startIndex`; at
    /// the end of the pattern visits a complete match and descends into the
    /// nested blocks. Returns whether the visitor stopped. Captures are
    /// written at `captureCount` and after; what lies there is the caller's
    /// to overwrite, so nothing needs undoing on the way back.
    private func consume(
        _ node: Int, segment start: Int, at startIndex: Int, captureCount startCount: Int, _ visit: (Int, Int) -> Bool
    ) -> Bool {
        let block = tree.nodes[node]
        let end = Int(block.segmentEnd)
        var index = startIndex
        var segment = start
        var count = startCount
        // Literals and `{x}` take one segment each and never branch: they
        // are matched in this loop; only `{x=**}` tries several lengths.
        while segment < end {
            let code = tree.codes[segment]
            if code >= 0 {
                guard index < segments.count, tree.literals[Int(code)].matches(segments[index]) else { return false }
            } else if code == MatchTree.singleCode {
                guard index < segments.count else { return false }
                captures[count] = WildcardCapture(segments: index..<(index &+ 1), isRecursive: false)
                count &+= 1
            } else {
                let available = segments.count &- index
                guard available >= shortestRecursive else { return false }
                // Ending a childless block, the wildcard can only complete a
                // match by taking every remaining segment.
                let shortest = segment == end &- 1 && block.childGroup < 0 ? available : shortestRecursive
                for length in shortest...available {
                    captures[count] = WildcardCapture(segments: index..<(index &+ length), isRecursive: true)
                    if consume(node, segment: segment &+ 1, at: index &+ length, captureCount: count &+ 1, visit) {
                        return true
                    }
                }
                return false
            }
            index &+= 1
            segment &+= 1
        }
        if index == segments.count, visit(node, count) { return true }
        guard block.childGroup >= 0 else { return false }
        return visitGroup(Int(block.childGroup), at: index, captureCount: count, visit)
    }
}
