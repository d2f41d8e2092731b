/// Sibling match blocks indexed by the literal that starts their pattern,
/// so that matching a request path tries only the blocks that can match
/// its next segment instead of every block.
///
/// A block whose pattern starts with a wildcard (or is empty) can match any
/// segment and is always tried. Candidates come out in source order, the
/// order in which an exhaustive walk would have tried them, so matches,
/// explanations and traces are unchanged.
struct BlockDispatch: Sendable {
    /// Positions among the siblings of the blocks starting with each literal,
    /// ascending, keyed by a hash of the literal's UTF-8 bytes: literals
    /// match by exact code units, never by canonical equivalence as `String`
    /// keys would, and hashing the bytes in place needs no allocation. Two
    /// literals with one hash share a list; the matcher's literal
    /// comparison drops the block that does not match.
    private let byLiteral: [UInt64: [Int]]
    /// Positions of the blocks that do not start with a literal, ascending.
    private let unindexed: [Int]

    /// Fewer siblings than this are all tried (``MatchTree`` builds no
    /// index for them): a lookup by literal costs more than trying a
    /// handful of blocks.
    static let indexingThreshold = 8

    init(_ blocks: [CompiledMatch]) {
        var byLiteral: [UInt64: [Int]] = [:]
        var unindexed: [Int] = []
        for (position, block) in blocks.enumerated() {
            if case .literal(let text)? = block.path.segments.first?.kind {
                byLiteral[Self.literalKey(text), default: []].append(position)
            } else {
                unindexed.append(position)
            }
        }
        self.byLiteral = byLiteral
        self.unindexed = unindexed
    }

    /// FNV-1a over the UTF-8 bytes.
    private static func literalKey(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Calls `body` with the position among the siblings of each block that
    /// may match a path whose next segment is `segment` (`nil` at the end of
    /// the path), in source order, until it returns `true`.
    func forEachCandidate(for segment: String?, _ body: (Int) -> Bool) {
        let literal: [Int]
        if let segment, !byLiteral.isEmpty {
            literal = byLiteral[Self.literalKey(segment)] ?? []
        } else {
            literal = []
        }
        var nextLiteral = 0
        var nextOther = 0
        while nextLiteral < literal.count || nextOther < unindexed.count {
            if nextOther == unindexed.count || (nextLiteral < literal.count && literal[nextLiteral] < unindexed[nextOther]) {
                if body(literal[nextLiteral]) { return }
                nextLiteral += 1
            } else {
                if body(unindexed[nextOther]) { return }
                nextOther += 1
            }
        }
    }
}
