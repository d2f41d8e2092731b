/// An expression under construction: where it lies in the parser's
/// ``PendingExpressions``, the source it covers, and the height of its tree
/// so the parser can refuse trees too tall for later recursive passes.
struct Node {
    var position: Int
    var range: SourceRange
    var height: Int
}

extension RulesParser {
    /// Adds a node whose children are already built.
    mutating func node(_ kind: PendingExpressions.Kind, _ range: SourceRange, height: Int = 1) -> Node {
        Node(position: pending.add(kind, range), range: range, height: height)
    }

    /// A whole expression as a tree: its ids follow the expressions taken
    /// before it, in source order.
    mutating func take(_ node: Node) -> Expr {
        let firstID = nextExpressionID
        nextExpressionID += pending.size(of: node.position)
        return pending.take(node.position, firstID: firstID)
    }

    /// An ``ExprKind/invalid`` placeholder.
    mutating func invalid(_ range: SourceRange) -> Node {
        node(.leaf(.invalid), range)
    }

    /// Rejects a tree that grew too tall: reports it, skips the rest of the
    /// expression and returns an invalid node in its place.
    mutating func checkHeight(_ candidate: Node) -> Node {
        guard candidate.height > Self.maxExpressionDepth else { return candidate }
        report(SyntaxMessages.tooComplex(candidate.range))
        skipExpressionRemainder()
        return invalid(SourceRange(start: candidate.range.start, end: previousEnd))
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
            let otherwise = invalid(.at(previousEnd))
            return node(.ternary(condition.position, then.position, otherwise.position), range)
        }
        let otherwise = parseExpression()
        let height = max(condition.height, then.height, otherwise.height) + 1
        let range = condition.range.union(otherwise.range)
        return checkHeight(node(.ternary(condition.position, then.position, otherwise.position), range, height: height))
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
            if op == .divide, startsPath(slash: current) {
                report(SyntaxMessages.missingMatchKeyword(current.range))
            }
            advance()
            let right = parseBinary(minimumPrecedence: op.precedence + 1)
            let range = left.range.union(right.range)
            let height = max(left.height, right.height) + 1
            left = checkHeight(node(.binary(op, left.position, right.position), range, height: height))
        }
    }

    /// Whether production reads the slash as the start of a path rather
    /// than as division: when anything but whitespace follows it, so
    /// `4/2`, `a/b` and `4/(2)` are rejected where `4 / 2` and `4/ 2`
    /// divide (captures of production's compiler, Firestore and Storage alike).
    private func startsPath(slash: Token) -> Bool {
        slash.end < bytes.count && !bytes[slash.end].isWhitespace
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
            return invalid(SourceRange(start: value.range.start, end: previousEnd))
        }
        let typeToken = current
        advance()
        let range = SourceRange(start: value.range.start, end: typeToken.end)
        guard let type = TypeName(rawValue: name(of: typeToken)) else {
            emit(SyntaxMessages.unknownType(name(of: typeToken), typeToken.range))
            return invalid(range)
        }
        return node(.isType(value.position, type), range, height: value.height + 1)
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
        let range = SourceRange(start: start, end: operand.range.end)
        return node(.unary(op, operand.position), range, height: operand.height + 1)
    }

    /// Applies `.name`, `[index]`, `[lower:upper]` and `(args)` left to right.
    private mutating func parsePostfix(_ base: Node) -> Node {
        var result = base
        while true {
            let start = result.range.start
            switch current.kind {
            case .dot:
                advance()
                guard at(.identifier) || current.kind.isKeyword else {
                    reportMismatched(expecting: "IDENTIFIER")
                    return invalid(SourceRange(start: start, end: previousEnd))
                }
                let member = Identifier(name: name(of: current), range: current.range)
                advance()
                result = node(.member(result.position, member), SourceRange(start: start, end: previousEnd), height: result.height + 1)
            case .leftBracket:
                result = parseSubscript(result)
            case .leftParen:
                if !pending.isCallee(result.position) { emit(SyntaxMessages.invalidCallee(result.range)) }
                let arguments = parseSequence(closing: .rightParen, closingSpelling: ")", allowTrailingComma: false)
                let height = max(result.height, arguments.height) + 1
                let kind = PendingExpressions.Kind.call(result.position, arguments.elements)
                result = node(kind, SourceRange(start: start, end: previousEnd), height: height)
            default:
                return result
            }
            result = checkHeight(result)
        }
    }

    /// `[index]` or `[lower:upper]` (either bound optional, not both).
    private mutating func parseSubscript(_ base: Node) -> Node {
        let start = base.range.start
        let open = current.range
        advance()
        let lower: Node? = at(.colon) ? nil : parseExpression()
        guard consume(.colon) else {
            expectClosing(.rightBracket, "]")
            let index = lower ?? invalid(.at(previousEnd))
            let height = max(base.height, index.height) + 1
            return node(.index(base.position, index.position), SourceRange(start: start, end: previousEnd), height: height)
        }
        let upper: Node? = at(.rightBracket) ? nil : parseExpression()
        expectClosing(.rightBracket, "]")
        if lower == nil && upper == nil {
            emit(SyntaxMessages.emptySlice(SourceRange(start: open.start, end: previousEnd)))
        }
        let height = max(base.height, lower?.height ?? 0, upper?.height ?? 0) + 1
        let kind = PendingExpressions.Kind.slice(base.position, lower?.position, upper?.position)
        return node(kind, SourceRange(start: start, end: previousEnd), height: height)
    }

    /// A comma-separated list of expressions after the opening token, through
    /// the closing one: call arguments, list elements. Returns where the
    /// elements' positions lie in the pending nodes' child list, and the
    /// height of the tallest element (0 for none).
    mutating func parseSequence(
        closing: TokenKind, closingSpelling: String, allowTrailingComma: Bool
    ) -> (elements: Range<Int>, height: Int) {
        advance()
        // The positions wait on one stack shared by all sequences: a nested
        // sequence pushes and takes its own above these, so no sequence
        // needs an array of its own.
        let base = sequenceElements.count
        var height = 0
        // Only an empty sequence closes before its first element: after a
        // comma an element must follow (unless trailing commas are allowed).
        if !consume(closing) {
            while true {
                let element = parseExpression()
                sequenceElements.append(element.position)
                height = max(height, element.height)
                if consume(.comma) {
                    if allowTrailingComma && consume(closing) { break }
                    continue
                }
                if consume(closing) { break }
                reportMismatched(expecting: "{',', '\(closingSpelling)'}")
                skipExpressionRemainder()
                if consume(.comma) { continue }
                _ = consume(closing)
                break
            }
        }
        let elements = pending.sequence(sequenceElements[base...])
        sequenceElements.removeSubrange(base...)
        return (elements, height)
    }
}
