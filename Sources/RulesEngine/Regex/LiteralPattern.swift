/// A whole-match pattern made of plain characters, optionally followed by
/// `.*` (`text/plain`, `image/.*`), answered with byte comparisons instead
/// of a PCRE2 match.
///
/// RE2's `.` matches any character but `\n`, so `prefix.*` matches a
/// subject exactly when the subject starts with the prefix's bytes and the
/// rest holds no `\n`; a plain pattern matches only its own bytes. Only
/// characters that are never special in RE2 count as plain.
struct LiteralPattern: Sendable {
    /// The bytes the subject starts with (all of it without `.*`).
    let prefix: [UInt8]
    /// Whether `.*` follows the prefix.
    let allowsRest: Bool

    /// The shape of `pattern`, or `nil` when it is not a plain prefix.
    init?(_ pattern: String) {
        var bytes = Array(pattern.utf8)
        let dotStar: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: "*")]
        allowsRest = bytes.count >= 2 && Array(bytes.suffix(2)) == dotStar
        if allowsRest { bytes.removeLast(2) }
        guard bytes.allSatisfy(Self.isPlain) else { return nil }
        prefix = bytes
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

    /// Whether the whole subject matches.
    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        guard allowsRest ? subject.count >= prefix.count : subject.count == prefix.count else { return false }
        var index = 0
        while index < prefix.count {
            if subject[index] != prefix[index] { return false }
            index &+= 1
        }
        guard allowsRest else { return true }
        while index < subject.count {
            if subject[index] == UInt8(ascii: "\n") { return false }
            index &+= 1
        }
        return true
    }
}
