/// An expression under construction, with the height of its tree so the
/// parser can refuse trees too tall for later recursive passes.
struct Node {
    var expr: Expr
    var height: Int
}

extension RulesParser {
    /// Builds a node; ids are placeholders until ``ExpressionNumbering`` runs.
    func node(_ kind: ExprKind, _ range: SourceRange, height: Int = 1) -> Node {
        Node(expr: Expr(id: 0, range: range, kind: kind), height: height)
    }

    /// An ``ExprKind/invalid`` placeholder.
    func invalid(_ range: SourceRange) -> Node {
        node(.invalid, range)
    }

    /// Rejects a tree that grew too tall: reports it, skips the rest of the
    /// expression and returns an invalid node in its place.
    mutating func checkHeight(_ candidate: Node) -> Node {
        guard candidate.height > Self.maxExpressionDepth else { return candidate }
        report(SyntaxMessages.tooComplex(candidate.expr.range))
        skipExpressionRemainder()
        return invalid(SourceRange(start: candidate.expr.range.start, end: previousEnd))
    }

    /// Counts one level of recursion; `false` (after reporting and skipping
    /// the rest of the expression) when the limit is reached.
    private mutating func enterNesting() -> Bool {
        guard expressionDepth < Self.maxExpressionDepth else {
            report(SyntaxMessages.tooComplex(current.range))
            skipExpressionRemainder()
            return false
        }
        expressionDepth += 1
        return true
    }

    // MARK: Ternary and binary

    /// A full expression: `c ? a : b` (right-associative) or anything tighter.
    mutating func parseExpression() -> Node {
        let start = current.start
        guard enterNesting() else { return invalid(SourceRange(start: start, end: previousEnd)) }
        defer { expressionDepth -= 1 }
        let condition = parseBinary(minimumPrecedence: BinaryOperator.or.precedence)
        guard consume(.question) else { return condition }
        let then = parseExpression()
        guard consume(.colon) else {
            reportMismatched(expecting: "':'")
            let range = SourceRange(start: start, end: previousEnd)
            return node(.ternary(condition.expr, then.expr, invalid(.at(previousEnd)).expr), range)
        }
        let otherwise = parseExpression()
        let height = max(condition.height, then.height, otherwise.height) + 1
        let range = condition.expr.range.union(otherwise.expr.range)
        return checkHeight(node(.ternary(condition.expr, then.expr, otherwise.expr), range, height: height))
    }

    /// Precedence climbing over the binary operators and `is`, all left-associative.
    private mutating func parseBinary(minimumPrecedence: Int) -> Node {
        var left = parseUnary()
        while true {
            if at(.is) && Self.isPrecedence >= minimumPrecedence {
                left = checkHeight(parseIsType(left))
                continue
            }
            guard let op = Self.binaryOperator(current.kind), op.precedence >= minimumPrecedence else {
                return left
            }
            advance()
            let right = parseBinary(minimumPrecedence: op.precedence + 1)
            let range = left.expr.range.union(right.expr.range)
            let height = max(left.height, right.height) + 1
            left = checkHeight(node(.binary(op, left.expr, right.expr), range, height: height))
        }
    }

    /// `is` sits between `in` and `==`.
    private static let isPrecedence = 5

    private static func binaryOperator(_ kind: TokenKind) -> BinaryOperator? {
        switch kind {
        case .star: .multiply
        case .slash: .divide
        case .percent: .modulo
        case .plus: .add
        case .minus: .subtract
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        case .in: .in
        case .equal: .equal
        case .notEqual: .notEqual
        case .and: .and
        case .or: .or
        default: nil
        }
    }

    /// `value is type`, with the current token at `is`.
    private mutating func parseIsType(_ value: Node) -> Node {
        advance()
        guard at(.identifier) || current.kind.isKeyword else {
            reportMismatched(expecting: "TYPE")
            return invalid(SourceRange(start: value.expr.range.start, end: previousEnd))
        }
        let typeToken = current
        advance()
        let range = SourceRange(start: value.expr.range.start, end: typeToken.end)
        guard let type = TypeName(rawValue: name(of: typeToken)) else {
            emit(SyntaxMessages.unknownType(name(of: typeToken), typeToken.range))
            return invalid(range)
        }
        return node(.isType(value.expr, type), range, height: value.height + 1)
    }

    // MARK: Unary and postfix

    /// `!x`, `-x` (repeatable), or a postfix expression. A `-` directly
    /// before a number literal is folded into the literal (CEL does the
    /// same), so `-9223372036854775808` is representable and `-1.abs()`
    /// means `(-1).abs()`.
    private mutating func parseUnary() -> Node {
        let start = current.start
        let op: UnaryOperator
        switch current.kind {
        case .bang:
            op = .not
        case .minus:
            let next = peek()
            if next.kind == .int || next.kind == .float {
                advance()
                return parsePostfix(numberLiteral(negatedFrom: start))
            }
            op = .negate
        default:
            return parsePostfix(parsePrimary())
        }
        advance()
        guard enterNesting() else { return invalid(SourceRange(start: start, end: previousEnd)) }
        defer { expressionDepth -= 1 }
        let operand = parseUnary()
        let range = SourceRange(start: start, end: operand.expr.range.end)
        return node(.unary(op, operand.expr), range, height: operand.height + 1)
    }

    /// Applies `.name`, `[index]`, `[lower:upper]` and `(args)` left to right.
    private mutating func parsePostfix(_ base: Node) -> Node {
        var result = base
        while true {
            let start = result.expr.range.start
            switch current.kind {
            case .dot:
                advance()
                guard at(.identifier) || current.kind.isKeyword else {
                    reportMismatched(expecting: "IDENTIFIER")
                    return invalid(SourceRange(start: start, end: previousEnd))
                }
                let member = Identifier(name: name(of: current), range: current.range)
                advance()
                result = node(.member(result.expr, member), SourceRange(start: start, end: previousEnd), height: result.height + 1)
            case .leftBracket:
                result = parseSubscript(result)
            case .leftParen:
                switch result.expr.kind {
                case .identifier, .member: break
                default: emit(SyntaxMessages.invalidCallee(result.expr.range))
                }
                let arguments = parseSequence(closing: .rightParen, closingSpelling: ")", allowTrailingComma: false)
                let height = max(result.height, arguments.map(\.height).max() ?? 0) + 1
                let kind = ExprKind.call(result.expr, arguments.map(\.expr))
                result = node(kind, SourceRange(start: start, end: previousEnd), height: height)
            default:
                return result
            }
            result = checkHeight(result)
        }
    }

    /// `[index]` or `[lower:upper]` (either bound optional, not both).
    private mutating func parseSubscript(_ base: Node) -> Node {
        let start = base.expr.range.start
        let open = current.range
        advance()
        let lower: Node? = at(.colon) ? nil : parseExpression()
        guard consume(.colon) else {
            expectClosing(.rightBracket, "]")
            let index = lower ?? invalid(.at(previousEnd))
            let height = max(base.height, index.height) + 1
            return node(.index(base.expr, index.expr), SourceRange(start: start, end: previousEnd), height: height)
        }
        let upper: Node? = at(.rightBracket) ? nil : parseExpression()
        expectClosing(.rightBracket, "]")
        if lower == nil && upper == nil {
            emit(SyntaxMessages.emptySlice(SourceRange(start: open.start, end: previousEnd)))
        }
        let height = max(base.height, lower?.height ?? 0, upper?.height ?? 0) + 1
        let kind = ExprKind.slice(base.expr, lower?.expr, upper?.expr)
        return node(kind, SourceRange(start: start, end: previousEnd), height: height)
    }

    /// A comma-separated list of expressions after the opening token, through
    /// the closing one: call arguments, list elements.
    mutating func parseSequence(closing: TokenKind, closingSpelling: String, allowTrailingComma: Bool) -> [Node] {
        advance()
        var elements: [Node] = []
        if consume(closing) { return elements }
        while true {
            elements.append(parseExpression())
            if consume(.comma) {
                if allowTrailingComma && consume(closing) { return elements }
                continue
            }
            if consume(closing) { return elements }
            reportMismatched(expecting: "{',', '\(closingSpelling)'}")
            skipExpressionRemainder()
            if consume(.comma) { continue }
            _ = consume(closing)
            return elements
        }
    }
}
