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

/// A compiled expression in a box, for lists of them (arguments, `let`s,
/// list elements). A closure kept in an array is stored at its most
/// general abstraction and comes back wrapped in two conversion thunks,
/// both run at every call; a box's closure keeps its own.
final class ExprBox: Sendable {
    let run: CompiledExpr

    init(_ run: @escaping CompiledExpr) {
        self.run = run
    }
}

/// A user function compiled for untraced evaluation.
///
/// Calls refer to it before its body is compiled (a body may call functions
/// declared later), so it is filled in after construction: only while the
/// ruleset is being compiled, before the ruleset is shared, and read only
/// afterwards.
final class FunctionCode: @unchecked Sendable {
    /// The function's declaration, for the text of an arity error.
    let declaration: FunctionDecl
    /// Parameters take the first local slots of a call.
    var parameterCount = 0
    /// The `let` initializers, in declaration order; the `let` of index `k`
    /// lives in slot `parameterCount + k`. A `let` of a name declared before
    /// keeps a slot of its own: the lets between the two read the first.
    var letInitializers: [ExprBox] = []
    /// The returned expression (set right after construction).
    var body: CompiledExpr!
    /// The returned expression as a test, when it is one (see
    /// ``CompiledTest``); calls that need a boolean run it instead of
    /// ``body``. Set whenever a call compiles to it: both follow
    /// ``ExprCompiler/producesBoolean(_:in:depth:)`` of the body.
    var test: TestBox? {
        didSet { testReference = test.map { Unmanaged.passUnretained($0) } }
    }
    /// ``test`` without its reference count: reading it retains nothing.
    private(set) var testReference: Unmanaged<TestBox>?

    init(declaration: FunctionDecl) {
        self.declaration = declaration
    }

    /// `name(a, b)`, as arity errors print it: written only when one is
    /// reported, where making it for every function cost a compile about a
    /// thousand instructions per function.
    var signatureText: String {
        "\(declaration.name)(\(declaration.parameters.map(\.name).joined(separator: ", ")))"
    }
}

/// A test in a box that hot paths refer to without retaining it (an
/// `Unmanaged` reference), while an owner keeps it alive.
final class TestBox: Sendable {
    let test: CompiledTest

    init(_ test: @escaping CompiledTest) {
        self.test = test
    }

    /// Runs the test of the box at `reference`, which its owner keeps alive.
    @inline(__always)
    static func run(_ reference: Unmanaged<TestBox>, _ evaluator: Evaluator, _ base: Int) throws(EvalError) -> Bool {
        let result = reference._withUnsafeGuaranteedRef { box in
            Result { () throws(EvalError) -> Bool in try box.test(evaluator, base) }
        }
        return try result.get()
    }
}

/// One local of a function call: a parameter's value or a `let`'s state.
///
/// A `let`'s initializer reads only the parameters and the lets declared
/// before it, so no `let` is read while it is being evaluated.
enum LocalSlot {
    /// A parameter, or a `let` already evaluated.
    case value(Value)
    /// A `let` not read yet.
    case pending
    /// A `let` whose evaluation failed; reading it fails the same way again.
    case failed(EvalError)
}

/// The locals of the compiled function calls in progress, innermost last.
///
/// The slots live in memory the evaluator owns (it calls ``deallocate()``
/// when it goes), every one of them initialized, so a push is one
/// assignment: no copy-on-write check, and no append once the stack has
/// grown. Popping a call only lowers ``count``; ``clear()`` lets go of the
/// values of every slot used since the last clear.
struct LocalStack {
    /// `capacity` slots, all initialized; none until the first push, so an
    /// evaluator that calls no function (the compiler's constant folding
    /// makes one per constant) allocates nothing for them.
    private var storage: UnsafeMutablePointer<LocalSlot>?
    private var capacity = 0
    /// How many slots the calls in progress use.
    private(set) var count = 0
    /// The most slots in use since the last ``clear()``: only these can hold values.
    private var used = 0

    /// The slot at a position below ``count``.
    subscript(slot: Int) -> LocalSlot {
        get { storage.unsafelyUnwrapped[slot] }
        nonmutating set { storage.unsafelyUnwrapped[slot] = newValue }
    }

    /// Pushes a slot for the call being set up.
    @inline(__always)
    mutating func push(_ slot: LocalSlot) {
        if count == capacity { grow() }
        storage.unsafelyUnwrapped[count] = slot
        count &+= 1
        if count > used { used = count }
    }

    private mutating func grow() {
        let larger = max(16, capacity * 2)
        let grown = UnsafeMutablePointer<LocalSlot>.allocate(capacity: larger)
        if let storage {
            grown.moveInitialize(from: storage, count: capacity)
            storage.deallocate()
        }
        (grown + capacity).initialize(repeating: .pending, count: larger - capacity)
        storage = grown
        capacity = larger
    }

    /// Pops every slot from position `count` on.
    mutating func pop(to count: Int) {
        self.count = count
    }

    /// Pops every slot and releases the values they held.
    mutating func clear() {
        var slot = 0
        while slot < used {
            storage.unsafelyUnwrapped[slot] = .pending
            slot &+= 1
        }
        used = 0
        count = 0
    }

    /// Releases the storage; the stack is not used afterwards.
    func deallocate() {
        guard let storage else { return }
        storage.deinitialize(count: capacity)
        storage.deallocate()
    }
}

/// How a name inside a function body is bound locally.
enum LocalBinding {
    /// The parameter in this slot.
    case parameter(slot: Int)
    /// The `let` of this index (slot `parameterCount + index`).
    case letBinding(index: Int, slot: Int)
}

/// Where the parameters and `let`s of one function live in a call's slots,
/// and which of them a name refers to at a given place.
///
/// Each `let` sees the parameters and the lets declared before it, the
/// returned expression all of them; the latest of a name wins.
struct LocalLayout {
    let code: FunctionCode
    let parameterCount: Int
    /// The initializer of each `let`, in declaration (and slot) order.
    let letExpressions: [Expr]
    private let parameterNames: [String]
    private let letNames: [String]

    init(_ declaration: FunctionDecl, code: FunctionCode) {
        self.code = code
        parameterNames = declaration.parameters.map(\.name)
        parameterCount = parameterNames.count
        letNames = declaration.lets.map(\.name.name)
        letExpressions = declaration.lets.map(\.value)
    }

    /// The local `name` refers to where the first `visibleLets` lets are
    /// declared (all of them in the returned expression), if any.
    func binding(of name: String, visibleLets: Int) -> LocalBinding? {
        if let index = letNames[..<visibleLets].lastIndex(of: name) {
            return .letBinding(index: index, slot: parameterCount + index)
        }
        return parameterNames.lastIndex(of: name).map { .parameter(slot: $0) }
    }
}
