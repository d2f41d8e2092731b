/// Line breaking of long conditions: a chain of `&&` or `||` that does not
/// fit in ``RulesFormatter/lineWidth`` columns, or that holds a comment, puts
/// each operand after the first on its own line with the operator leading;
/// a ternary puts `? then` and `: else` on lines of their own. Everything
/// else stays on one line.
extension RulesPrinter {
    /// Prints an expression whose continuation lines are indented by
    /// `indent`; `trailing` is the width of what must follow it on its line.
    mutating func printExpression(_ expr: Expr, indent: Int, trailing: Int, space: Bool = true) {
        let inline = InlineExpression(source: source)
        if Self.isBreakable(expr) {
            let width = (space && writer.lineHasContent ? 1 : 0) + inline.width(of: expr)
            if writer.hasComment(in: expr.range) || writer.column + width + trailing > RulesFormatter.lineWidth {
                printBroken(expr, indent: indent, trailing: trailing, space: space)
                return
            }
        }
        inline.emit(expr, space: space, into: &writer)
    }

    private mutating func printBroken(_ expr: Expr, indent: Int, trailing: Int, space: Bool) {
        let saved = writer.continuationIndent
        defer { writer.continuationIndent = saved }
        switch expr.kind {
        case .unary(.not, let operand):
            writer.write("!", space: space, at: expr.range.start)
            printBroken(operand, indent: indent, trailing: trailing, space: false)
        case .parenthesized(let inner):
            writer.write("(", space: space, at: expr.range.start)
            let deeper = indent + RulesFormatter.indentWidth
            writer.continuationIndent = deeper
            printExpression(inner, indent: deeper, trailing: trailing + 1, space: false)
            writer.write(")", space: false, at: max(expr.range.start, expr.range.end - 1))
        case .ternary(let condition, let then, let otherwise):
            writer.continuationIndent = indent
            printExpression(condition, indent: indent + Self.nesting(condition), trailing: 0, space: space)
            for (symbol, branch) in [("?", then), (":", otherwise)] {
                writer.flushComments(before: branch.range.start, ownLineIndent: indent)
                writer.startLine(indent: indent)
                writer.write(symbol, space: false)
                let last = symbol == ":"
                // A ternary in the else branch continues the same column: `: c` / `? d` / `: e`.
                let nested = last && Self.isTernary(branch) ? 0 : Self.nesting(branch)
                printExpression(branch, indent: indent + nested, trailing: last ? trailing : 0)
                writer.continuationIndent = indent
            }
        case .binary(let op, _, _):
            writer.continuationIndent = indent
            let operands = Self.chainOperands(expr, op)
            for (index, operand) in operands.enumerated() {
                if index > 0 {
                    // Comments around the operator stay with the line they trail.
                    writer.flushComments(before: operand.range.start, ownLineIndent: indent)
                    writer.startLine(indent: indent)
                    writer.write(op.rawValue, space: false)
                }
                let nested = Self.nesting(operand)
                let last = index == operands.count - 1
                printExpression(
                    operand, indent: indent + nested, trailing: last ? trailing : 0, space: index > 0 || space)
                writer.continuationIndent = indent
            }
        default:
            InlineExpression(source: source).emit(expr, space: space, into: &writer)
        }
    }

    /// Whether the expression can be broken over lines: a chain or a
    /// ternary, parenthesized or not, or the negation of a parenthesized one.
    static func isBreakable(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .ternary: return true
        case .binary(let op, _, _): return op == .and || op == .or
        case .parenthesized(let inner): return isBreakable(inner)
        case .unary(.not, let operand):
            if case .parenthesized = operand.kind { return isBreakable(operand) }
            return false
        default: return false
        }
    }

    /// The extra indentation of an operand's own continuation lines: an
    /// unparenthesized chain or ternary inside another is indented deeper.
    static func nesting(_ expr: Expr) -> Int {
        isChain(expr) || isTernary(expr) ? RulesFormatter.indentWidth : 0
    }

    static func isTernary(_ expr: Expr) -> Bool {
        if case .ternary = expr.kind { return true }
        return false
    }

    /// Whether the expression is an unparenthesized `&&` or `||`.
    static func isChain(_ expr: Expr) -> Bool {
        if case .binary(let op, _, _) = expr.kind { return op == .and || op == .or }
        return false
    }

    /// `a && b && c` (parsed as `(a && b) && c`) as `[a, b, c]`.
    static func chainOperands(_ expr: Expr, _ op: BinaryOperator) -> [Expr] {
        var operands: [Expr] = []
        var current = expr
        while case .binary(let currentOp, let left, let right) = current.kind, currentOp == op {
            operands.append(right)
            current = left
        }
        operands.append(current)
        return operands.reversed()
    }
}
