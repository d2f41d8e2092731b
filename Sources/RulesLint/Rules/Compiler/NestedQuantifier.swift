import RulesSyntax

/// `check.nested-quantifier`, reported by the rules compiler: a repeated group that repeats inside.
enum NestedQuantifier {
    static let check = LintCheck(
        id: "check.nested-quantifier", category: .performance, severity: .warning,
        summary: "a repeated group holds a repetition, e.g. `(a+)+`",
        rationale: """
            Production's RE2 and this engine answer such a pattern in linear time, but a backtracking engine \
            (a test tool, a client-side validation that copies the pattern) can take exponential time on a \
            near-miss input. The pattern can almost always be simplified: `(a+)+` matches what `a+` matches.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.matches('(a+)+b');\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.matches('a+b');\n}"],
        detector: .compiler)
}
