import RulesSyntax

/// `check.recursion`, reported by the rules compiler: functions that call themselves.
enum Recursion {
    static let check = LintCheck(
        id: "check.recursion", category: .correctness, severity: .error,
        summary: "functions that call themselves",
        rationale: "Recursive and mutually recursive functions are not allowed; the ruleset does not deploy.",
        triggering: ["function f(x) { return f(x); }\nmatch /a/{p} {\n  allow read: if f(1);\n}"],
        nonTriggering: ["function f(x) { return x > 0; }\nmatch /a/{p} {\n  allow read: if f(1);\n}"],
        detector: .compiler)
}
