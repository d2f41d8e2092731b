extension Lexer {
    /// Scans a quoted literal: `'..'`, `".."`, triple-quoted `'''..'''` /
    /// `""".."""`, with an optional `r` (raw: no escapes) and/or `b` (bytes)
    /// prefix that runs from `start` to `quoteAt`.
    ///
    /// Strings are decoded to text; in a bytes literal, characters are UTF-8
    /// encoded while `\xHH` and octal escapes each give exactly one byte.
    mutating func scanQuoted(from start: Int, quoteAt: Int, raw: Bool, isBytes: Bool) -> Token {
        let quote = bytes[quoteAt]
        let triple = byte(at: quoteAt + 1) == quote && byte(at: quoteAt + 2) == quote
        let contentStart = quoteAt + (triple ? 3 : 1)
        var index = contentStart
        // The decoded text before `runStart`: filled only once an escape
        // is met, so a literal without one is made from the source at once.
        var decoded: [UInt8] = []
        var runStart = contentStart
        var contentEnd: Int?
        while index < bytes.count {
            let current = bytes[index]
            if current == quote {
                if !triple {
                    contentEnd = index
                    index += 1
                    break
                }
                if byte(at: index + 1) == quote && byte(at: index + 2) == quote {
                    contentEnd = index
                    index += 3
                    break
                }
                index += 1
            } else if !triple && (current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r")) {
                break
            } else if current == UInt8(ascii: "\\") && !raw {
                decoded.append(contentsOf: bytes[runStart..<index])
                index = decodeEscape(at: index, into: &decoded, isBytes: isBytes)
                runStart = index
            } else {
                index += 1
            }
        }
        if contentEnd == nil {
            diagnostics.append(SyntaxMessages.unterminatedString(SourceRange(start: start, end: index)))
            if index >= bytes.count { swallowedRest = true }
        }
        position = index
        let lastRun = bytes[runStart..<min(contentEnd ?? index, bytes.count)]
        if isBytes {
            decoded.append(contentsOf: lastRun)
            return literalToken(.bytes, start: start, end: index, .bytes(decoded))
        }
        guard runStart != contentStart else {
            return literalToken(.string, start: start, end: index, .string(String(decoding: lastRun, as: UTF8.self)))
        }
        decoded.append(contentsOf: lastRun)
        return literalToken(.string, start: start, end: index, .string(String(decoding: decoded, as: UTF8.self)))
    }

    /// Decodes the escape whose backslash is at `index`, appending its UTF-8
    /// (or, for `\x` and octal in bytes literals, its single byte) to
    /// `buffer`. Returns the offset just past the escape.
    private mutating func decodeEscape(at index: Int, into buffer: inout [UInt8], isBytes: Bool) -> Int {
        let letter = byte(at: index + 1)
        switch letter {
        case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "?"):
            buffer.append(letter)
            return index + 2
        case UInt8(ascii: "a"): buffer.append(0x07); return index + 2
        case UInt8(ascii: "b"): buffer.append(0x08); return index + 2
        case UInt8(ascii: "f"): buffer.append(0x0C); return index + 2
        case UInt8(ascii: "n"): buffer.append(0x0A); return index + 2
        case UInt8(ascii: "r"): buffer.append(0x0D); return index + 2
        case UInt8(ascii: "t"): buffer.append(0x09); return index + 2
        case UInt8(ascii: "v"): buffer.append(0x0B); return index + 2
        case UInt8(ascii: "x"), UInt8(ascii: "X"):
            guard let value = hexValue(from: index + 2, digits: 2) else {
                return reportInvalidEscape(at: index, length: 2)
            }
            appendCodeUnit(value, into: &buffer, asByte: isBytes)
            return index + 4
        case UInt8(ascii: "0")...UInt8(ascii: "3"):
            guard byte(at: index + 2).isOctalDigit, byte(at: index + 3).isOctalDigit else {
                return reportInvalidEscape(at: index, length: 2)
            }
            let value = UInt32(letter - 48) << 6 | UInt32(byte(at: index + 2) - 48) << 3 | UInt32(byte(at: index + 3) - 48)
            appendCodeUnit(value, into: &buffer, asByte: isBytes)
            return index + 4
        case UInt8(ascii: "u"):
            return decodeUTF16Escape(at: index, into: &buffer)
        case UInt8(ascii: "U"):
            guard let value = hexValue(from: index + 2, digits: 8) else {
                return reportInvalidEscape(at: index, length: 2)
            }
            guard let scalar = Unicode.Scalar(value) else {
                return reportInvalidEscape(at: index, length: 10)
            }
            Self.appendUTF8(scalar, to: &buffer)
            return index + 10
        default:
            // A backslash before a line break or the end of the file: let the
            // caller report the string as unterminated instead.
            if letter == 0 && index + 1 >= bytes.count { return index + 1 }
            if letter == UInt8(ascii: "\n") || letter == UInt8(ascii: "\r") {
                diagnostics.append(SyntaxMessages.invalidEscape("\\", SourceRange(start: index, end: index + 1)))
                return index + 1
            }
            let length = 1 + Self.scalarLength(leadingByte: letter)
            return reportInvalidEscape(at: index, length: length)
        }
    }

    /// `\uHHHH`: one UTF-16 code unit; a high surrogate must be followed
    /// directly by a `\uHHHH` low surrogate, and the pair gives one scalar.
    private mutating func decodeUTF16Escape(at index: Int, into buffer: inout [UInt8]) -> Int {
        guard let unit = hexValue(from: index + 2, digits: 4) else {
            return reportInvalidEscape(at: index, length: 2)
        }
        if let scalar = Unicode.Scalar(unit) {
            Self.appendUTF8(scalar, to: &buffer)
            return index + 6
        }
        if (0xD800...0xDBFF).contains(unit),
            byte(at: index + 6) == UInt8(ascii: "\\"), byte(at: index + 7) == UInt8(ascii: "u"),
            let low = hexValue(from: index + 8, digits: 4), (0xDC00...0xDFFF).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        {
            Self.appendUTF8(scalar, to: &buffer)
            return index + 12
        }
        let text = String(decoding: bytes[index..<index + 6], as: UTF8.self)
        diagnostics.append(SyntaxMessages.loneSurrogate(text, SourceRange(start: index, end: index + 6)))
        return index + 6
    }

    /// Appends a code point from `\x` or octal: one byte in bytes literals,
    /// the UTF-8 of U+00HH in strings.
    private func appendCodeUnit(_ value: UInt32, into buffer: inout [UInt8], asByte: Bool) {
        if asByte {
            buffer.append(UInt8(truncatingIfNeeded: value))
        } else if let scalar = Unicode.Scalar(value) {
            Self.appendUTF8(scalar, to: &buffer)
        }
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        UTF8.encode(scalar) { buffer.append($0) }
    }

    /// The value of exactly `digits` hex digits starting at `offset`, if present.
    private func hexValue(from offset: Int, digits: Int) -> UInt32? {
        var value: UInt32 = 0
        for index in offset..<(offset + digits) {
            let digit = byte(at: index)
            guard digit.isHexDigit else { return nil }
            value = value << 4 | UInt32(digit.hexValue)
        }
        return value
    }

    private mutating func reportInvalidEscape(at index: Int, length: Int) -> Int {
        var end = min(index + length, bytes.count)
        // Never stop inside a line break: the string scanner must still see it.
        while end > index + 1, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        diagnostics.append(SyntaxMessages.invalidEscape(text, SourceRange(start: index, end: end)))
        return end
    }
}
