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
    /// How many of ``locals`` (in declaration order, the parameters first)
    /// the expression sees: a `let` sees those declared before it.
    let visibleLocals: Int
    /// How many user-function calls deep this evaluation is.
    let callDepth: Int

    /// Where an allow condition of `scope` is evaluated, outside any function.
    init(scope: Scope, captureDepth: Int, callDepth: Int) {
        self.init(scope: scope, captureDepth: captureDepth, locals: nil, visibleLocals: 0, callDepth: callDepth)
    }

    /// Where code with the first `visibleLocals` of `locals` is evaluated.
    init(scope: Scope, captureDepth: Int, locals: LocalFrame?, visibleLocals: Int, callDepth: Int) {
        self.scope = scope
        self.captureDepth = captureDepth
        self.locals = locals
        self.visibleLocals = visibleLocals
        self.callDepth = callDepth
    }

    /// The same place seeing only the first `count` locals: where a `let`'s
    /// value is evaluated.
    func seeing(_ count: Int) -> Environment {
        Environment(scope: scope, captureDepth: captureDepth, locals: locals, visibleLocals: count, callDepth: callDepth)
    }
}

/// The parameters and lazily evaluated `let` bindings of one function call,
/// in declaration order.
///
/// A `let` is evaluated the first time it is read and remembered, so an
/// unused binding that would fail never fails the function. A name refers
/// to the latest of its bindings the reading code sees (see
/// ``Environment/visibleLocals``). A function has a handful of locals: they
/// are searched in a list, not hashed.
final class LocalFrame {
    private enum State {
        case value(Value)
        case pending(Expr)
        case failed(EvalError)
    }

    // Unchecked for exclusivity, as the evaluator's own state is: a frame
    // belongs to one call on one evaluator's thread, and no access to it
    // spans another (a `let` reads only locals declared before it, so its
    // own state is written only after its expression has run). The
    // runtime's checks were ~1,000 instructions of a traced decision
    // through two functions.
    @exclusivity(unchecked) private var names: [String]
    @exclusivity(unchecked) private var states: [State]

    init(parameters: [Identifier], arguments: [Value], lets: [LetBinding]) {
        names = []
        states = []
        names.reserveCapacity(parameters.count + lets.count)
        states.reserveCapacity(parameters.count + lets.count)
        for (parameter, argument) in zip(parameters, arguments) {
            names.append(parameter.name)
            states.append(.value(argument))
        }
        for binding in lets {
            names.append(binding.name.name)
            states.append(.pending(binding.value))
        }
    }

    /// Every local: what a function's returned expression sees.
    var count: Int { names.count }

    /// The position of the latest of the first `visible` locals named `name`.
    private func index(of name: String, visible: Int) -> Int? {
        names[..<visible].lastIndex(of: name)
    }

    /// Whether one of the first `visible` locals is named `name`.
    func binds(_ name: String, visible: Int) -> Bool {
        index(of: name, visible: visible) != nil
    }

    /// The value of the latest of the first `visible` locals named `name`,
    /// evaluating a pending `let` with `evaluate`, which is given the
    /// expression and how many locals it sees (those before the `let`).
    func value(
        of name: String, visible: Int, evaluate: (Expr, Int) throws(EvalError) -> Value
    ) throws(EvalError) -> Value? {
        guard let index = index(of: name, visible: visible) else { return nil }
        switch states[index] {
        case .value(let value):
            return value
        case .failed(let error):
            throw error
        case .pending(let expr):
            do {
                let value = try evaluate(expr, index)
                states[index] = .value(value)
                return value
            } catch {
                states[index] = .failed(error)
                throw error
            }
        }
    }
}
