import RulesSyntax

/// `check.unsupported-regex`, reported by the rules compiler: a regular expression feature that production's RE2 rejects.
enum UnsupportedRegex {
    static let check = LintCheck(
        id: "check.unsupported-regex", category: .correctness, severity: .error,
        summary: "a regular expression feature that production's RE2 rejects",
        rationale: """
            Production evaluates patterns with RE2, which has no lookaround, backreferences or possessive \
            repetition; a ruleset using them is rejected on deploy.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.matches('(?!tmp).*');\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if !f.matches('tmp.*');\n}"],
        detector: .compiler)
}
