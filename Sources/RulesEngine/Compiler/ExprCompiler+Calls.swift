import RulesSyntax

extension ExprCompiler {
    /// `f(args)`, `ns.f(args)` and `value.method(args)`, resolved as
    /// ``Evaluator``'s `call` resolves them.
    ///
    /// Each kind of call's closure counts the call's node first: a closure
    /// around the call was one more allocation and one more call.
    func compileCall(_ callee: Expr, _ argumentExprs: [Expr]) -> CompiledExpr {
        switch callee.kind {
        case .identifier(let name):
            return compileFunctionCall(name, argumentExprs)
        case .member(let base, let name):
            return compileMemberCall(base, name.name, argumentExprs)
        default:
            // Only names and members can be called; `(f)(x)` names no function.
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNode()
                throw .functionNotFound("()")
            }
        }
    }

    private func compileFunctionCall(_ name: String, _ argumentExprs: [Expr]) -> CompiledExpr {
        if let (function, _) = scope.function(named: name) {
            return compileFunctionCall(function, name, argumentExprs)
        }
        let arguments = compileAll(argumentExprs)
        guard let builtin = BuiltinRegistry.global(name), builtin.name != "debug" || options.enablesDebugFunction else {
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNode()
                throw .functionNotFound(name)
            }
        }
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            let values = try evaluator.evaluate(arguments, base)
            return try builtin.invoke(receiver: nil, arguments: values, context: evaluator)
        }
    }

    /// Compiles each expression of a list into its box (see ``ExprBox``).
    func compileAll(_ exprs: [Expr]) -> [ExprBox] {
        exprs.map { ExprBox(compile($0)) }
    }

    /// A call of a user function whose body is a test (see
    /// ``ExprCompiler/producesBoolean(_:in:depth:)``): the call node
    /// counts, then the call runs as its value form does.
    ///
    /// A call of one argument or none compiles it straight into its
    /// closure: no box or array of arguments is made to be dropped. The
    /// calls without arguments share one closure per function
    /// (``CompiledFunction/argumentlessCallTest``).
    func compileFunctionTest(_ function: CompiledFunction, _ name: String, _ argumentExprs: [Expr]) -> CompiledTest {
        let code = function.code
        // Each closure passes its body literally, so the call is inlined
        // around it rather than called through a generic thunk.
        switch argumentExprs.count {
        case 0:
            if let shared = function.argumentlessCallTest { return shared.test }
            let call: CompiledTest = { evaluator, _ throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.call(code, name: name) { code, evaluator, base throws(EvalError) in
                    try TestBox.run(code.testReference.unsafelyUnwrapped, evaluator, base)
                }
            }
            function.argumentlessCallTest = TestBox(call)
            return call
        case 1:
            let argument = compile(argumentExprs[0])
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try argument(evaluator, base)
                return try evaluator.call(code, with: value, name: name) { code, evaluator, base throws(EvalError) in
                    try TestBox.run(code.testReference.unsafelyUnwrapped, evaluator, base)
                }
            }
        default:
            let arguments = compileAll(argumentExprs)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.call(code, arguments, callerBase: base, name: name) {
                    code, evaluator, base throws(EvalError) in try TestBox.run(code.testReference.unsafelyUnwrapped, evaluator, base)
                }
            }
        }
    }

    /// A call of a user function, by its value.
    private func compileFunctionCall(_ function: CompiledFunction, _ name: String, _ argumentExprs: [Expr]) -> CompiledExpr {
        let code = function.code
        // One argument or none, the usual case, needs no array of them.
        switch argumentExprs.count {
        case 0:
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.call(code, name: name) { code, evaluator, base throws(EvalError) in
                    try code.body(evaluator, base)
                }
            }
        case 1:
            let argument = compile(argumentExprs[0])
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                let value = try argument(evaluator, base)
                return try evaluator.call(code, with: value, name: name) { code, evaluator, base throws(EvalError) in
                    try code.body(evaluator, base)
                }
            }
        default:
            let arguments = compileAll(argumentExprs)
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.call(code, arguments, callerBase: base, name: name) {
                    code, evaluator, base throws(EvalError) in try code.body(evaluator, base)
                }
            }
        }
    }

    /// `ns.f(args)` calls the namespace's function unless a wildcard or a
    /// local of that name hides the namespace; anything else is a method.
    private func compileMemberCall(_ base: Expr, _ name: String, _ argumentExprs: [Expr]) -> CompiledExpr {
        guard case .identifier(let namespace) = base.kind, BuiltinRegistry.namespaces.contains(namespace),
            wildcard(named: namespace) == nil, localBinding(of: namespace) == nil
        else {
            return compileMethodCall(base, name, argumentExprs)
        }
        let builtin = BuiltinRegistry.function(namespace: namespace, name: name)
        let arguments = compileAll(argumentExprs)
        return { evaluator, frame throws(EvalError) in
            try evaluator.countNode()
            guard let builtin else { throw .functionNotFound("\(namespace).\(name)") }
            let values = try evaluator.evaluate(arguments, frame)
            return try builtin.invoke(receiver: nil, arguments: values, context: evaluator)
        }
    }

    private func compileMethodCall(_ base: Expr, _ name: String, _ argumentExprs: [Expr]) -> CompiledExpr {
        let receiverExpr = compile(base)
        let method = MethodTable(name: name)
        // `x.matches('constant')`: the pattern is compiled now, not looked up
        // per call, and the argument needs no compiled form.
        if name == "matches", argumentExprs.count == 1, case .string(let pattern)? = Self.literalValue(argumentExprs[0]),
            let regex = RulesRegex.wholeMatchRegex(pattern)
        {
            return { evaluator, frame throws(EvalError) in
                try evaluator.countNode()
                let receiver = try receiverExpr(evaluator, frame)
                guard case .string(let subject) = receiver else {
                    return try method.invoke(on: receiver, [.string(pattern)], evaluator)
                }
                return .bool(try RulesRegex.matches(subject, regex: regex))
            }
        }
        let arguments = compileAll(argumentExprs)
        return { evaluator, frame throws(EvalError) in
            try evaluator.countNode()
            let receiver = try receiverExpr(evaluator, frame)
            return try method.invoke(on: receiver, try evaluator.evaluate(arguments, frame), evaluator)
        }
    }
}

/// The builtins a method name means on each receiver type.
struct MethodTable: Sendable {
    let name: String
    let candidates: [(type: ValueType, builtin: Builtin)]

    init(name: String) {
        self.name = name
        candidates = BuiltinRegistry.methods(named: name)
    }

    /// Calls the method on an evaluated receiver with evaluated arguments.
    func invoke(on receiver: Value, _ arguments: [Value], _ evaluator: Evaluator) throws(EvalError) -> Value {
        if case .null = receiver { throw .nullValue }
        let type = receiver.type
        guard let builtin = candidates.first(where: { $0.type == type })?.builtin else {
            throw .functionNotFound(name)
        }
        return try builtin.invoke(receiver: receiver, arguments: arguments, context: evaluator)
    }
}

extension Evaluator {
    /// Evaluates compiled arguments in order.
    func evaluate(_ arguments: [ExprBox], _ base: Int) throws(EvalError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(try argument.run(self, base)) }
        return values
    }

    /// Calls a compiled user function: arguments are evaluated in the
    /// caller's frame into new slots, then `run` runs the body over them.
    @inline(__always)
    func call<Result>(
        _ code: FunctionCode, _ arguments: [ExprBox], callerBase: Int, name: String,
        _ run: (FunctionCode, Evaluator, Int) throws(EvalError) -> Result
    ) throws(EvalError) -> Result {
        let base = slots.count
        defer { slots.pop(to: base) }
        for argument in arguments {
            let value = try argument.run(self, callerBase)
            slots.push(.value(value))
        }
        try enter(code, argumentCount: arguments.count, name: name)
        defer { callDepth -= 1 }
        return try run(code, self, base)
    }

    /// Calls a compiled user function with the one argument's value.
    @inline(__always)
    func call<Result>(
        _ code: FunctionCode, with argument: consuming Value, name: String,
        _ run: (FunctionCode, Evaluator, Int) throws(EvalError) -> Result
    ) throws(EvalError) -> Result {
        let base = slots.count
        defer { slots.pop(to: base) }
        slots.push(.value(argument))
        try enter(code, argumentCount: 1, name: name)
        defer { callDepth -= 1 }
        return try run(code, self, base)
    }

    /// Calls a compiled user function without arguments.
    @inline(__always)
    func call<Result>(
        _ code: FunctionCode, name: String, _ run: (FunctionCode, Evaluator, Int) throws(EvalError) -> Result
    ) throws(EvalError) -> Result {
        let base = slots.count
        defer { slots.pop(to: base) }
        try enter(code, argumentCount: 0, name: name)
        defer { callDepth -= 1 }
        return try run(code, self, base)
    }

    /// Checks a call whose arguments are pushed, pushes its `let` slots and
    /// counts it in ``callDepth``, which the caller lowers when the body returns.
    @inline(__always)
    private func enter(_ code: FunctionCode, argumentCount: Int, name: String) throws(EvalError) {
        guard argumentCount == code.parameterCount else {
            throw .argumentCount(received: argumentCount, expected: [code.signatureText])
        }
        guard callDepth < Evaluator.maximumCallDepth else {
            throw EvalError("Maximum allowed call depth of 20 is reached for [\(name)] call stack.")
        }
        for _ in 0..<code.letInitializers.count { slots.push(.pending) }
        callDepth += 1
    }

    /// A parameter of the current call.
    func parameter(at slot: Int) -> Value {
        if case .value(let value) = slots[slot] { return value }
        return .null
    }

    /// A `let` of the current call, evaluated on first read.
    func letValue(at slot: Int, base: Int, initializer: CompiledExpr) throws(EvalError) -> Value {
        switch slots[slot] {
        case .value(let value):
            return value
        case .failed(let error):
            throw error
        case .pending:
            do throws(EvalError) {
                let value = try initializer(self, base)
                slots[slot] = .value(value)
                return value
            } catch {
                slots[slot] = .failed(error)
                throw error
            }
        }
    }

    /// Runs a compiled allow condition.
    func evaluateCompiled(_ condition: CompiledExpr) -> Outcome {
        slots.pop(to: 0)
        callDepth = 0
        do throws(EvalError) {
            return .value(try condition(self, 0))
        } catch {
            return .error(error)
        }
    }

    /// Runs a compiled allow condition's test: whether the condition is
    /// `true` (an error denies).
    func passes(_ test: Unmanaged<TestBox>) -> Bool {
        slots.pop(to: 0)
        callDepth = 0
        do throws(EvalError) {
            return try TestBox.run(test, self, 0)
        } catch {
            return false
        }
    }

    /// A path literal with its interpolations evaluated.
    func buildPath(_ parts: [CompiledPathPart], _ base: Int) throws(EvalError) -> RulesPath {
        var segments: [String] = []
        for part in parts {
            switch part {
            case .text(let text): segments.append(text)
            case .interpolation(let expr): try Self.appendInterpolation(try expr(self, base), to: &segments)
            }
        }
        return RulesPath(segments: segments)
    }
}
