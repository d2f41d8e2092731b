import RulesSyntax

/// `check.invalid-regex`, reported by the rules compiler: a constant regular expression that does not compile.
enum InvalidRegex {
    static let check = LintCheck(
        id: "check.invalid-regex", category: .correctness, severity: .warning,
        summary: "a constant regular expression that does not compile",
        rationale: """
            A malformed pattern passed to `matches`, `split` or `replace` is an error each time the rule \
            runs, so every request it guards is denied.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.matches('image/(png');\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.matches('image/(png|jpeg)');\n}"],
        detector: .compiler)
}
