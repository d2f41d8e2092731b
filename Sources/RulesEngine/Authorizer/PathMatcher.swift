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

    /// Every complete match, outer blocks before the blocks nested in them
    /// and siblings in source order, found with `buffer` (at least
    /// ``MatchTree/captureCapacity`` elements) as the working buffer.
    func matches(buffer captures: UnsafeMutablePointer<WildcardCapture>) -> [PathMatch] {
        var collector = MatchCollector(tree: tree, captures: captures)
        segments.withUnsafeBufferPointer { segments in
            let walk = MatchWalk(tree: tree, segments: segments, version: version, captures: captures)
            _ = walk.visitGroup(MatchTree.rootGroup, at: 0, captureCount: 0, &collector)
        }
        return collector.matches
    }
}

/// What a walk of the match tree calls with each complete match.
private protocol MatchVisitor {
    /// Visits the block at `block` of ``MatchTree/blocks``, matched with the
    /// first `captureCount` captures of the walk's buffer; returns whether
    /// the walk stops.
    mutating func visit(block: Int, captureCount: Int) -> Bool
}

/// Every match with a copy of its captures, for an explanation.
private struct MatchCollector: MatchVisitor {
    unowned(unsafe) let tree: MatchTree
    let captures: UnsafeMutablePointer<WildcardCapture>
    var matches: [PathMatch] = []

    mutating func visit(block: Int, captureCount: Int) -> Bool {
        matches.append(PathMatch(
            block: tree.blocks[block], captures: Array(UnsafeBufferPointer(start: captures, count: captureCount))))
        return false
    }
}

/// The search of an untraced decision: each matched block's allows that
/// cover the method, in order, until a condition grants.
///
/// Plain references and pointers, so the walk specialized for it retains
/// nothing: the caller keeps the tree, the evaluator and the request alive.
private struct GrantSearch: MatchVisitor {
    unowned(unsafe) let tree: MatchTree
    let evaluator: Unmanaged<Evaluator>
    let request: UnsafePointer<AuthorizationRequest>
    let method: RuleMethod
    let captures: UnsafeMutablePointer<WildcardCapture>
    /// Whether the evaluator serves the request: from the first condition
    /// on, since an unconditional allow needs only the matcher.
    var serving = false

    mutating func visit(block: Int, captureCount: Int) -> Bool {
        let node = tree.nodes[block]
        var position = Int(node.grantStart)
        while position < Int(node.grantEnd) {
            let grant = tree.grants[position]
            position &+= 1
            guard grant.methods.contains(method) else { continue }
            guard let condition = grant.condition else { return true }
            let starts = !serving
            serving = true
            let granted = evaluator._withUnsafeGuaranteedRef { [request, captures] evaluator in
                if starts { evaluator.begin(request) }
                // Compiled conditions read captures by position: no capture
                // scope to set, unlike a traced evaluation.
                evaluator.useCaptures(UnsafeBufferPointer(start: captures, count: captureCount))
                return evaluator.passes(condition)
            }
            if granted { return true }
        }
        return false
    }
}

extension MatchTree {
    /// ``CompiledRuleset/isAllowed(_:)`` with an idle evaluator: walks the
    /// matches in order and evaluates the compiled conditions of the allows
    /// that cover the method until one grants.
    func isAllowed(_ request: AuthorizationRequest, version: RulesVersion, evaluator: Evaluator) -> Bool {
        withUnsafePointer(to: request) { address in
            var search = GrantSearch(
                tree: self, evaluator: Unmanaged.passUnretained(evaluator), request: address, method: request.method,
                captures: evaluator.matchBuffer)
            let granted = request.requestPath.segments.withUnsafeBufferPointer { segments in
                let walk = MatchWalk(tree: self, segments: segments, version: version, captures: search.captures)
                return walk.visitGroup(MatchTree.rootGroup, at: 0, captureCount: 0, &search)
            }
            if search.serving { evaluator.end() }
            return granted
        }
    }
}

/// One request path being matched against a ``MatchTree``: everything the
/// recursive walk reads, as plain pointers and integers, so it retains and
/// releases nothing.
private struct MatchWalk {
    /// The tree, which the caller keeps alive for the walk.
    unowned(unsafe) let tree: MatchTree
    let segments: UnsafeBufferPointer<String>
    /// The fewest segments a `{x=**}` takes: 1 in version 1, 0 in version 2.
    let shortestRecursive: Int
    let captures: UnsafeMutablePointer<WildcardCapture>

    init(
        tree: MatchTree, segments: UnsafeBufferPointer<String>, version: RulesVersion,
        captures: UnsafeMutablePointer<WildcardCapture>
    ) {
        self.tree = tree
        self.segments = segments
        shortestRecursive = version == .v1 ? 1 : 0
        self.captures = captures
    }

    /// Tries the blocks of a sibling group at path position `index`.
    func visitGroup<Visitor: MatchVisitor>(
        _ group: Int, at index: Int, captureCount: Int, _ visitor: inout Visitor
    ) -> Bool {
        let range = tree.groups[group]
        guard range.dispatch < 0 else {
            // A large group: only the blocks that can match the next segment.
            var stopped = false
            tree.dispatches[Int(range.dispatch)].forEachCandidate(for: index < segments.count ? segments[index] : nil) {
                stopped = consume(Int(tree.members[Int(range.start) + $0]), at: index, captureCount: captureCount, &visitor)
                return stopped
            }
            return stopped
        }
        var member = Int(range.start)
        while member < Int(range.end) {
            if consume(Int(tree.members[member]), at: index, captureCount: captureCount, &visitor) { return true }
            member += 1
        }
        return false
    }

    /// Consumes a block's whole pattern from path position `index`.
    func consume<Visitor: MatchVisitor>(_ node: Int, at index: Int, captureCount: Int, _ visitor: inout Visitor) -> Bool {
        consume(node, segment: Int(tree.nodes[node].segmentStart), at: index, captureCount: captureCount, &visitor)
    }

    /// Consumes the block's pattern from its segment code `segment` on (a
    /// position in ``MatchTree/codes``), at path position `startIndex`; at
    /// the end of the pattern visits a complete match and descends into the
    /// nested blocks. Returns whether the visitor stopped. Captures are
    /// written at `captureCount` and after; what lies there is the caller's
    /// to overwrite, so nothing needs undoing on the way back.
    private func consume<Visitor: MatchVisitor>(
        _ node: Int, segment start: Int, at startIndex: Int, captureCount startCount: Int, _ visitor: inout Visitor
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
                if segment == end &- 1 && block.childGroup < 0 {
                    captures[count] = WildcardCapture(segments: index..<segments.count, isRecursive: true)
                    return visitor.visit(block: node, captureCount: count &+ 1)
                }
                for length in shortestRecursive...available {
                    captures[count] = WildcardCapture(segments: index..<(index &+ length), isRecursive: true)
                    if consume(node, segment: segment &+ 1, at: index &+ length, captureCount: count &+ 1, &visitor) {
                        return true
                    }
                }
                return false
            }
            index &+= 1
            segment &+= 1
        }
        if index == segments.count, visitor.visit(block: node, captureCount: count) { return true }
        guard block.childGroup >= 0 else { return false }
        return visitGroup(Int(block.childGroup), at: index, captureCount: count, &visitor)
    }
}
