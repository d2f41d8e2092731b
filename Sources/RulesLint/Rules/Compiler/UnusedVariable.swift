import RulesSyntax

/// `check.unused-variable`, reported by the rules compiler: a `let` binding the function never reads.
enum UnusedVariable {
    static let check = LintCheck(
        id: "check.unused-variable", category: .style, severity: .warning,
        summary: "a `let` binding the function never reads",
        rationale: "An unused binding is dead code and often a sign that the returned expression checks the wrong thing.",
        triggering: ["function ok(x) {\n  let limit = 10;\n  return x < 5;\n}\nmatch /a/{f} {\n  allow read: if ok(1);\n}"],
        nonTriggering: ["function ok(x) {\n  let limit = 10;\n  return x < limit;\n}\nmatch /a/{f} {\n  allow read: if ok(1);\n}"],
        detector: .compiler)
}
