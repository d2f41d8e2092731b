/// JSON string literals (RFC 8259 §7), written by every JSON output of the
/// toolchain: reports, lint output, export records and emulator responses.
public enum JSONStringLiteral {
    /// Appends `text` to `out` as a JSON string literal: `"` and `\` escaped,
    /// control characters as `\b \f \n \r \t` or `\u00XX`, everything else
    /// (non-ASCII included) as it is.
    public static func append(_ text: String, to out: inout String) {
        out.append("\"")
        let utf8 = text.utf8
        // Only ASCII bytes are ever escaped, so every run between them ends
        // on a character boundary and is copied as one slice.
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: text[runStart..<index])
                out.append(escape(byte))
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        out.append(contentsOf: text[runStart..<utf8.endIndex])
        out.append("\"")
    }

    /// `text` as a JSON string literal (see ``append(_:to:)``).
    public static func quoted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out)
        return out
    }

    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        default:
            let digits = Array("0123456789abcdef")
            return "\\u00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
        }
    }
}
