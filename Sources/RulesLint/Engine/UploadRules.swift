import RulesSyntax

/// Shared logic of the size and content-type checks: which `allow`
/// statements accept uploads under some condition.
enum UploadRules {
    /// Allow statements that grant `create` under a condition that is not a constant.
    static func conditionalCreates(_ context: LintContext) -> [(allow: AllowStatement, condition: Expr, reachable: [Expr])] {
        context.allows.compactMap { allow, _ in
            guard allow.covers(.create), let condition = allow.condition, condition.boolLiteral == nil else { return nil }
            return (allow, condition, context.reachable(from: condition))
        }
    }

    /// Whether the expressions read `request.resource.<field>`.
    static func reads(_ field: String, in context: LintContext, _ roots: [Expr]) -> Bool {
        context.contains(roots) { $0.dottedPath == ["request", "resource", field] }
    }

    /// The methods as written, for messages.
    static func methods(_ allow: AllowStatement) -> String {
        allow.methods.map(\.method.rawValue).joined(separator: ", ")
    }
}
