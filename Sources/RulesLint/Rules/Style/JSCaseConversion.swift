import RulesSyntax

/// `.toLowerCase()` / `.toUpperCase()`.
enum JSCaseConversion {
    static let check = LintCheck(
        id: "lint.js-case-conversion", category: .style, severity: .error,
        summary: "JavaScript's `toLowerCase()`/`toUpperCase()`; rules write `lower()`/`upper()`",
        rationale: """
            Rules strings have `lower()` and `upper()`. The JavaScript names are errors when the rule runs, so \
            the condition denies. `--fix` renames them.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.toLowerCase() == 'readme';\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.lower() == 'readme';\n}"],
        fixable: true, detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        JSMethodCalls.reports(context, names: [
            "toLowerCase": ("rules write `lower()`", "lower"), "toUpperCase": ("rules write `upper()`", "upper"),
            "toLocaleLowerCase": ("rules write `lower()`", "lower"), "toLocaleUpperCase": ("rules write `upper()`", "upper"),
        ])
    }
}
