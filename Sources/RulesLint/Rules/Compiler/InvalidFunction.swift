import RulesSyntax

/// `check.invalid-function`, reported by the rules compiler: a call to a function or method that does not exist.
enum InvalidFunction {
    static let check = LintCheck(
        id: "check.invalid-function", category: .correctness, severity: .warning,
        summary: "a call to a function or method that does not exist",
        rationale: """
            Calling an unknown function is an error at run time (`Function not found error`), so the \
            condition denies every request. Functions must be declared in an enclosing scope or be builtins.
            """,
        triggering: ["match /a/{f} {\n  allow read: if isSignedIn();\n}"],
        nonTriggering: ["function isSignedIn() { return request.auth != null; }\nmatch /a/{f} {\n  allow read: if isSignedIn();\n}"],
        detector: .compiler)
}
