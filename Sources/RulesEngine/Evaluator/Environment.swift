import RulesSyntax

/// Where an expression is evaluated: which functions resolve, which
/// wildcard levels are visible, and the local variables of a function call.
struct Environment {
    /// The scope functions are resolved from.
    let scope: Scope
    /// Wildcard captures of match levels `0...captureDepth` are visible.
    let captureDepth: Int
    /// Parameters and `let`s of the function being evaluated, if any.
    let locals: LocalFrame?
    /// How many user-function calls deep this evaluation is.
    let callDepth: Int
}

/// The parameters and lazily evaluated `let` bindings of one function call.
///
/// A `let` is evaluated the first time it is read and remembered, so an
/// unused binding that would fail never fails the function.
final class LocalFrame {
    private var values: [String: Value]
    private var pending: [String: (expr: Expr, order: Int)]
    private var failed: [String: EvalError] = [:]

    init(parameters: [String: Value], lets: [LetBinding]) {
        values = parameters
        pending = [:]
        for (order, binding) in lets.enumerated() {
            // A later `let` of the same name shadows an earlier one.
            pending[binding.name.name] = (binding.value, order)
            values.removeValue(forKey: binding.name.name)
        }
    }

    /// Whether the frame binds a name.
    func binds(_ name: String) -> Bool {
        values[name] != nil || pending[name] != nil || failed[name] != nil
    }

    /// The value of a name, evaluating a pending `let` with `evaluate`.
    func value(of name: String, evaluate: (Expr) throws(EvalError) -> Value) throws(EvalError) -> Value? {
        if let value = values[name] { return value }
        if let error = failed[name] { throw error }
        guard let (expr, _) = pending.removeValue(forKey: name) else { return nil }
        do {
            let value = try evaluate(expr)
            values[name] = value
            return value
        } catch {
            failed[name] = error
            throw error
        }
    }
}
