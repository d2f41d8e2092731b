/// Random edits of a valid input, for robustness tests: each call applies
/// one to four edits (delete a run, duplicate a run, swap two runs, insert a
/// token of the input's language, truncate, overwrite a byte).
public struct ByteMutator: Sendable {
    /// Fragments of the input's language to insert.
    public var tokens: [String]
    /// The longest run an edit deletes, duplicates or swaps.
    public var maximumRun: Int
    /// Bytes an overwrite may write (e.g. `0...127` to stay ASCII).
    public var overwriteBytes: ClosedRange<UInt8>

    /// Creates a mutator.
    public init(tokens: [String], maximumRun: Int = 40, overwriteBytes: ClosedRange<UInt8> = 0...255) {
        self.tokens = tokens
        self.maximumRun = maximumRun
        self.overwriteBytes = overwriteBytes
    }

    /// `input` with one to four random edits.
    public func mutate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let count = bytes.count
            let start = Int.random(in: 0...count, using: &random)
            let end = min(count, start + Int.random(in: 0...maximumRun, using: &random))
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                bytes.removeSubrange(start..<end)
            case 1:
                bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...count, using: &random))
            case 2:
                let other = Int.random(in: 0...count, using: &random)
                let otherEnd = min(count, other + (end - start))
                guard end <= other || otherEnd <= start else { continue }
                let (first, second) = (Array(bytes[start..<end]), Array(bytes[other..<otherEnd]))
                // Replace the later run first so the earlier range stays valid.
                if start < other {
                    bytes.replaceSubrange(other..<otherEnd, with: first)
                    bytes.replaceSubrange(start..<end, with: second)
                } else {
                    bytes.replaceSubrange(start..<end, with: second)
                    bytes.replaceSubrange(other..<otherEnd, with: first)
                }
            case 3, 4:
                guard let token = tokens.randomElement(using: &random) else { continue }
                bytes.insert(contentsOf: Array(token.utf8), at: start)
            case 5:
                bytes.removeSubrange(start..<count)
            default:
                guard start < count else { continue }
                bytes[start] = UInt8.random(in: overwriteBytes, using: &random)
            }
        }
        return bytes
    }

    /// Up to `maximumTokens` random tokens joined by spaces.
    public func soup(maximumTokens: Int, using random: inout SplitMix64) -> [UInt8] {
        let count = Int.random(in: 1...max(1, maximumTokens), using: &random)
        return Array((0..<count).compactMap { _ in tokens.randomElement(using: &random) }.joined(separator: " ").utf8)
    }
}
