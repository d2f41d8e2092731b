/// The kinds of token the rules lexer produces.
///
/// Method names (`read`, `get`, ...) and type names are not keywords: they
/// arrive as ``identifier`` and the parser gives them meaning by position.
enum TokenKind: UInt8, Sendable {
    case endOfFile
    case identifier
    case int
    case float
    case string
    case bytes

    // Keywords.
    case rulesVersion
    case service
    case match
    case allow
    case `if`
    case function
    case `return`
    case `let`
    case `true`
    case `false`
    case null
    case `in`
    case `is`

    // Punctuation.
    case leftBrace
    case rightBrace
    case leftParen
    case rightParen
    case leftBracket
    case rightBracket
    case comma
    case semicolon
    case colon
    case dot
    case question
    case assign
    case equal
    case notEqual
    case less
    case lessOrEqual
    case greater
    case greaterOrEqual
    case bang
    case and
    case or
    case plus
    case minus
    case star
    case slash
    case percent

    /// A character that starts no token (`#`, `$`, a lone `&`, ...).
    case invalid

    /// Whether the token is a keyword, i.e. shaped like an identifier but reserved.
    var isKeyword: Bool {
        switch self {
        case .rulesVersion, .service, .match, .allow, .if, .function, .return, .let,
            .true, .false, .null, .in, .is:
            true
        default:
            false
        }
    }

    /// The keyword kind for an identifier-shaped word, if it is one.
    static func keyword(_ bytes: ArraySlice<UInt8>) -> TokenKind? {
        guard bytes.count >= 2 else { return nil }
        guard bytes.count <= 8 else {
            return bytes.count == 13 && bytes.elementsEqual("rules_version".utf8) ? .rulesVersion : nil
        }
        // A word of two to eight bytes is compared as one integer: its
        // bytes little-endian, the first byte lowest ("if" is 0x6669).
        var word: UInt64 = 0
        for byte in bytes.reversed() { word = word << 8 | UInt64(byte) }
        // The length is compared too: a NUL byte would not change the integer.
        switch (bytes.count, word) {
        case (2, 0x6669): return .if
        case (2, 0x6e69): return .in
        case (2, 0x7369): return .is
        case (3, 0x74_656c): return .let
        case (4, 0x6575_7274): return .true
        case (4, 0x6c6c_756e): return .null
        case (5, 0x68_6374_616d): return .match
        case (5, 0x77_6f6c_6c61): return .allow
        case (5, 0x65_736c_6166): return .false
        case (6, 0x6e72_7574_6572): return .return
        case (7, 0x65_6369_7672_6573): return .service
        case (8, 0x6e6f_6974_636e_7566): return .function
        default: return nil
        }
    }
}

/// The decoded value a literal token carries.
enum TokenValue: Sendable {
    /// No value (punctuation, keywords, identifiers: their text is in the source).
    case none
    /// An integer literal's magnitude; `nil` when it does not fit in 64 bits.
    /// The sign is applied by the parser, which folds a leading `-`.
    case int(UInt64?)
    /// A float literal.
    case float(Double)
    /// A string literal with escapes decoded.
    case string(String)
    /// A bytes literal with escapes decoded.
    case bytes([UInt8])
}

/// One token: its kind, its byte range and, for literals, its decoded value.
struct Token: Sendable {
    /// What the token is.
    var kind: TokenKind
    /// Offset of the first byte.
    var start: Int
    /// Offset one past the last byte.
    var end: Int
    /// The decoded literal value.
    var value: TokenValue = .none

    /// The token's byte range.
    var range: SourceRange { SourceRange(start: start, end: end) }
}
