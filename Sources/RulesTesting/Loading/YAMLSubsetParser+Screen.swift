// Which characters the subset parser reads as libyaml does: anything else
// sends the whole text to libyaml before a node is built.
extension YAMLSubsetParser {
    /// Whether every character is one this parser reads as libyaml does:
    /// `true` for ASCII text, `false` for text with wider characters, `nil`
    /// for anything else (a control character, a tab or carriage return, a
    /// character libyaml takes for a line break or refuses, invalid UTF-8, or
    /// a document marker at the start of a line).
    static func screen(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = bytes.baseAddress else { return true }
        var isASCII = true
        var index = 0
        let count = bytes.count
        var atLineStart = true
        while index < count {
            let first = bytes[index]
            if atLineStart, first == .hyphen || first == .dot, isDocumentMarker(bytes, at: index) { return nil }
            atLineStart = false
            // Eight bytes at a time while all are printable ASCII (what lies between most line breaks).
            while index + 8 <= count, isPrintableASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
            } else if byte == .newline {
                atLineStart = true
                index += 1
            } else if byte < 0x80 {
                return nil
            } else {
                isASCII = false
                guard let length = wideCharacterLength(bytes, at: index) else { return nil }
                index += length
            }
        }
        return isASCII
    }

    /// Whether each byte of `word` is in 0x20...0x7E. A byte below 0x20 (or
    /// at or above 0x80) borrows into its high bit when 0x20 is taken from
    /// it; 0x7F is the byte that becomes zero when xored with 0x7F.
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- ones &* 0x20) & ~word & highs
        let flipped = word ^ (ones &* 0x7F)
        let deletes = (flipped &- ones) & ~flipped & highs
        return (word & highs) | belowSpace | deletes == 0
    }

    /// `---` or `...` followed by a space, a line break or the end.
    private static func isDocumentMarker(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 2 < bytes.count, bytes[index + 1] == bytes[index], bytes[index + 2] == bytes[index] else { return false }
        return index + 3 == bytes.count || bytes[index + 3] == .space || bytes[index + 3] == .newline
    }

    /// The length of the well-formed UTF-8 character at `index`, `nil` when
    /// it is malformed or a character libyaml treats specially: C1 controls
    /// (U+0085 is a line break to libyaml), U+2028 and U+2029 (line breaks),
    /// U+FEFF (a byte-order mark) and the non-characters U+FFFE and U+FFFF.
    private static func wideCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, scalar) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, scalar) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, scalar) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= shortest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        switch scalar {
        case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return nil
        default: return length
        }
    }
}
