import RulesSyntax

extension ExprCompiler {
    /// A constant expression, operators over literals only (`5 * 1024 *
    /// 1024`, `-(1)`, `'a' + 'b'`), evaluated once when the ruleset is
    /// compiled: its value and how many nodes it counts against the budget,
    /// or `nil` when the expression is not constant or fails (`1 / 0`,
    /// `1 + 'a'`), which is then left to fail at run time.
    ///
    /// The folded node counts every node the expression would have
    /// evaluated, all at once: the budget can only run out inside the
    /// expression either way, and an expression of literals has no other
    /// effect, so every outcome stays as it was.
    func foldedConstant(_ expr: Expr) -> (value: Value, nodes: Int)? {
        guard let nodes = Self.constantNodeCount(expr), nodes > 0 else { return nil }
        // The tree walker evaluates it: its sub-expressions need no
        // compiling, as they would if each were folded in turn.
        guard case .value(let value) = folding.evaluate(expr, scope: scope) else { return nil }
        return (value, nodes)
    }

    /// A folded constant: counts its nodes, then gives its value.
    static func foldedNode(_ value: Value, nodes: Int) -> CompiledExpr {
        { evaluator, _ throws(EvalError) in
            try evaluator.countNodes(nodes)
            return value
        }
    }

    /// How many nodes of a constant expression count against the budget
    /// (literals are free), or `nil` when the expression reads anything but
    /// literals. `&&` and `||` are left alone: their operands' errors are
    /// absorbed, which a folded node would have to reproduce.
    static func constantNodeCount(_ expr: Expr) -> Int? {
        switch expr.kind {
        case .null, .bool, .int, .float, .string, .bytes:
            return 0
        case .parenthesized(let inner):
            guard let nodes = constantNodeCount(inner) else { return nil }
            return inner.isLiteral ? nodes : nodes + 1
        case .unary(_, let operand):
            return constantNodeCount(operand).map { $0 + 1 }
        case .binary(let op, let lhs, let rhs) where op != .and && op != .or:
            guard let left = constantNodeCount(lhs), let right = constantNodeCount(rhs) else { return nil }
            return left + right + 1
        default:
            return nil
        }
    }
}

/// The evaluator that folds the constants of one ruleset, made at its first
/// constant and shared by every ``ExprCompiler`` of the ruleset: compiling
/// one ruleset is sequential.
final class ConstantFolding {
    private let options: EngineOptions
    private var scratch: Evaluator?

    init(options: EngineOptions) {
        self.options = options
    }

    /// The outcome of `expr`, with a whole budget of its own.
    func evaluate(_ expr: Expr, scope: Scope) -> Outcome {
        let evaluator = scratch ?? Evaluator(options: options, captureCapacity: 1)
        scratch = evaluator
        defer { evaluator.end() }
        return evaluator.evaluateCondition(expr, scope: scope)
    }
}
