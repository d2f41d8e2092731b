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

    /// Whether a token of this kind carries a decoded value (``TokenValue``):
    /// `int`, `float`, `string` and `bytes`, declared in a row.
    @inline(__always)
    var isLiteral: Bool {
        rawValue &- TokenKind.int.rawValue <= TokenKind.bytes.rawValue &- TokenKind.int.rawValue
    }

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
        let count = bytes.count
        guard count >= 2 else { return nil }
        guard count <= 8 else {
            return count == 13 && bytes.elementsEqual("rules_version".utf8) ? .rulesVersion : nil
        }
        // A word of two to eight bytes is compared as one integer: its
        // bytes little-endian, the first byte lowest ("if" is 0x6669).
        let word = bytes.withUnsafeBufferPointer { $0.littleEndianWord(from: 0, count: count) }
        let kind: TokenKind
        switch word {
        case 0x6669: kind = .if
        case 0x6e69: kind = .in
        case 0x7369: kind = .is
        case 0x74_656c: kind = .let
        case 0x6575_7274: kind = .true
        case 0x6c6c_756e: kind = .null
        case 0x68_6374_616d: kind = .match
        case 0x77_6f6c_6c61: kind = .allow
        case 0x65_736c_6166: kind = .false
        case 0x6e72_7574_6572: kind = .return
        case 0x65_6369_7672_6573: kind = .service
        case 0x6e6f_6974_636e_7566: kind = .function
        default: return nil
        }
        // A word ending in NUL bytes makes the same integer as the shorter
        // word: its length must be the keyword's (the highest nonzero byte's).
        return count == (64 - word.leadingZeroBitCount + 7) / 8 ? kind : nil
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

/// One token: its kind and its byte range. A literal's decoded value
/// comes separately (``Lexer/takeLiteral()``): the parser copies tokens
/// at every step, and a value in each would be copied and destroyed with
/// it.
struct Token: Sendable {
    /// What the token is.
    var kind: TokenKind
    /// Offset of the first byte.
    var start: Int
    /// Offset one past the last byte.
    var end: Int

    /// The token's byte range.
    var range: SourceRange { SourceRange(start: start, end: end) }
}
