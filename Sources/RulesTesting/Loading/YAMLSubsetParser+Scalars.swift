// Scalars: plain and quoted on one line, literal blocks over several.
extension YAMLSubsetParser.Parser {
    /// A plain scalar on one line, without its trailing spaces. It ends
    /// before `: ` (or `:` at the line's end), before ` #`, at the line's
    /// end and, in a flow collection, before `,`, `[`, `]`, `{` or `}`.
    /// `isKey`: the scalar is a mapping's key (see ``keyScalar(_:style:mark:)``).
    mutating func plainScalar(inFlow: Bool, isKey: Bool = false) throws(Unsupported) -> YAMLNode.Scalar {
        let start = position
        let first = byte()
        switch first {
        case .hyphen:
            let next = byte(at: position + 1)
            guard !isBlankOrEnd(next), !(inFlow && isFlowIndicator(next)) else { throw Unsupported() }
        case .questionMark, .colon, .comma, .openBracket, .closeBracket, .openBrace, .closeBrace, .hash, .ampersand,
            .asterisk, .exclamation, .pipe, .greaterThan, .singleQuote, .doubleQuote, .percent, .at, .backtick,
            .space, .newline, 0:
            throw Unsupported()
        default:
            break
        }
        let mark = self.mark()
        var end = position
        // Scanned with a local index, stored back once: the parser's own
        // position was written to memory at every byte.
        var index = position
        let count = bytes.count
        scan: while true {
            let run = index
            while index < count && !Self.mayEndPlainScalar(bytes[index]) { index &+= 1 }
            if index > run { end = index }
            let byte = byte(at: index)
            switch byte {
            case .newline, 0:
                break scan
            case .space:
                index &+= 1
                continue scan
            case .colon:
                if isBlankOrEnd(self.byte(at: index &+ 1)) { break scan }
                if inFlow { throw Unsupported() }
            case .hash:
                if self.byte(at: index &- 1) == .space { break scan }
                if inFlow { throw Unsupported() }
            case .comma, .openBracket, .closeBracket, .openBrace, .closeBrace:
                if inFlow { break scan }
            case .questionMark:
                if inFlow { throw Unsupported() }
            default:
                break
            }
            index &+= 1
            end = index
        }
        position = end
        if isKey { return keyScalar(start..<end, style: .plain, mark: mark) }
        return YAMLNode.Scalar(string: text(start..<end), style: .plain, mark: mark)
    }

    /// A mapping's key, with the ``SuiteKey`` its text names. A key the
    /// loader interns gets its name's string literal, the same text at no
    /// cost, where decoding the bytes made a string (about 160 instructions;
    /// a case has five or six keys).
    func keyScalar(_ range: Range<Int>, style: YAMLNode.Style, mark: YAMLNode.Mark) -> YAMLNode.Scalar {
        let key = SuiteKey(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
        return YAMLNode.Scalar(string: key == .other ? text(range) : key.text, style: style, mark: mark, key: key)
    }

    /// Whether a byte is one ``plainScalar(inFlow:)`` must look at: a line
    /// break, a space, `#`, `,`, `:`, `?`, a bracket or a brace (or NUL, the end).
    /// Two masks instead of a table: no memory to load.
    @inline(__always)
    static func mayEndPlainScalar(_ byte: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x00 | 1 << 0x0A | 1 << 0x20 | 1 << 0x23 | 1 << 0x2C | 1 << 0x3A | 1 << 0x3F
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        if byte < 64 { return low >> byte & 1 != 0 }
        if byte < 128 { return high >> (byte - 64) & 1 != 0 }
        return false
    }

    /// A single- or double-quoted scalar on one line. `isKey`: the scalar
    /// is a mapping's key (see ``keyScalar(_:style:mark:)``).
    mutating func quotedScalar(isKey: Bool = false) throws(Unsupported) -> YAMLNode.Scalar {
        let mark = self.mark()
        let quote = byte()
        position += 1
        let start = position
        // Scalars without escapes are read in place.
        while true {
            let byte = byte()
            if byte == quote {
                if quote == .singleQuote && self.byte(at: position + 1) == .singleQuote { break }
                position += 1
                let range = start..<position - 1
                let style: YAMLNode.Style = quote == .singleQuote ? .singleQuoted : .doubleQuoted
                if isKey { return keyScalar(range, style: style, mark: mark) }
                return YAMLNode.Scalar(string: text(range), style: style, mark: mark)
            }
            if byte == .backslash && quote == .doubleQuote { break }
            if byte == .newline || byte == 0 { throw Unsupported() }
            position += 1
        }
        var unescaped = Array(bytes[start..<position])
        while true {
            let byte = byte()
            switch byte {
            case .newline, 0:
                throw Unsupported()
            case quote where quote == .singleQuote:
                if self.byte(at: position + 1) == .singleQuote {
                    unescaped.append(.singleQuote)
                    position += 2
                    continue
                }
                position += 1
                return YAMLNode.Scalar(string: String(decoding: unescaped, as: UTF8.self), style: .singleQuoted, mark: mark)
            case quote:
                position += 1
                return YAMLNode.Scalar(string: String(decoding: unescaped, as: UTF8.self), style: .doubleQuoted, mark: mark)
            case .backslash where quote == .doubleQuote:
                try unescape(into: &unescaped)
            default:
                unescaped.append(byte)
                position += 1
            }
        }
    }

    /// One escape of a double-quoted scalar, at its backslash: the
    /// escapes JSON has, and `\x`, `\U` and a space. Others go to libyaml.
    mutating func unescape(into unescaped: inout [UInt8]) throws(Unsupported) {
        let letter = byte(at: position + 1)
        position += 2
        let digits: Int
        switch letter {
        case .backslash, .doubleQuote, .slash, .space:
            unescaped.append(letter)
            return
        case UInt8(ascii: "n"): unescaped.append(0x0A); return
        case UInt8(ascii: "t"): unescaped.append(0x09); return
        case UInt8(ascii: "r"): unescaped.append(0x0D); return
        case UInt8(ascii: "b"): unescaped.append(0x08); return
        case UInt8(ascii: "f"): unescaped.append(0x0C); return
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: throw Unsupported()
        }
        var value = try hexDigits(digits)
        // JSON writes a character beyond the BMP as two `\u` escapes, a
        // surrogate pair (Python's `json.dumps` does by default); libyaml
        // refuses each half, so the pair is joined here.
        if digits == 4, (0xD800...0xDBFF).contains(value), byte() == .backslash, byte(at: position + 1) == UInt8(ascii: "u") {
            position += 2
            let low = try hexDigits(4)
            guard (0xDC00...0xDFFF).contains(low) else { throw Unsupported() }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        // NUL and the characters libyaml refuses or breaks lines at go to it.
        guard value != 0, let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value),
            value != 0x2028, value != 0x2029 else { throw Unsupported() }
        unescaped.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// The value of the next `count` hexadecimal digits, read past.
    private mutating func hexDigits(_ count: Int) throws(Unsupported) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = Self.hexValue(byte()) else { throw Unsupported() }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A literal block scalar (`|`, `|-` or `|+`) whose lines are indented
    /// more than `parentIndent`, the block collection around it. Returns
    /// at the first non-empty line indented less than its first line, or
    /// at the end. An indentation indicator, a comment after the header,
    /// empty lines before the first line and an empty scalar go to libyaml.
    mutating func literalScalar(parentIndent: Int) throws(Unsupported) -> YAMLNode.Scalar {
        let mark = self.mark()
        position += 1
        enum Chomping { case clip, strip, keep }
        var chomping = Chomping.clip
        switch byte() {
        case .hyphen: chomping = .strip; position += 1
        case .plus: chomping = .keep; position += 1
        default: break
        }
        skipSpaces()
        guard byte() == .newline else { throw Unsupported() }
        nextLine()
        let indent = countSpaces()
        guard indent > parentIndent, !isBlankOrEnd(byte(at: position + indent)) else { throw Unsupported() }
        var text: [UInt8] = []
        // The break after the last content line, and the empty lines after it.
        var endsWithBreak = false
        var trailingBreaks = 0
        while position < bytes.count {
            let spaces = countSpaces()
            let first = byte(at: position + spaces)
            if first == .newline || first == 0 {
                if spaces <= indent {
                    position += spaces
                    guard first == .newline else { break }
                    trailingBreaks += 1
                    nextLine()
                    continue
                }
            } else if spaces < indent {
                break
            }
            // A content line: the breaks before it, then its text after the indent.
            if endsWithBreak { text.append(.newline) }
            text.append(contentsOf: repeatElement(UInt8.newline, count: trailingBreaks))
            trailingBreaks = 0
            let start = position + indent
            position = start
            while byte() != .newline && position < bytes.count { position += 1 }
            text.append(contentsOf: bytes[start..<position])
            endsWithBreak = byte() == .newline
            if endsWithBreak { nextLine() }
        }
        switch chomping {
        case .strip: break
        case .clip: if endsWithBreak { text.append(.newline) }
        case .keep:
            if endsWithBreak { text.append(.newline) }
            text.append(contentsOf: repeatElement(UInt8.newline, count: trailingBreaks))
        }
        return YAMLNode.Scalar(string: String(decoding: text, as: UTF8.self), style: .literal, mark: mark)
    }
}
