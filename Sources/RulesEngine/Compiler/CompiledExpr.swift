import RulesSyntax

/// An expression compiled for untraced evaluation: names are resolved to
/// wildcard positions and local slots, functions to their compiled bodies
/// and builtins to their declarations when the ruleset is compiled, so
/// evaluating does no name lookup.
///
/// It is called with the request's evaluator and the index of the current
/// function call's first local slot in ``Evaluator/slots`` (0 outside
/// functions). It counts against the expression budget exactly as the
/// tree-walking ``Evaluator/evaluate(_:_:)`` does, so both give the same
/// outcome and message for every condition.
typealias CompiledExpr = @Sendable (Evaluator, Int) throws(EvalError) -> Value

/// A user function compiled for untraced evaluation.
///
/// Calls refer to it before its body is compiled (a body may call functions
/// declared later), so it is filled in after construction: only while the
/// ruleset is being compiled, before the ruleset is shared, and read only
/// afterwards.
final class FunctionCode: @unchecked Sendable {
    /// Parameters take the first local slots of a call.
    var parameterCount = 0
    /// The `let` initializers; the `let` of index `k` lives in slot
    /// `parameterCount + k`. One per distinct name: a later `let` of a name
    /// replaces an earlier one.
    var letInitializers: [CompiledExpr] = []
    /// The returned expression (set right after construction).
    var body: CompiledExpr!
}

/// One local of a function call: a parameter's value or a `let`'s state.
enum LocalSlot {
    /// A parameter, or a `let` already evaluated.
    case value(Value)
    /// A `let` not read yet.
    case pending
    /// A `let` being evaluated: its own name does not refer to it meanwhile.
    case evaluating
    /// A `let` whose evaluation failed; reading it fails the same way again.
    case failed(EvalError)
}

/// The locals of the compiled function calls in progress, innermost last.
///
/// Popping a call only lowers ``count``: the storage keeps its capacity
/// and its slots, which the next call overwrites, so calls allocate
/// nothing once the stack has grown. ``clear()`` lets go of every value.
struct LocalStack {
    private var storage: [LocalSlot] = []
    /// How many slots the calls in progress use.
    private(set) var count = 0

    /// The slot at a position below ``count``.
    subscript(slot: Int) -> LocalSlot {
        get { storage[slot] }
        set { storage[slot] = newValue }
    }

    /// Pushes a slot for the call being set up.
    mutating func push(_ slot: LocalSlot) {
        if count < storage.count {
            storage[count] = slot
        } else {
            storage.append(slot)
        }
        count += 1
    }

    /// Pops every slot from position `count` on.
    mutating func pop(to count: Int) {
        self.count = count
    }

    /// Pops every slot and releases the values they held. The slots are
    /// overwritten rather than removed: the storage keeps its length, so the
    /// next request's pushes assign in place instead of appending.
    mutating func clear() {
        var slot = 0
        while slot < storage.count {
            storage[slot] = .pending
            slot += 1
        }
        count = 0
    }
}

/// How a name inside a function body is bound locally.
enum LocalBinding {
    /// The parameter in this slot.
    case parameter(slot: Int)
    /// The `let` of this index (slot `parameterCount + index`).
    case letBinding(index: Int, slot: Int)
}

/// Where the parameters and `let`s of one function live in a call's slots.
struct LocalLayout {
    let code: FunctionCode
    let parameterCount: Int
    /// The initializer of each `let` slot, in slot order.
    let letExpressions: [Expr]
    private let bindings: [String: LocalBinding]

    init(_ declaration: FunctionDecl, code: FunctionCode) {
        self.code = code
        var bindings: [String: LocalBinding] = [:]
        for (slot, parameter) in declaration.parameters.enumerated() {
            bindings[parameter.name] = .parameter(slot: slot)
        }
        parameterCount = declaration.parameters.count
        var letExpressions: [Expr] = []
        var letIndexes: [String: Int] = [:]
        for binding in declaration.lets {
            if let index = letIndexes[binding.name.name] {
                letExpressions[index] = binding.value
            } else {
                letIndexes[binding.name.name] = letExpressions.count
                letExpressions.append(binding.value)
            }
        }
        for (name, index) in letIndexes {
            bindings[name] = .letBinding(index: index, slot: parameterCount + index)
        }
        self.letExpressions = letExpressions
        self.bindings = bindings
    }

    /// How `name` is bound in the function, if it is.
    func binding(of name: String) -> LocalBinding? { bindings[name] }
}
