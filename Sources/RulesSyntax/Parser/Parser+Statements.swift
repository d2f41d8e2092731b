extension RulesParser {
    // MARK: allow

    /// `allow m1, m2 [: if expr] [;]`.
    ///
    /// Unknown method names are reported and left out; a statement with no
    /// valid method is dropped. `allow read: true;` is reported (Firebase
    /// requires `if`) but its condition is still parsed and kept.
    mutating func parseAllow() -> AllowStatement? {
        let start = current.start
        advance()
        var methods: [(method: RuleMethod, range: SourceRange)] = []
        // Room for the usual few (`read, write`) in the first allocation.
        methods.reserveCapacity(4)
        while true {
            guard at(.identifier) else {
                reportMismatched(expecting: "{\(RuleMethod.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))}")
                synchronize()
                return nil
            }
            let methodName = name(of: current)
            if let method = RuleMethod(rawValue: methodName) {
                methods.append((method, current.range))
            } else {
                emit(SyntaxMessages.unknownMethod(methodName, current.range))
            }
            advance()
            if !consume(.comma) { break }
        }
        var condition: Expr?
        if consume(.colon) {
            if consume(.if) {
                condition = take(parseExpression())
            } else if endsStatement(current.kind) {
                reportMismatched(expecting: "'if'")
            } else {
                report(SyntaxMessages.missingIf(text(of: current), current.range))
                condition = take(parseExpression())
            }
        } else if at(.if) {
            reportMismatched(expecting: "{',', ':', ';'}")
            advance()
            condition = take(parseExpression())
        }
        finishStatement()
        guard !methods.isEmpty else { return nil }
        return AllowStatement(methods: methods, condition: condition, range: SourceRange(start: start, end: previousEnd))
    }

    /// Whether a token can follow a complete statement without a `;`.
    private func endsStatement(_ kind: TokenKind) -> Bool {
        kind == .semicolon || kind == .rightBrace || kind == .endOfFile || Self.startsItem(kind)
    }

    /// Consumes an optional `;`; anything else that cannot follow a
    /// statement is reported and skipped.
    private mutating func finishStatement() {
        if consume(.semicolon) || endsStatement(current.kind) { return }
        reportUnexpected()
        synchronize()
    }

    // MARK: function

    /// `function name(a, b) { let x = e; ... return e; }`.
    mutating func parseFunction() -> FunctionDecl? {
        let start = current.start
        advance()
        guard at(.identifier) else {
            reportMismatched(expecting: "IDENTIFIER")
            synchronize()
            return nil
        }
        let nameToken = current
        advance()
        guard let parameters = parseParameters() else {
            synchronize()
            return nil
        }
        guard expect(.leftBrace, "{") else {
            synchronize()
            return nil
        }
        var lets: [LetBinding] = []
        while at(.let) {
            recovering = false
            if let binding = parseLet() { lets.append(binding) }
        }
        let body: Expr
        if at(.return) {
            recovering = false
            advance()
            body = take(parseExpression())
            finishStatement()
        } else {
            report(SyntaxMessages.missingReturn(text(of: current), current.range))
            body = take(invalid(.at(current.start)))
        }
        closeFunctionBody()
        return FunctionDecl(
            name: name(of: nameToken), nameRange: nameToken.range, parameters: parameters, lets: lets, body: body,
            range: SourceRange(start: start, end: previousEnd))
    }

    /// `(a, b)`; `nil` after reporting a malformed list.
    private mutating func parseParameters() -> [Identifier]? {
        guard expect(.leftParen, "(") else { return nil }
        var parameters: [Identifier] = []
        if consume(.rightParen) { return parameters }
        while true {
            guard at(.identifier) else {
                reportMismatched(expecting: "IDENTIFIER")
                return nil
            }
            parameters.append(Identifier(name: name(of: current), range: current.range))
            advance()
            if consume(.comma) { continue }
            if consume(.rightParen) { return parameters }
            reportMismatched(expecting: "{',', ')'}")
            return nil
        }
    }

    /// `let name = expr;` — the `;` is required.
    private mutating func parseLet() -> LetBinding? {
        let start = current.start
        advance()
        guard at(.identifier) else {
            reportMismatched(expecting: "IDENTIFIER")
            synchronize()
            return nil
        }
        let name = Identifier(name: name(of: current), range: current.range)
        advance()
        guard expect(.assign, "=") else {
            synchronize()
            return nil
        }
        let value = take(parseExpression())
        let binding = LetBinding(name: name, value: value, range: SourceRange(start: start, end: previousEnd))
        if consume(.semicolon) { return binding }
        if at(.return) || at(.let) {
            report(SyntaxMessages.missingSemicolon(at: text(of: current), current.range))
        } else {
            reportUnexpected()
            synchronize()
        }
        return binding
    }

    /// The `}` after `return`. Anything else is reported and skipped, unless
    /// it starts a new item (then the brace is taken as missing).
    private mutating func closeFunctionBody() {
        if consume(.rightBrace) { return }
        reportMismatched(expecting: "'}'")
        while !at(.endOfFile) && !at(.rightBrace) && !Self.startsItem(current.kind) {
            let before = current.start
            synchronize()
            if current.start == before { advance() }
        }
        _ = consume(.rightBrace)
    }
}
