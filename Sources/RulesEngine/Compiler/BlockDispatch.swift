/// Sibling match blocks indexed by the literal that starts their pattern,
/// so that matching a request path tries only the blocks that can match
/// its next segment instead of every block.
///
/// A block whose pattern starts with a wildcard (or is empty) can match any
/// segment and is always tried. Candidates come out in source order, the
/// order in which an exhaustive walk would have tried them, so matches,
/// explanations and traces are unchanged.
struct BlockDispatch: Sendable {
    /// The blocks, in source order.
    let blocks: [CompiledMatch]
    /// Positions in ``blocks`` of the blocks starting with each literal
    /// (keyed by its UTF-8 bytes: literals match by exact code units, never
    /// by canonical equivalence as `String` keys would), ascending.
    private let byLiteral: [[UInt8]: [Int]]
    /// Positions of the blocks that do not start with a literal, ascending.
    private let unindexed: [Int]

    /// Fewer siblings than this are all tried: a lookup by literal costs
    /// more than trying a handful of blocks.
    static let indexingThreshold = 8

    init(_ blocks: [CompiledMatch]) {
        self.blocks = blocks
        var byLiteral: [[UInt8]: [Int]] = [:]
        var unindexed: [Int] = []
        let indexes = blocks.count >= Self.indexingThreshold
        for (position, block) in blocks.enumerated() {
            if indexes, case .literal(let text)? = block.segments.first {
                byLiteral[Array(text.utf8), default: []].append(position)
            } else {
                unindexed.append(position)
            }
        }
        self.byLiteral = byLiteral
        self.unindexed = unindexed
    }

    /// Calls `body` with each block that may match a path whose next
    /// segment is `segment` (`nil` at the end of the path), in source order.
    func forEachCandidate(for segment: String?, _ body: (CompiledMatch) -> Void) {
        let literal: [Int]
        if let segment, !byLiteral.isEmpty {
            literal = byLiteral[Array(segment.utf8)] ?? []
        } else {
            literal = []
        }
        var nextLiteral = 0
        var nextOther = 0
        while nextLiteral < literal.count || nextOther < unindexed.count {
            if nextOther == unindexed.count || (nextLiteral < literal.count && literal[nextLiteral] < unindexed[nextOther]) {
                body(blocks[literal[nextLiteral]])
                nextLiteral += 1
            } else {
                body(blocks[unindexed[nextOther]])
                nextOther += 1
            }
        }
    }
}
