import RulesSyntax

/// The answer to an ``AuthorizationRequest``, with its explanation.
///
/// The test runner, coverage, `storage-rules eval` and the emulator all read
/// this one record.
public struct Decision: Sendable {
    /// Whether the request is allowed.
    public var allowed: Bool
    /// The granular method that was checked.
    public var method: RuleMethod
    /// `request.path`.
    public var path: RulesPath
    /// Match blocks whose pattern matched the whole path, outermost first.
    public var matches: [MatchedBlock]
    /// Every `allow` statement considered: those of matched blocks whose
    /// methods cover the request method, in source order.
    public var allows: [AllowEvaluation]
    /// Why the request was refused before any rule ran (e.g. `list` under
    /// version 1), if it was.
    public var refusal: String?
    /// Values passed to `debug()` while deciding, in order (emulator mode only).
    public var debugOutput: [Value]

    /// Creates a decision.
    public init(
        allowed: Bool, method: RuleMethod, path: RulesPath, matches: [MatchedBlock], allows: [AllowEvaluation],
        refusal: String?, debugOutput: [Value] = []
    ) {
        self.allowed = allowed
        self.method = method
        self.path = path
        self.matches = matches
        self.allows = allows
        self.refusal = refusal
        self.debugOutput = debugOutput
    }

    /// The allow statement that granted the request, if any.
    public var grantingAllow: AllowEvaluation? { allows.first { $0.granted } }
}

/// A match block that matched the request path completely.
public struct MatchedBlock: Sendable {
    /// The full pattern, nested blocks' paths joined (e.g. `/b/{bucket}/o/images/{id}`).
    public var pattern: String
    /// The range of the innermost `match` statement's path.
    public var range: SourceRange
    /// Wildcard bindings, in pattern order.
    public var bindings: [(name: String, value: Value)]

    /// Creates a matched block.
    public init(pattern: String, range: SourceRange, bindings: [(name: String, value: Value)]) {
        self.pattern = pattern
        self.range = range
        self.bindings = bindings
    }
}

/// The evaluation of one `allow` statement.
public struct AllowEvaluation: Sendable {
    /// The statement's range.
    public var range: SourceRange
    /// The methods it names.
    public var methods: [RuleMethod]
    /// The pattern of the block it sits in.
    public var pattern: String
    /// The condition's range, `nil` for an unconditional `allow`.
    public var conditionRange: SourceRange?
    /// The condition's result; `.value(.bool(true))` for an unconditional allow.
    public var outcome: Outcome
    /// Every sub-expression evaluated, in evaluation order, when the request
    /// asked for a trace.
    public var trace: [TraceEntry]

    /// Creates an allow evaluation.
    public init(range: SourceRange, methods: [RuleMethod], pattern: String, conditionRange: SourceRange?, outcome: Outcome, trace: [TraceEntry]) {
        self.range = range
        self.methods = methods
        self.pattern = pattern
        self.conditionRange = conditionRange
        self.outcome = outcome
        self.trace = trace
    }

    /// Whether this statement granted the request (its condition is exactly `true`).
    public var granted: Bool {
        if case .value(.bool(true)) = outcome { return true }
        return false
    }
}

/// The result of evaluating an expression: a value or an error.
public enum Outcome: Sendable {
    /// It produced a value.
    case value(Value)
    /// It failed.
    case error(EvalError)
}

/// One evaluated sub-expression.
public struct TraceEntry: Sendable {
    /// The expression's id (unique within the ruleset).
    public var expressionID: Int
    /// The expression's range.
    public var range: SourceRange
    /// What it evaluated to.
    public var outcome: Outcome
    /// Nesting depth of function calls when it was evaluated (0 = the condition itself).
    public var callDepth: Int

    /// Creates a trace entry.
    public init(expressionID: Int, range: SourceRange, outcome: Outcome, callDepth: Int) {
        self.expressionID = expressionID
        self.range = range
        self.outcome = outcome
        self.callDepth = callDepth
    }
}
