import RulesSyntax

/// An expression that always evaluates to a boolean (or fails), compiled
/// to give the boolean itself: `&&`, `||`, `!`, comparisons, type tests,
/// `matches`, and calls of functions that return one of these.
///
/// Conditions are such expressions, and an untraced decision asks only
/// whether each is `true`: a test passes the answer up as a `Bool`, where
/// a ``CompiledExpr`` would wrap it in a ``Value`` at every node for its
/// parent to unwrap. A test throws what the expression's value form
/// throws; one made from a value (``ExprCompiler/asTest(_:)``) throws the
/// non-boolean error `&&`, `||`, `!` and `?:` throw for a non-boolean
/// operand. Counting against the budget is the same node for node.
typealias CompiledTest = @Sendable (Evaluator, Int) throws(EvalError) -> Bool

extension ExprCompiler {
    /// An allow condition compiled both ways: its value, for explanations,
    /// and its test, for ``CompiledRuleset/isAllowed(_:)`` (a value that
    /// is not a boolean fails the test, which denies as the value would).
    func compileCondition(_ expr: Expr) -> (value: CompiledExpr, test: CompiledTest) {
        if Self.producesBoolean(expr, in: scope) {
            let test = compileTest(expr)
            return (Self.boolValue(test), test)
        }
        let value = compile(expr)
        return (value, Self.asTest(value))
    }

    /// Compiles an expression used as a boolean operand.
    func compileTest(_ expr: Expr) -> CompiledTest {
        if let constant = foldedConstant(expr) {
            guard case .bool(let flag) = constant.value else {
                return Self.asTest(Self.foldedNode(constant.value, nodes: constant.nodes))
            }
            let nodes = constant.nodes
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNodes(nodes)
                return flag
            }
        }
        guard Self.producesBoolean(expr, in: scope) else { return Self.asTest(compileUnfolded(expr)) }
        return compileTestUnfolded(expr)
    }

    /// The value form of a test.
    static func boolValue(_ test: @escaping CompiledTest) -> CompiledExpr {
        { evaluator, base throws(EvalError) in .bool(try test(evaluator, base)) }
    }

    /// A value used as a boolean operand: a non-boolean value fails.
    static func asTest(_ value: @escaping CompiledExpr) -> CompiledTest {
        { evaluator, base throws(EvalError) in
            let result = try value(evaluator, base)
            guard case .bool(let flag) = result else { throw .notBoolean(result) }
            return flag
        }
    }

    /// Whether an expression always evaluates to a boolean or fails, so
    /// that ``compileTestUnfolded(_:)`` compiles it. Decided from the
    /// syntax alone: a call counts when the function it names (resolved
    /// from `scope`, as calls resolve) returns such an expression.
    static func producesBoolean(_ expr: Expr, in scope: Scope, depth: Int = 0) -> Bool {
        switch expr.kind {
        case .bool, .unary(.not, _), .isType:
            return true
        case .parenthesized(let inner):
            return producesBoolean(inner, in: scope, depth: depth)
        case .binary(let op, _, _):
            return givesBoolean(op)
        case .ternary(_, let then, let otherwise):
            return producesBoolean(then, in: scope, depth: depth) && producesBoolean(otherwise, in: scope, depth: depth)
        case .call(let callee, let arguments):
            switch callee.kind {
            case .identifier(let name):
                // The checker rejects recursion; the depth bound keeps this
                // finite for any tree.
                guard depth < Evaluator.maximumCallDepth, let (function, declaringScope) = scope.function(named: name) else {
                    return false
                }
                return producesBoolean(function.declaration.body, in: declaringScope, depth: depth + 1)
            case .member(let base, let name):
                return isMatchesCall(base, name.name, arguments)
            default:
                return false
            }
        default:
            return false
        }
    }

    /// Whether a binary operator gives a boolean: all but arithmetic.
    static func givesBoolean(_ op: BinaryOperator) -> Bool {
        switch op {
        case .and, .or, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in: true
        case .add, .subtract, .multiply, .divide, .modulo: false
        }
    }

    /// `x.matches('pattern')` on a receiver that is not a namespace: the
    /// `matches` builtin gives a boolean or fails.
    private static func isMatchesCall(_ base: Expr, _ name: String, _ arguments: [Expr]) -> Bool {
        guard name == "matches", arguments.count == 1, case .string? = literalValue(arguments[0]) else { return false }
        if case .identifier(let namespace) = base.kind, BuiltinRegistry.namespaces.contains(namespace) { return false }
        return true
    }

    /// Compiles an expression for which ``producesBoolean(_:in:depth:)``
    /// holds, node for node as its value form evaluates.
    func compileTestUnfolded(_ expr: Expr) -> CompiledTest {
        switch expr.kind {
        case .bool(let flag):
            return { _, _ in flag }
        case .parenthesized(let inner):
            let test = compileTest(inner)
            if inner.isLiteral { return test }
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try test(evaluator, base)
            }
        case .unary(.not, let operand):
            let test = compileTest(operand)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return !(try test(evaluator, base))
            }
        case .isType(let operand, let type):
            let value = compile(operand)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try value(evaluator, base).isOfType(type)
            }
        case .binary(.and, let lhs, let rhs):
            return compileLogical(isAnd: true, lhs, rhs)
        case .binary(.or, let lhs, let rhs):
            return compileLogical(isAnd: false, lhs, rhs)
        case .binary(let op, let lhs, let rhs):
            return compileComparison(op, lhs, rhs)
        case .ternary(let condition, let then, let otherwise):
            let test = compileTest(condition)
            let whenTrue = compileTest(then)
            let whenFalse = compileTest(otherwise)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try (try test(evaluator, base) ? whenTrue : whenFalse)(evaluator, base)
            }
        case .call(let callee, let arguments):
            if case .member(let base, let name) = callee.kind, Self.isMatchesCall(base, name.name, arguments) {
                return compileMatchesTest(base, arguments[0]) { compileCall(callee, arguments) }
            }
            guard case .identifier(let name) = callee.kind, let (function, _) = scope.function(named: name) else {
                return Self.asTest(compileCall(callee, arguments))
            }
            return compileFunctionTest(function, name, arguments)
        default:
            return Self.asTest(compileUnfolded(expr))
        }
    }

    /// `&&` and `||` with the error absorption of ``Evaluator``'s.
    private func compileLogical(isAnd: Bool, _ lhs: Expr, _ rhs: Expr) -> CompiledTest {
        let left = compileTest(lhs)
        let right = compileTest(rhs)
        let decisive = !isAnd
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            var leftError: EvalError?
            do throws(EvalError) {
                if try left(evaluator, base) == decisive { return decisive }
            } catch {
                leftError = error
            }
            let flag: Bool
            do throws(EvalError) {
                flag = try right(evaluator, base)
            } catch {
                throw leftError ?? error
            }
            if flag == decisive { return decisive }
            if let leftError { throw leftError }
            return flag
        }
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`.
    private func compileComparison(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr) -> CompiledTest {
        if op == .equal || op == .notEqual, let operand = Self.nullComparand(lhs, rhs) {
            return compileNullTest(operand, isEqual: op == .equal)
        }
        if op != .in, let constant = constantOperand(rhs) {
            return compileComparison(op, lhs, constant: constant.value, nodes: constant.nodes)
        }
        let left = compile(lhs)
        let right = compile(rhs)
        switch op {
        case .equal, .notEqual:
            let isEqual = op == .equal
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try left(evaluator, base)
                return value.rulesEquals(try right(evaluator, base)) == isEqual
            }
        case .in:
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try left(evaluator, base)
                return try evaluator.membership(value, in: try right(evaluator, base))
            }
        default:
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try left(evaluator, base)
                return try evaluator.compare(op, value, try right(evaluator, base))
            }
        }
    }

    /// A literal or folded constant operand: its value and the nodes it counts.
    private func constantOperand(_ expr: Expr) -> (value: Value, nodes: Int)? {
        if let literal = Self.literalValue(expr) { return (literal, 0) }
        return foldedConstant(expr)
    }

    /// A comparison whose right operand is a constant (`size < 5 * 1024 *
    /// 1024`, `x == 'a'`): the constant is compared without a closure call,
    /// and two ints without the general comparison. The constant's nodes
    /// count after the left operand is evaluated, as they would.
    private func compileComparison(_ op: BinaryOperator, _ lhs: Expr, constant: Value, nodes: Int) -> CompiledTest {
        let left = compile(lhs)
        switch op {
        case .equal, .notEqual:
            let isEqual = op == .equal
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try left(evaluator, base)
                try evaluator.countNodes(nodes)
                return value.rulesEquals(constant) == isEqual
            }
        default:
            guard case .int(let bound) = constant else {
                return { evaluator, base throws(EvalError) in
                    try evaluator.countNode()
                    let value = try left(evaluator, base)
                    try evaluator.countNodes(nodes)
                    return try evaluator.compare(op, value, constant)
                }
            }
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try left(evaluator, base)
                try evaluator.countNodes(nodes)
                guard case .int(let number) = value else { return try evaluator.compare(op, value, constant) }
                switch op {
                case .less: return number < bound
                case .lessOrEqual: return number <= bound
                case .greater: return number > bound
                default: return number >= bound
                }
            }
        }
    }

    /// The other operand of a comparison with the `null` literal (either
    /// side, parentheses allowed), or `nil` when neither side is `null`.
    private static func nullComparand(_ lhs: Expr, _ rhs: Expr) -> Expr? {
        if case .null? = literalValue(rhs) { return lhs }
        if case .null? = literalValue(lhs) { return rhs }
        return nil
    }

    /// `x == null` / `x != null` (`isEqual` says which) as a null test of
    /// `x`: no value of another type equals `null`. A `request.<field>`
    /// operand is tested on the request itself, without making the field's
    /// value; the comparison, the member and `request` count as they would.
    private func compileNullTest(_ operand: Expr, isEqual: Bool) -> CompiledTest {
        if case .member(let base, let name) = operand.kind, isGlobalRequest(base),
            let field = RequestField(rawValue: name.name)
        {
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNodes(3)
                return field.isNull(in: evaluator) == isEqual
            }
        }
        let value = compile(operand)
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            guard case .null = try value(evaluator, base) else { return !isEqual }
            return isEqual
        }
    }

    /// `x.matches('pattern')`: a pattern that compiles is compiled now, not
    /// looked up per call; otherwise the call's value form (`fallback`)
    /// reports the pattern's error.
    private func compileMatchesTest(_ base: Expr, _ argument: Expr, fallback: () -> CompiledExpr) -> CompiledTest {
        guard case .string(let pattern)? = Self.literalValue(argument), let regex = RulesRegex.wholeMatchRegex(pattern) else {
            return Self.asTest(fallback())
        }
        let receiverExpr = compile(base)
        let method = MethodTable(name: "matches")
        return { evaluator, frame throws(EvalError) in
            try evaluator.countNode()
            let receiver = try receiverExpr(evaluator, frame)
            guard case .string(let subject) = receiver else {
                let result = try method.invoke(on: receiver, [.string(pattern)], evaluator)
                guard case .bool(let flag) = result else { throw .notBoolean(result) }
                return flag
            }
            return try RulesRegex.matches(subject, regex: regex)
        }
    }
}
