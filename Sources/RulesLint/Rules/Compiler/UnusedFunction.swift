import RulesSyntax

/// `check.unused-function`, reported by the rules compiler: a function no rule calls.
enum UnusedFunction {
    static let check = LintCheck(
        id: "check.unused-function", category: .style, severity: .warning,
        summary: "a function no rule calls",
        rationale: """
            A function that no rule reaches is dead code; it is often a check the author meant to apply \
            and forgot, leaving a rule more open than intended.
            """,
        triggering: ["function isAdmin() { return request.auth.token.admin == true; }\nmatch /a/{f} {\n  allow read: if request.auth != null;\n}"],
        nonTriggering: ["function isAdmin() { return request.auth.token.admin == true; }\nmatch /a/{f} {\n  allow read: if isAdmin();\n}"],
        detector: .compiler)
}
