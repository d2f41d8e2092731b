import RulesSyntax

/// The parser's diagnostics, registered so that SARIF lists them with their
/// real severity and `.storage-rules.yaml` can configure them. They have no
/// examples of their own and stay out of the documented catalogue: each is
/// a plain parse problem whose message says what to change.
enum SyntaxChecks {
    static let all: [LintCheck] = [
        entry("syntax.unterminated-string", "a string literal is not closed on its line"),
        entry("syntax.invalid-escape", "an escape sequence the language does not have"),
        entry("syntax.unterminated-comment", "a block comment is not closed"),
        entry("syntax.invalid-number", "a malformed or out-of-range number literal"),
        entry("syntax.integer-overflow", "an integer literal that does not fit in 64 bits"),
        entry("syntax.invalid-character", "a control character in the text"),
        entry("syntax.unexpected-token", "a token where the grammar expects something else"),
        entry("syntax.missing-semicolon", "a statement without its `;`"),
        entry("syntax.invalid-version", "a `rules_version` other than '1' or '2'"),
        entry("syntax.misplaced-version", "`rules_version` after another statement"),
        entry("syntax.missing-service", "a file without a `service` block"),
        entry("syntax.repeated-version", "`rules_version` declared again with the same value", severity: .warning),
        entry("syntax.conflicting-version", "`rules_version` declared again with a different value"),
        entry("syntax.extra-service", "a second `service` block, which is ignored", severity: .warning),
        entry("syntax.empty-match", "a match block with nothing in it"),
        entry("syntax.nesting-too-deep", "match blocks nested too deeply"),
        entry("syntax.missing-match-keyword", "a path without `match` before it"),
        entry("syntax.invalid-match-path", "a malformed match path"),
        entry("syntax.invalid-wildcard", "a malformed `{wildcard}`"),
        entry("syntax.unknown-method", "an `allow` method that does not exist"),
        entry("syntax.missing-if", "an `allow` condition without `if`"),
        entry("syntax.missing-return", "a function body without `return`"),
        entry("syntax.unknown-type", "an `is` test against a type that does not exist"),
        entry("syntax.invalid-path-literal", "a malformed `path(...)` or `/path/` literal"),
        entry("syntax.invalid-slice", "a malformed `[a:b]` slice"),
        entry("syntax.invalid-call", "a call of something that is not a function or method"),
        entry("syntax.too-complex", "an expression nested too deeply to parse"),
    ]

    private static func entry(_ id: String, _ summary: String, severity: Severity = .error) -> LintCheck {
        LintCheck(
            id: id, category: .correctness, severity: severity, summary: summary,
            rationale: severity == .error
                ? "The rules parser rejects the file; production refuses to deploy it."
                : "The rules parser accepts the file but ignores this text, so it does not do what it seems to.",
            triggering: [], nonTriggering: [], detector: .compiler)
    }
}
