/// Parses rules files.
public enum Parser {
    /// Parses a whole file, recovering from errors.
    ///
    /// Always returns a tree: constructs that could not be parsed become
    /// ``ExprKind/invalid`` expressions or are left out, and every problem is
    /// in ``ParseResult/diagnostics`` (sorted by position). Expression ids are
    /// assigned in source order, parents before children, starting at 0.
    public static func parse(_ source: SourceFile) -> ParseResult {
        var parser = RulesParser(bytes: source.bytes)
        var ruleset = parser.parseRuleset()
        var expressionCount = parser.nextExpressionID
        if !parser.diagnostics.isEmpty || !parser.lexer.diagnostics.isEmpty {
            // Recovery may have dropped expressions it had taken, leaving
            // gaps in the ids.
            var numbering = ExpressionNumbering()
            ruleset = numbering.number(ruleset)
            expressionCount = numbering.nextID
        }
        let diagnostics = (parser.diagnostics + parser.lexer.diagnostics).enumerated().sorted {
            ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
        }.map(\.element)
        return ParseResult(
            source: source, ruleset: ruleset, diagnostics: diagnostics, expressionCount: expressionCount,
            comments: parser.lexer.comments)
    }
}

/// The recursive-descent parser's state: the token stream, the diagnostics
/// and the guards that keep recovery and recursion bounded.
///
/// Grammar areas live in extensions: declarations (`Parser+Declarations`),
/// match blocks and paths (`Parser+Match`), expressions
/// (`Parser+Expressions`) and operands (`Parser+Operands`).
struct RulesParser {
    /// Deepest expression nesting (parentheses, unary chains, operands of
    /// operands...) and tallest expression tree accepted; beyond it the
    /// expression is rejected as too complex, so adversarial input cannot
    /// exhaust the stack while parsing or while later passes walk the tree.
    static let maxExpressionDepth = 256
    /// Deepest `match` nesting accepted.
    static let maxMatchDepth = 64

    let bytes: [UInt8]
    var lexer: Lexer
    /// The token being looked at.
    var current: Token
    /// The decoded value of ``current`` when it is a literal (stale
    /// otherwise); ``takeLiteral()`` moves it out.
    private var currentLiteral: TokenValue = .none
    /// A token scanned ahead of ``current`` by ``peek()``, and its value.
    private var peeked: Token?
    private var peekedLiteral: TokenValue = .none
    /// End offset of the last consumed token.
    var previousEnd = 0
    /// Parser diagnostics (the lexer keeps its own).
    var diagnostics: [Diagnostic] = []
    /// Set after a syntax error and cleared at the next statement boundary;
    /// while set, further syntax errors are dropped as likely cascades.
    var recovering = false
    /// Current expression recursion depth.
    var expressionDepth = 0
    /// Current `match` nesting depth.
    var matchDepth = 0
    /// Expressions being read, until ``take(_:)`` makes each a tree.
    var pending = PendingExpressions()
    /// The positions of the elements of the sequences being read, the
    /// innermost sequence's last (see ``parseSequence(closing:closingSpelling:allowTrailingComma:)``).
    var sequenceElements: [Int] = []
    /// The id the next expression taken starts at.
    var nextExpressionID = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var lexer = Lexer(bytes: bytes)
        self.current = lexer.next()
        if current.kind.isLiteral { currentLiteral = lexer.takeLiteral() }
        self.lexer = lexer
    }

    // MARK: Tokens

    /// Moves to the next token.
    mutating func advance() {
        previousEnd = current.end
        if let next = peeked {
            current = next
            peeked = nil
            if next.kind.isLiteral { swap(&currentLiteral, &peekedLiteral) }
        } else {
            scanCurrent()
        }
    }

    /// Scans the next token into ``current``.
    private mutating func scanCurrent() {
        current = lexer.next()
        if current.kind.isLiteral { currentLiteral = lexer.takeLiteral() }
    }

    /// The decoded value of ``current``, a literal token (moved out: taken once).
    mutating func takeLiteral() -> TokenValue {
        var value = TokenValue.none
        swap(&value, &currentLiteral)
        return value
    }

    /// The token after ``current``, scanned once and kept for ``advance()``.
    mutating func peek() -> Token {
        if let peeked { return peeked }
        let next = lexer.next()
        peeked = next
        if next.kind.isLiteral { peekedLiteral = lexer.takeLiteral() }
        return next
    }

    /// Restarts tokenizing at a byte offset (after a path was scanned by hand).
    mutating func resumeLexing(at offset: Int) {
        peeked = nil
        lexer.position = offset
        previousEnd = offset
        scanCurrent()
    }

    /// Whether the current token has the given kind.
    func at(_ kind: TokenKind) -> Bool { current.kind == kind }

    /// Consumes the current token if it has the given kind.
    mutating func consume(_ kind: TokenKind) -> Bool {
        guard current.kind == kind else { return false }
        advance()
        return true
    }

    /// The source text of a token, as quoted in messages.
    func text(of token: Token) -> String {
        if token.kind == .endOfFile { return "<EOF>" }
        let end = min(token.end, token.start + 40)
        let text = String(decoding: bytes[token.start..<end], as: UTF8.self)
        return end < token.end ? text + "..." : text
    }

    /// The source text of a range.
    func text(in range: SourceRange) -> String {
        String(decoding: bytes[max(0, range.start)..<min(range.end, bytes.count)], as: UTF8.self)
    }

    /// The source text of an identifier-shaped token.
    mutating func name(of token: Token) -> String {
        lexer.name(from: token.start, to: token.end)
    }

    // MARK: Diagnostics and recovery

    /// Reports a syntax error that throws the parser off track, unless one
    /// was already reported since the last statement boundary.
    mutating func report(_ diagnostic: Diagnostic) {
        guard !recovering, !(at(.endOfFile) && lexer.swallowedRest) else { return }
        diagnostics.append(diagnostic)
        recovering = true
    }

    /// Records an error that does not disturb parsing (a bad name, a
    /// literal out of range...): always kept, no recovery mode.
    mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Reports `Unexpected '<token>'.` at the current token.
    mutating func reportUnexpected(help: String? = nil) {
        report(SyntaxMessages.unexpected(text(of: current), current.range, help: help))
    }

    /// Reports `mismatched input '<token>' expecting <expected>` at the current token.
    mutating func reportMismatched(expecting expected: String) {
        report(SyntaxMessages.mismatched(text(of: current), expecting: expected, current.range))
    }

    /// Consumes a token of the given kind or reports that it is missing.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ spelling: String) -> Bool {
        if consume(kind) { return true }
        reportMismatched(expecting: "'\(spelling)'")
        return false
    }

    /// Whether a token starts an item of a service or match body.
    static func startsItem(_ kind: TokenKind) -> Bool {
        kind == .allow || kind == .match || kind == .function
    }

    /// Skips to a statement boundary: consumes through the next `;`, or
    /// stops before `}`, `allow`, `match`, `function`, `return`, `let` or the
    /// end of the file. Braced groups are skipped whole.
    mutating func synchronize() {
        var depth = 0
        while !at(.endOfFile) {
            switch current.kind {
            case .leftBrace:
                depth += 1
            case .rightBrace:
                if depth == 0 { return }
                depth -= 1
            case .semicolon where depth == 0:
                advance()
                return
            case .allow, .match, .function, .return, .let:
                if depth == 0 { return }
            default:
                break
            }
            advance()
        }
    }

    /// Consumes the token that closes a bracketed construct. When something
    /// else is there, reports it, skips the rest of the broken element and
    /// consumes the closer if that reaches it.
    @discardableResult
    mutating func expectClosing(_ kind: TokenKind, _ spelling: String) -> Bool {
        if consume(kind) { return true }
        reportMismatched(expecting: "'\(spelling)'")
        skipExpressionRemainder()
        return consume(kind)
    }

    /// Skips the rest of a broken expression: stops before a closing
    /// bracket, `,`, `;`, `:` or a statement keyword at the current nesting.
    mutating func skipExpressionRemainder() {
        var depth = 0
        while !at(.endOfFile) {
            switch current.kind {
            case .leftParen, .leftBracket, .leftBrace:
                depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                if depth == 0 { return }
                depth -= 1
            case .comma, .semicolon, .colon:
                if depth == 0 { return }
            case .allow, .match, .function, .return, .let, .service:
                return
            default:
                break
            }
            advance()
        }
    }
}
