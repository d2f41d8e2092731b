/// Turns the UTF-8 bytes of a rules file into tokens, on demand.
///
/// The parser pulls one token at a time with ``next()``. Match paths and
/// path literals are not tokenized here: where the grammar expects one, the
/// parser moves ``position`` back to the `/` and scans the path itself (see
/// `Lexer+Paths.swift`), because the same characters mean different things
/// inside a path.
///
/// Problems (unterminated strings, bad escapes, ...) are appended to
/// ``diagnostics`` and a best-effort token is still returned, so parsing
/// always continues.
struct Lexer: Sendable {
    /// The file's bytes.
    let bytes: [UInt8]
    /// Offset of the next byte to read.
    var position: Int = 0
    /// Problems found so far.
    var diagnostics: [Diagnostic] = []
    /// Set when an unterminated block comment or triple-quoted string ran to
    /// the end of the file, so the parser's complaints about the missing
    /// rest would only repeat that error.
    var swallowedRest = false
    /// Every comment skipped so far (`//` and `/* */`, delimiters included),
    /// in source order, each once even when the parser re-lexes a stretch;
    /// the formatter puts them back.
    var comments: [SourceRange] = []
    /// The names read so far, for ``name(from:to:)``.
    private var names = NameCache()
    /// The decoded value of the last literal token scanned, until taken.
    private var literal: TokenValue = .none

    /// Creates a lexer over a file's bytes.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not part of the text.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    /// The byte at an offset, or 0 past the end (0 never starts a token).
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    /// A literal token, its decoded value kept for ``takeLiteral()``.
    mutating func literalToken(_ kind: TokenKind, start: Int, end: Int, _ value: TokenValue) -> Token {
        literal = value
        return Token(kind: kind, start: start, end: end)
    }

    /// The decoded value of the literal token just scanned (moved out).
    mutating func takeLiteral() -> TokenValue {
        var value = TokenValue.none
        swap(&value, &literal)
        return value
    }

    /// The text of `bytes[start..<end]`, a name or a path segment: made
    /// once for each distinct name.
    mutating func name(from start: Int, to end: Int) -> String {
        names.name(in: bytes, from: start, to: end)
    }

    /// Scans the next token, skipping whitespace and comments.
    mutating func next() -> Token {
        skipTrivia()
        while position < bytes.count, Self.isControl(bytes[position]) {
            skipControlCharacters()
            skipTrivia()
        }
        let start = position
        guard start < bytes.count else {
            return Token(kind: .endOfFile, start: bytes.count, end: bytes.count)
        }
        let first = bytes[start]
        if first.isIdentifierStart {
            return scanWordOrPrefixedString(from: start)
        }
        if first.isDigit || (first == UInt8(ascii: ".") && byte(at: start + 1).isDigit) {
            return scanNumber(from: start)
        }
        if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") {
            return scanQuoted(from: start, quoteAt: start, raw: false, isBytes: false)
        }
        return scanPunctuation(from: start, first: first)
    }

    /// Whether a byte is a control character that is not whitespace (NUL, BEL, DEL...).
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && !byte.isWhitespace) || byte == 0x7F
    }

    /// Reports a run of control characters once, naming the first, and skips it.
    private mutating func skipControlCharacters() {
        let start = position
        while position < bytes.count, Self.isControl(bytes[position]) { position += 1 }
        diagnostics.append(SyntaxMessages.controlCharacter(bytes[start], SourceRange(start: start, end: position)))
    }

    /// Skips spaces, tabs, line breaks, form feeds and comments.
    mutating func skipTrivia() {
        while true {
            position = Self.end(of: bytes, from: position) { $0.isWhitespace }
            guard byte(at: position) == UInt8(ascii: "/") else { return }
            let start = position
            switch byte(at: position + 1) {
            case UInt8(ascii: "/"):
                position = Self.end(of: bytes, from: position) { $0 != UInt8(ascii: "\n") }
            case UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
            recordComment(SourceRange(start: start, end: position))
        }
    }

    /// The offset of the first byte from `start` on that is not `included`
    /// (the end of the bytes if none): a scan through the bytes' storage, so
    /// that each step is one load and one test.
    @inline(__always)
    static func end(of bytes: [UInt8], from start: Int, while included: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count && included(buffer[index]) { index += 1 }
            return index
        }
    }

    /// Keeps a comment unless an earlier pass over the same bytes (a
    /// look-ahead the parser then rewound) already did.
    private mutating func recordComment(_ range: SourceRange) {
        guard let last = comments.last, last.start >= range.start else {
            comments.append(range)
            return
        }
        if !comments.contains(range) {
            let index = comments.firstIndex { $0.start > range.start } ?? comments.count
            comments.insert(range, at: index)
        }
    }

    private mutating func skipBlockComment() {
        let start = position
        position += 2
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "*") && byte(at: position + 1) == UInt8(ascii: "/") {
                position += 2
                return
            }
            position += 1
        }
        diagnostics.append(SyntaxMessages.unterminatedComment(SourceRange(start: start, end: start + 2)))
        swallowedRest = true
    }

    /// An identifier, a keyword, or a string/bytes literal with a `r`/`b`/`br` prefix.
    private mutating func scanWordOrPrefixedString(from start: Int) -> Token {
        let end = identifierEnd(from: start)
        let quote = byte(at: end)
        if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
            switch end - start {
            case 1:
                let prefix = bytes[start] | 0x20  // ASCII lowercase
                if prefix == UInt8(ascii: "r") {
                    return scanQuoted(from: start, quoteAt: end, raw: true, isBytes: false)
                }
                if prefix == UInt8(ascii: "b") {
                    return scanQuoted(from: start, quoteAt: end, raw: false, isBytes: true)
                }
            case 2:
                if bytes[start] | 0x20 == UInt8(ascii: "b") && bytes[start + 1] | 0x20 == UInt8(ascii: "r") {
                    return scanQuoted(from: start, quoteAt: end, raw: true, isBytes: true)
                }
            default:
                break
            }
        }
        position = end
        let kind = TokenKind.keyword(bytes[start..<end]) ?? .identifier
        return Token(kind: kind, start: start, end: end)
    }

    private mutating func scanPunctuation(from start: Int, first: UInt8) -> Token {
        let second = byte(at: start + 1)
        var length = 1
        let kind: TokenKind
        switch first {
        case UInt8(ascii: "{"): kind = .leftBrace
        case UInt8(ascii: "}"): kind = .rightBrace
        case UInt8(ascii: "("): kind = .leftParen
        case UInt8(ascii: ")"): kind = .rightParen
        case UInt8(ascii: "["): kind = .leftBracket
        case UInt8(ascii: "]"): kind = .rightBracket
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: ";"): kind = .semicolon
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: "."): kind = .dot
        case UInt8(ascii: "?"): kind = .question
        case UInt8(ascii: "+"): kind = .plus
        case UInt8(ascii: "-"): kind = .minus
        case UInt8(ascii: "*"): kind = .star
        case UInt8(ascii: "/"): kind = .slash
        case UInt8(ascii: "%"): kind = .percent
        case UInt8(ascii: "="):
            if second == UInt8(ascii: "=") { kind = .equal; length = 2 } else { kind = .assign }
        case UInt8(ascii: "!"):
            if second == UInt8(ascii: "=") { kind = .notEqual; length = 2 } else { kind = .bang }
        case UInt8(ascii: "<"):
            if second == UInt8(ascii: "=") { kind = .lessOrEqual; length = 2 } else { kind = .less }
        case UInt8(ascii: ">"):
            if second == UInt8(ascii: "=") { kind = .greaterOrEqual; length = 2 } else { kind = .greater }
        case UInt8(ascii: "&"):
            if second == UInt8(ascii: "&") { kind = .and; length = 2 } else { kind = .invalid }
        case UInt8(ascii: "|"):
            if second == UInt8(ascii: "|") { kind = .or; length = 2 } else { kind = .invalid }
        default:
            kind = .invalid
            length = Self.scalarLength(leadingByte: first)
        }
        position = min(start + length, bytes.count)
        return Token(kind: kind, start: start, end: position)
    }

    /// The number of bytes of the UTF-8 sequence a leading byte starts, so an
    /// invalid-character token always covers a whole character.
    static func scalarLength(leadingByte: UInt8) -> Int {
        switch leadingByte {
        case 0xF0...0xFF: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}

extension UInt8 {
    /// `[A-Za-z_]`.
    @inline(__always)
    var isIdentifierStart: Bool {
        (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") || self == UInt8(ascii: "_")
    }

    /// `[A-Za-z0-9_]`.
    @inline(__always)
    var isIdentifierContinue: Bool { isIdentifierStart || isDigit }

    /// `[0-9]`.
    @inline(__always)
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// `[0-9A-Fa-f]`.
    @inline(__always)
    var isHexDigit: Bool {
        isDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }

    /// The value of a hex digit (only meaningful when ``isHexDigit``).
    @inline(__always)
    var hexValue: UInt8 { isDigit ? self - UInt8(ascii: "0") : (self | 0x20) - UInt8(ascii: "a") + 10 }

    /// `[0-7]`.
    @inline(__always)
    var isOctalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "7") }

    /// Space, tab, line feed, carriage return, form feed.
    @inline(__always)
    var isWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0x0C
    }
}
