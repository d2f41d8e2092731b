import RulesSyntax

/// Compiles checked expressions into ``CompiledExpr`` closures, resolving
/// every name where the tree-walking evaluator would look it up at run time.
///
/// Resolution follows ``Evaluator``'s order exactly: the function's locals,
/// then the wildcards visible from the scope (innermost level first), then
/// `request` and `resource`; anything else reads as a null value error.
struct ExprCompiler {
    /// The scope functions are resolved from; its wildcard levels are visible.
    let scope: Scope
    /// The locals of the function being compiled, if any.
    let locals: LocalLayout?
    /// How many of the function's lets the code being compiled sees: those
    /// declared before it.
    let visibleLets: Int
    let options: EngineOptions
    /// Where constants are evaluated, shared by the ruleset's compilers.
    let folding: ConstantFolding

    /// A compiler for conditions of a match block (or code of a scope).
    init(scope: Scope, options: EngineOptions, folding: ConstantFolding) {
        self.init(scope: scope, locals: nil, visibleLets: 0, options: options, folding: folding)
    }

    private init(scope: Scope, locals: LocalLayout?, visibleLets: Int, options: EngineOptions, folding: ConstantFolding) {
        self.scope = scope
        self.locals = locals
        self.visibleLets = visibleLets
        self.options = options
        self.folding = folding
    }

    /// Compiles the bodies and `let`s of the functions declared in the scope.
    func compileFunctions() {
        scope.functions.forEachValue { function in
            let layout = LocalLayout(function.declaration, code: function.code)
            function.code.parameterCount = layout.parameterCount
            function.code.letInitializers = layout.letExpressions.enumerated().map { index, expression in
                let compiler = ExprCompiler(scope: scope, locals: layout, visibleLets: index, options: options, folding: folding)
                return ExprBox(compiler.compile(expression))
            }
            let compiler = ExprCompiler(
                scope: scope, locals: layout, visibleLets: layout.letExpressions.count, options: options, folding: folding)
            // A call of the function compiles to its test exactly when this holds.
            if Self.producesBoolean(function.declaration.body, in: scope) {
                let test = compiler.compileTest(function.declaration.body)
                function.code.test = TestBox(test)
                function.code.body = Self.boolValue(test)
            } else {
                function.code.body = compiler.compile(function.declaration.body)
            }
        }
    }

    // MARK: Expressions

    /// Compiles one expression.
    func compile(_ expr: Expr) -> CompiledExpr {
        // No optional closure here: wrapping one in `Optional` would make
        // every compiled node a reabstraction thunk around the closure.
        if let constant = foldedConstant(expr) { return Self.foldedNode(constant.value, nodes: constant.nodes) }
        return compileUnfolded(expr)
    }

    /// Compiles one expression node by node; one that always gives a
    /// boolean is compiled as a test (see ``CompiledTest``).
    func compileUnfolded(_ expr: Expr) -> CompiledExpr {
        switch expr.kind {
        case .null, .bool, .int, .float, .string, .bytes:
            let value = Self.literalValue(expr) ?? .null
            return { _, _ in value }
        case .parenthesized(let inner):
            let body = compile(inner)
            if inner.isLiteral { return body }
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try body(evaluator, base)
            }
        case .list(let elements):
            return compileList(elements)
        case .map(let entries):
            return compileMap(entries)
        case .path(let segments):
            return compilePath(segments)
        case .identifier(let name):
            return compileName(name)
        case .member(let base, let name):
            return compileMember(base, name.name)
        case .index(let base, let index):
            let container = compile(base)
            let key = compile(index)
            return { evaluator, frame throws(EvalError) in
                try evaluator.countNode()
                let value = try container(evaluator, frame)
                return try evaluator.subscriptValue(value, try key(evaluator, frame))
            }
        case .slice(let base, let lower, let upper):
            return compileSlice(base, lower, upper)
        case .call(let callee, let arguments):
            if Self.producesBoolean(expr, in: scope) { return Self.boolValue(compileTestUnfolded(expr)) }
            return compileCall(callee, arguments)
        case .unary(.not, _), .isType, .binary(.and, _, _), .binary(.or, _, _):
            return Self.boolValue(compileTestUnfolded(expr))
        case .unary(let op, let operand):
            let value = compile(operand)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.unary(op, try value(evaluator, base))
            }
        case .binary(let op, let lhs, let rhs):
            if Self.givesBoolean(op) { return Self.boolValue(compileTestUnfolded(expr)) }
            let left = compile(lhs)
            let right = compile(rhs)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try left(evaluator, base)
                return try evaluator.binary(op, value, try right(evaluator, base))
            }
        case .ternary(let condition, let then, let otherwise):
            if Self.producesBoolean(expr, in: scope) { return Self.boolValue(compileTestUnfolded(expr)) }
            let test = compile(condition)
            let whenTrue = compile(then)
            let whenFalse = compile(otherwise)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let flag = try test(evaluator, base)
                guard case .bool(let chosen) = flag else { throw .notBoolean(flag) }
                return try (chosen ? whenTrue : whenFalse)(evaluator, base)
            }
        case .invalid:
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNode()
                throw EvalError("Invalid expression.")
            }
        }
    }

    /// The value of a literal node (or a parenthesized literal).
    static func literalValue(_ expr: Expr) -> Value? {
        switch expr.kind {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .float(let value): .float(value)
        case .string(let value): .string(value)
        case .bytes(let value): .bytes(value)
        case .parenthesized(let inner): literalValue(inner)
        default: nil
        }
    }

    /// A node counted against the budget that always has the same value.
    private static func countedConstant(_ value: Value) -> CompiledExpr {
        { evaluator, _ throws(EvalError) in
            try evaluator.countNode()
            return value
        }
    }

    private func compileList(_ elements: [Expr]) -> CompiledExpr {
        let constants = elements.compactMap(Self.literalValue)
        if constants.count == elements.count { return Self.countedConstant(.list(constants)) }
        let parts = compileAll(elements)
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            var values: [Value] = []
            values.reserveCapacity(parts.count)
            for part in parts { values.append(try part.run(evaluator, base)) }
            return .list(values)
        }
    }

    private func compileMap(_ entries: [MapEntry]) -> CompiledExpr {
        var constant: [String: Value]? = [:]
        for entry in entries {
            guard case .string(let key)? = Self.literalValue(entry.key), let value = Self.literalValue(entry.value) else {
                constant = nil
                break
            }
            constant?[key] = value
        }
        if let constant { return Self.countedConstant(.map(RulesMap(constant))) }
        let parts = entries.map { (key: compile($0.key), value: compile($0.value)) }
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            var map: [String: Value] = [:]
            for part in parts {
                let key = try part.key(evaluator, base)
                guard case .string(let name) = key else {
                    throw .unsupported(received: "map key \(key.type.name)", expected: ["map key string"])
                }
                map[name] = try part.value(evaluator, base)
            }
            return .map(RulesMap(map))
        }
    }

    private func compilePath(_ segments: [PathLiteralSegment]) -> CompiledExpr {
        let parts = segments.map { segment -> CompiledPathPart in
            switch segment {
            case .text(let text): .text(text)
            case .placeholder(let name): .text("{\(name)}")
            case .interpolation(let expr): .interpolation(compile(expr))
            }
        }
        let texts = parts.compactMap(\.text)
        if texts.count == parts.count { return Self.countedConstant(.path(RulesPath(segments: texts))) }
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            return .path(try evaluator.buildPath(parts, base))
        }
    }

    private func compileSlice(_ base: Expr, _ lower: Expr?, _ upper: Expr?) -> CompiledExpr {
        let container = compile(base)
        let low = lower.map { compile($0) }
        let high = upper.map { compile($0) }
        return { evaluator, frame throws(EvalError) in
            try evaluator.countNode()
            let value = try container(evaluator, frame)
            let lowValue = try low.map { bound throws(EvalError) in try bound(evaluator, frame) }
            let highValue = try high.map { bound throws(EvalError) in try bound(evaluator, frame) }
            return try evaluator.slice(value, lowValue, highValue)
        }
    }
}

/// One segment of a path literal, compiled.
enum CompiledPathPart {
    /// Literal text (or a `{name}` placeholder kept as text).
    case text(String)
    /// `$(expr)`.
    case interpolation(CompiledExpr)

    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}
