/// One builtin function or method, declared once: its name, where it lives,
/// its signatures, a summary, runnable examples and its implementation.
///
/// The checker reads names to warn about unknown functions, the evaluator
/// dispatches on ``receiver`` and ``name``, arity and argument-type errors are
/// derived from ``signatures`` with the service's wording, and a test runs
/// every example.
public struct Builtin: Sendable {
    /// Where a builtin is reached from.
    public enum Receiver: Sendable, Hashable {
        /// A global function such as `int(x)`.
        case global
        /// A namespaced function such as `math.abs(x)`.
        case namespace(String)
        /// A method on values of one type, such as `'a'.lower()`.
        case method(ValueType)
    }

    /// The bare name (`abs`, `lower`, `int`).
    public let name: String
    /// Where it is reached from.
    public let receiver: Receiver
    /// Accepted parameter lists; the first that fits the arguments is used.
    public let signatures: [Signature]
    /// One line saying what it does.
    public let summary: String
    /// Expressions that must evaluate to `true` (or to the stated error).
    public let examples: [BuiltinExample]
    /// The implementation. It receives the receiver (for methods), the
    /// arguments already checked against a signature, and the context.
    public let implementation: @Sendable (BuiltinCall) throws(EvalError) -> Value

    /// Declares a builtin.
    public init(
        _ name: String, on receiver: Receiver, signatures: [Signature], summary: String,
        examples: [BuiltinExample] = [],
        implementation: @escaping @Sendable (BuiltinCall) throws(EvalError) -> Value
    ) {
        self.name = name
        self.receiver = receiver
        self.signatures = signatures
        self.summary = summary
        self.examples = examples
        self.implementation = implementation
    }

    /// The name as messages print it: `int`, `math.abs`, `list.hasAny`.
    public var qualifiedName: String {
        switch receiver {
        case .global: name
        case .namespace(let namespace): "\(namespace).\(name)"
        case .method(let type): "\(type.name).\(name)"
        }
    }

    /// Each signature as messages print it, e.g. `math.abs(int)`.
    public var signatureTexts: [String] {
        signatures.map { "\(qualifiedName)(\($0.parameters.map(\.name).joined(separator: ", ")))" }
    }

    /// Checks arity and types against the signatures, then runs the implementation.
    public func invoke(receiver value: Value?, arguments: [Value], context: any BuiltinContext) throws(EvalError) -> Value {
        var arityFits = false
        for signature in signatures where signature.parameters.count == arguments.count {
            if signature.accepts(arguments) {
                return try implementation(BuiltinCall(receiver: value, arguments: arguments, signature: signature, context: context))
            }
            arityFits = true
        }
        guard arityFits else { throw .argumentCount(received: arguments.count, expected: signatureTexts) }
        let received = "\(qualifiedName)(\(arguments.map(\.type.name).joined(separator: ", ")))"
        throw .unsupported(received: received, expected: signatureTexts)
    }
}

/// The arguments a builtin implementation receives.
public struct BuiltinCall {
    /// The receiver of a method call; `nil` for functions.
    public let receiver: Value?
    /// The arguments, matching ``signature``.
    public let arguments: [Value]
    /// The signature the arguments matched.
    public let signature: Signature
    /// Services of the evaluation (regex cache, documents, logging).
    public let context: any BuiltinContext

    /// Creates a call.
    public init(receiver: Value?, arguments: [Value], signature: Signature, context: any BuiltinContext) {
        self.receiver = receiver
        self.arguments = arguments
        self.signature = signature
        self.context = context
    }

    /// The argument at an index (the signature guarantees it exists).
    public subscript(index: Int) -> Value { arguments[index] }
}

/// A parameter list.
public struct Signature: Sendable, Hashable {
    /// The parameter types.
    public let parameters: [ParameterType]

    /// Creates a signature.
    public init(_ parameters: [ParameterType]) {
        self.parameters = parameters
    }

    /// Whether the arguments fit (an int fits a `float` parameter).
    public func accepts(_ arguments: [Value]) -> Bool {
        arguments.count == parameters.count && zip(parameters, arguments).allSatisfy { $0.accepts($1) }
    }
}

/// The type of one parameter.
public enum ParameterType: Sendable, Hashable {
    /// Exactly this type (for `float`, ints are accepted too).
    case type(ValueType)
    /// Any value.
    case any

    /// Whether a value fits.
    public func accepts(_ value: Value) -> Bool {
        switch self {
        case .any: true
        case .type(.float): value.type == .float || value.type == .int
        case .type(let type): value.type == type
        }
    }

    /// The name printed in messages.
    public var name: String {
        switch self {
        case .any: "any"
        case .type(let type): type.name
        }
    }
}

extension ParameterType {
    /// Shorthand for `.type(.int)`, `.type(.string)`, ...
    public static let int = ParameterType.type(.int)
    /// `float` (accepts ints).
    public static let float = ParameterType.type(.float)
    /// `string`.
    public static let string = ParameterType.type(.string)
    /// `bool`.
    public static let bool = ParameterType.type(.bool)
    /// `bytes`.
    public static let bytes = ParameterType.type(.bytes)
    /// `list`.
    public static let list = ParameterType.type(.list)
    /// `map`.
    public static let map = ParameterType.type(.map)
    /// `set`.
    public static let set = ParameterType.type(.set)
    /// `path`.
    public static let path = ParameterType.type(.path)
    /// `null`.
    public static let null = ParameterType.type(.null)
    /// `timestamp`.
    public static let timestamp = ParameterType.type(.timestamp)
    /// `duration`.
    public static let duration = ParameterType.type(.duration)
    /// `latlng`.
    public static let latlng = ParameterType.type(.latlng)
}

/// A runnable example of a builtin.
public struct BuiltinExample: Sendable, Hashable {
    /// The expression, as it would appear in a condition.
    public let expression: String
    /// `nil` when the expression must evaluate to `true`; otherwise the
    /// exact error message it must produce.
    public let error: String?

    /// An expression that must evaluate to `true`.
    public static func `true`(_ expression: String) -> BuiltinExample {
        BuiltinExample(expression: expression, error: nil)
    }

    /// An expression that must fail with exactly this message.
    public static func error(_ expression: String, _ message: String) -> BuiltinExample {
        BuiltinExample(expression: expression, error: message)
    }
}

/// What builtins may ask of the evaluation they run in.
public protocol BuiltinContext: AnyObject {
    /// Looks up a Firestore document for `firestore.get` / `firestore.exists`,
    /// counting it against the request's budget of distinct documents.
    /// Returns `nil` when the document does not exist.
    func firestoreDocument(at path: RulesPath) throws(EvalError) -> RulesMap?

    /// Records a `debug()` value.
    func debugLog(_ value: Value)
}
