import RulesSyntax

extension Evaluator {
    /// `f(args)`, `ns.f(args)` and `value.method(args)`.
    func call(_ callee: Expr, _ argumentExprs: [Expr], _ environment: Environment) throws(EvalError) -> Value {
        switch callee.kind {
        case .identifier(let name):
            if let (function, scope) = environment.scope.function(named: name) {
                return try callUserFunction(function, declaredIn: scope, argumentExprs, environment)
            }
            guard let builtin = BuiltinRegistry.global(name), isAvailable(builtin) else {
                throw .functionNotFound(name)
            }
            let arguments = try evaluateArguments(argumentExprs, environment)
            return try builtin.invoke(receiver: nil, arguments: arguments, context: self)
        case .member(let base, let name):
            if case .identifier(let namespace) = base.kind, BuiltinRegistry.namespaces.contains(namespace),
                !isBoundAsVariable(namespace, environment)
            {
                guard let builtin = BuiltinRegistry.function(namespace: namespace, name: name.name) else {
                    throw .functionNotFound("\(namespace).\(name.name)")
                }
                let arguments = try evaluateArguments(argumentExprs, environment)
                return try builtin.invoke(receiver: nil, arguments: arguments, context: self)
            }
            let receiver = try evaluate(base, environment)
            let arguments = try evaluateArguments(argumentExprs, environment)
            if case .null = receiver { throw .nullValue }
            guard let builtin = BuiltinRegistry.method(on: receiver.type, named: name.name) else {
                throw .functionNotFound(name.name)
            }
            return try builtin.invoke(receiver: receiver, arguments: arguments, context: self)
        default:
            // Only names and members can be called; `(f)(x)` names no function.
            throw .functionNotFound("()")
        }
    }

    private func evaluateArguments(_ exprs: [Expr], _ environment: Environment) throws(EvalError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(exprs.count)
        for expr in exprs { values.append(try evaluate(expr, environment)) }
        return values
    }

    private func callUserFunction(
        _ function: CompiledFunction, declaredIn scope: Scope, _ argumentExprs: [Expr], _ environment: Environment
    ) throws(EvalError) -> Value {
        let arguments = try evaluateArguments(argumentExprs, environment)
        guard arguments.count == function.declaration.parameters.count else {
            throw .argumentCount(received: arguments.count, expected: [function.signatureText])
        }
        guard environment.callDepth < Evaluator.maximumCallDepth else {
            throw EvalError("Maximum allowed call depth of 20 is reached for [\(function.name)] call stack.")
        }
        let frame = LocalFrame(
            parameters: function.declaration.parameters, arguments: arguments, lets: function.declaration.lets)
        let inner = Environment(
            scope: scope, captureDepth: function.scopeDepth, locals: frame, visibleLocals: frame.count,
            callDepth: environment.callDepth + 1)
        return try evaluate(function.declaration.body, inner)
    }

    /// Whether a name is a local or a wildcard here (and so not a namespace).
    private func isBoundAsVariable(_ name: String, _ environment: Environment) -> Bool {
        environment.locals?.binds(name, visible: environment.visibleLocals) == true || capture(name, environment) != nil
    }

    /// `debug()` exists only when the engine runs in emulator mode.
    private func isAvailable(_ builtin: Builtin) -> Bool {
        builtin.name != "debug" || options.enablesDebugFunction
    }
}
