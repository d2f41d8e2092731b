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
/// unused binding that would fail never fails the function. A function has
/// a handful of locals: they are searched in a list, not hashed.
final class LocalFrame {
    private enum State {
        case value(Value)
        case pending(Expr)
        /// Being evaluated: its own name does not refer to it meanwhile.
        case evaluating
        case failed(EvalError)
    }

    // Unchecked for exclusivity, as the evaluator's own state is: a frame
    // belongs to one call on one evaluator's thread, and no access to it
    // spans another (a `let` is marked `evaluating` before its expression
    // runs, not during). The runtime's checks were ~1,000 instructions of
    // a traced decision through two functions.
    @exclusivity(unchecked) private var names: [String]
    @exclusivity(unchecked) private var states: [State]

    init(parameters: [Identifier], arguments: [Value], lets: [LetBinding]) {
        names = []
        states = []
        names.reserveCapacity(parameters.count + lets.count)
        states.reserveCapacity(parameters.count + lets.count)
        for (parameter, argument) in zip(parameters, arguments) {
            bind(parameter.name, .value(argument))
        }
        // A later `let` of a name shadows an earlier one and a parameter.
        for binding in lets { bind(binding.name.name, .pending(binding.value)) }
    }

    private func bind(_ name: String, _ state: State) {
        if let index = names.firstIndex(of: name) {
            states[index] = state
        } else {
            names.append(name)
            states.append(state)
        }
    }

    /// Whether the frame binds a name.
    func binds(_ name: String) -> Bool {
        guard let index = names.firstIndex(of: name) else { return false }
        if case .evaluating = states[index] { return false }
        return true
    }

    /// The value of a name, evaluating a pending `let` with `evaluate`.
    func value(of name: String, evaluate: (Expr) throws(EvalError) -> Value) throws(EvalError) -> Value? {
        guard let index = names.firstIndex(of: name) else { return nil }
        switch states[index] {
        case .value(let value):
            return value
        case .failed(let error):
            throw error
        case .evaluating:
            return nil
        case .pending(let expr):
            states[index] = .evaluating
            do {
                let value = try evaluate(expr)
                states[index] = .value(value)
                return value
            } catch {
                states[index] = .failed(error)
                throw error
            }
        }
    }
}
