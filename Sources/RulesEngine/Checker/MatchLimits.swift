import RulesSyntax

/// The limits on nested `match` statements (Firebase documents them for its
/// rules compiler: 10 nested matches, 100 path segments and 20 capture
/// variables along one chain of nested matches). The service's wording is
/// unknown, so the messages are ours.
struct MatchLimits {
    static let maximumDepth = 10
    static let maximumSegments = 100
    static let maximumCaptures = 20

    let ruleset: Ruleset

    func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func visit(_ block: MatchBlock, depth: Int, segments: Int, captures: Int) {
            let depth = depth + 1
            let segments = segments + block.path.segments.count
            let captures = captures + block.path.segments.reduce(0) { $0 + ($1.kind.isCapture ? 1 : 0) }
            if depth > Self.maximumDepth {
                diagnostics.append(.error("check.match-depth", Self.depthMessage, at: block.path.range))
                return
            }
            if segments > Self.maximumSegments {
                diagnostics.append(.error("check.path-length", Self.segmentsMessage, at: block.path.range))
                return
            }
            if captures > Self.maximumCaptures {
                diagnostics.append(.error("check.capture-count", Self.capturesMessage, at: block.path.range))
                return
            }
            for child in block.matches { visit(child, depth: depth, segments: segments, captures: captures) }
        }
        for block in ruleset.service?.matches ?? [] { visit(block, depth: 0, segments: 0, captures: 0) }
        return diagnostics
    }

    static let depthMessage = "Match statements may be nested at most \(maximumDepth) deep."
    static let segmentsMessage = "Nested match statements may have at most \(maximumSegments) path segments in total."
    static let capturesMessage = "Nested match statements may capture at most \(maximumCaptures) variables in total."
}

extension MatchSegment.Kind {
    /// Whether the segment binds a variable (`{name}` or `{name=**}`).
    var isCapture: Bool {
        if case .literal = self { return false }
        return true
    }
}
