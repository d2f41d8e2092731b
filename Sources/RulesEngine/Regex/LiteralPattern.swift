/// A whole-match pattern made of plain characters, alternatives of them and
/// a final `.*` (`text/plain`, `image/.*`, `image/(png|jpeg)`, `a|b`),
/// answered with byte comparisons instead of a PCRE2 match.
///
/// Such a pattern is a short list of alternatives, each a byte string
/// that is either the whole subject or, with `.*`, its start. RE2's `.`
/// matches any character but `\n`, so `prefix.*` matches a subject exactly
/// when the subject starts with the prefix's bytes and the rest holds no
/// `\n`. Only characters that are never special in RE2 count as plain.
struct LiteralPattern: Sendable {
    /// One way the subject can match.
    struct Alternative: Sendable, Equatable {
        /// The bytes the subject is (or starts with, when `allowsRest`).
        let bytes: [UInt8]
        /// Whether `.*` follows the bytes.
        let allowsRest: Bool
    }

    /// Every alternative, in pattern order.
    let alternatives: [Alternative]

    /// More alternatives than this are left to PCRE2.
    private static let alternativeLimit = 64

    /// The shape of `pattern`, or `nil` when it is not made of plain
    /// characters, one group of plain alternatives per branch, and `.*`.
    init?(_ pattern: String) {
        var alternatives: [Alternative] = []
        for branch in Self.topLevelBranches(Array(pattern.utf8)) {
            guard let expanded = Self.expand(branch) else { return nil }
            alternatives += expanded
            guard alternatives.count <= Self.alternativeLimit else { return nil }
        }
        self.alternatives = alternatives
    }

    /// Whether the whole subject matches one of the alternatives.
    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        alternatives.contains { Self.matches(subject, $0) }
    }

    private static func matches(_ subject: UnsafeBufferPointer<UInt8>, _ alternative: Alternative) -> Bool {
        let bytes = alternative.bytes
        guard alternative.allowsRest ? subject.count >= bytes.count : subject.count == bytes.count else { return false }
        var index = 0
        while index < bytes.count {
            if subject[index] != bytes[index] { return false }
            index &+= 1
        }
        guard alternative.allowsRest else { return true }
        while index < subject.count {
            if subject[index] == UInt8(ascii: "\n") { return false }
            index &+= 1
        }
        return true
    }

    // MARK: Recognizing the shape

    /// The pattern split at each `|` outside parentheses.
    private static func topLevelBranches(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var branches: [ArraySlice<UInt8>] = []
        var depth = 0
        var start = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: "|") where depth == 0:
                branches.append(bytes[start..<index])
                start = index + 1
            default: break
            }
        }
        branches.append(bytes[start...])
        return branches
    }

    /// One branch, `plain`, `plain(plain|plain...)plain`, either ending in
    /// `.*`, as the alternatives it stands for.
    private static func expand(_ branch: ArraySlice<UInt8>) -> [Alternative]? {
        var body = branch
        let allowsRest = body.count >= 2 && body.suffix(2).elementsEqual([UInt8(ascii: "."), UInt8(ascii: "*")])
        if allowsRest { body.removeLast(2) }
        guard let open = body.firstIndex(of: UInt8(ascii: "(")) else {
            return body.allSatisfy(isPlain) ? [Alternative(bytes: Array(body), allowsRest: allowsRest)] : nil
        }
        guard let close = body.lastIndex(of: UInt8(ascii: ")")), open < close else { return nil }
        let prefix = body[..<open]
        let suffix = body[(close + 1)...]
        var group = body[(open + 1)..<close]
        if group.starts(with: [UInt8(ascii: "?"), UInt8(ascii: ":")]) { group.removeFirst(2) }
        let choices = group.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
        guard prefix.allSatisfy(isPlain), suffix.allSatisfy(isPlain), choices.allSatisfy({ $0.allSatisfy(isPlain) }) else {
            return nil
        }
        return choices.map { Alternative(bytes: Array(prefix) + Array($0) + Array(suffix), allowsRest: allowsRest) }
    }

    /// Letters, digits and punctuation that RE2 never treats as an operator
    /// outside a class (no `\ . + * ? ( ) | [ ] { } ^ $`), and the bytes of
    /// non-ASCII characters, which always stand for themselves: on valid
    /// UTF-8, equal bytes are equal characters.
    private static func isPlain(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        return switch UnicodeScalar(byte) {
        case "a"..."z", "A"..."Z", "0"..."9", " ", "!", "\"", "#", "%", "&", "'", ",", "-", "/", ":", ";", "<", "=", ">",
            "@", "_", "`", "~":
            true
        default:
            false
        }
    }
}
