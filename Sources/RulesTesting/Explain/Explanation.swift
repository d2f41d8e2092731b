import RulesEngine
import RulesSyntax

/// Why the rules decided what they did, ready for any reporter.
public struct Explanation: Sendable {
    /// The granular method.
    public var method: RuleMethod
    /// `request.path`.
    public var path: String
    /// The decision.
    public var allowed: Bool
    /// Why the request was refused before any rule ran, if it was.
    public var refusal: String?
    /// The rules file.
    public var file: String
    /// Match blocks that matched the path, outermost first.
    public var matches: [MatchLine]
    /// The relevant `allow` statements: the granting ones when allowed, every considered one when denied.
    public var allows: [AllowLine]

    /// One matched block.
    public struct MatchLine: Sendable {
        /// The full pattern.
        public var pattern: String
        /// The line of the innermost `match` statement.
        public var line: Int
        /// Wildcard bindings as `name = value` text.
        public var bindings: [(name: String, value: String)]
    }

    /// One `allow` statement.
    public struct AllowLine: Sendable {
        /// The statement's line.
        public var line: Int
        /// The statement's text on one line.
        public var text: String
        /// Its condition's outcome as text (`true`, `false`, `error: ...`).
        public var outcome: String
        /// Whether it granted the request.
        public var granted: Bool
        /// The sub-expressions that decided the outcome, in display order.
        public var details: [DetailLine]
    }

    /// One sub-expression and its outcome.
    public struct DetailLine: Sendable {
        /// Nesting level under the allow statement (1 = directly under it).
        public var depth: Int
        /// The expression's line in the rules file.
        public var line: Int
        /// The expression's text on one line.
        public var expression: String
        /// Its value or error as text.
        public var outcome: String
        /// `true` for a deciding (boolean or erroring) node, `false` for a leaf value shown as context.
        public var isDecision: Bool
        /// The operator (`||` or `&&`) that absorbed this operand's error, so
        /// the error did not decide the outcome; `nil` for every other line.
        public var absorbedBy: String? = nil
    }

    /// A one-line reason such as `no match block matches the path`.
    public var headline: String {
        if let refusal { return refusal }
        if matches.isEmpty { return "no match block matches \(path)" }
        if allows.isEmpty { return "no allow statement for `\(method.rawValue)` in the matched blocks" }
        return allowed ? "allowed" : "no allow statement evaluated to true"
    }
}
