import RulesSyntax

/// `check.invalid-variable`, reported by the rules compiler: a name that is not a variable in scope.
enum InvalidVariable {
    static let check = LintCheck(
        id: "check.invalid-variable", category: .correctness, severity: .warning,
        summary: "a name that is not a variable in scope",
        rationale: """
            A name that is neither `request`, `resource`, a wildcard of an enclosing match, a function \
            parameter nor a `let` binding is an error when the rule runs, so the condition denies. The \
            compiler only warns, which is why such typos reach production.
            """,
        triggering: ["match /users/{userId} {\n  allow read: if request.auth.uid == uid;\n}"],
        nonTriggering: ["match /users/{uid} {\n  allow read: if request.auth.uid == uid;\n}"],
        detector: .compiler)
}
