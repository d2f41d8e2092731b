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
        // Dispatch on length first so most identifiers are rejected after one comparison.
        switch bytes.count {
        case 2:
            if bytes.elementsEqual("if".utf8) { return .if }
            if bytes.elementsEqual("in".utf8) { return .in }
            if bytes.elementsEqual("is".utf8) { return .is }
        case 3:
            if bytes.elementsEqual("let".utf8) { return .let }
        case 4:
            if bytes.elementsEqual("true".utf8) { return .true }
            if bytes.elementsEqual("null".utf8) { return .null }
        case 5:
            if bytes.elementsEqual("match".utf8) { return .match }
            if bytes.elementsEqual("allow".utf8) { return .allow }
            if bytes.elementsEqual("false".utf8) { return .false }
        case 6:
            if bytes.elementsEqual("return".utf8) { return .return }
        case 7:
            if bytes.elementsEqual("service".utf8) { return .service }
        case 8:
            if bytes.elementsEqual("function".utf8) { return .function }
        case 13:
            if bytes.elementsEqual("rules_version".utf8) { return .rulesVersion }
        default:
            break
        }
        return nil
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
