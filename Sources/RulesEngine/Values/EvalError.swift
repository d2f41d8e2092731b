/// An evaluation error. Its ``message`` is the service's wording exactly,
/// because users see it in explanations and compare it with Firebase's.
public struct EvalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, e.g. `Null value error.`.
    public var message: String

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Field access, `in` or a method call on `null`; also an unbound name.
    public static let nullValue = EvalError("Null value error.")
    /// Integer division or modulo by zero.
    public static let divideByZero = EvalError("Divide by zero error.")

    /// A missing map key.
    public static func undefinedProperty(_ key: String) -> EvalError {
        EvalError("Property \(key) is undefined on object.")
    }

    /// An unknown function, or a method the receiver's type lacks.
    public static func functionNotFound(_ name: String) -> EvalError {
        EvalError("Function not found error: Name: [\(name)].")
    }

    /// Operand or argument types no signature accepts.
    public static func unsupported(received: String, expected: [String]) -> EvalError {
        EvalError("Unsupported operation error. Received: \(received). Expected: \(expected.joined(separator: ", ")).")
    }

    /// A call with the wrong number of arguments.
    public static func argumentCount(received: Int, expected: [String]) -> EvalError {
        EvalError("Incorrect number of arguments. Received: \(received). Expected: \(expected.joined(separator: ", ")).")
    }

    /// An index or range bound outside a list or string.
    public static func indexOutOfBounds(index: Int64, size: Int) -> EvalError {
        EvalError("Index out of bound error. Index: [\(index)] , size: [\(size)].")
    }

    /// `int()` / `float()` could not parse a string.
    public static func typeConversion(argument: String, from: String, to: String) -> EvalError {
        EvalError("Type conversion error. Argument: [\(argument)], From type: [\(from)], To type: [\(to)].")
    }

    /// A regular expression that does not compile (or is not RE2 syntax).
    public static func invalidRegex(_ pattern: String) -> EvalError {
        EvalError("Invalid regular expression pattern. Pattern: \(pattern).")
    }

    /// The per-request expression budget ran out.
    public static let expressionBudget = EvalError(
        "Unable to evaluate the expression as the maximum of 1000 expressions to evaluate has been reached.")
}
