import RulesSyntax

/// `check.duplicate-function`, reported by the rules compiler: two functions with the same name in one scope.
enum DuplicateFunction {
    static let check = LintCheck(
        id: "check.duplicate-function", category: .correctness, severity: .error,
        summary: "two functions with the same name in one scope",
        rationale: "A name may be declared once per scope; production rejects the ruleset otherwise.",
        triggering: ["function f() { return true; }\nfunction f() { return false; }\nmatch /a/{p} {\n  allow read: if f();\n}"],
        nonTriggering: ["function f() { return true; }\nmatch /a/{p} {\n  allow read: if f();\n}"],
        detector: .compiler)
}
