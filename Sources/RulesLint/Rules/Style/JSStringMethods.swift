import RulesSyntax

/// `startsWith`, `endsWith`, `indexOf`, `substring`, `charAt`, `replaceAll`.
enum JSStringMethods {
    static let check = LintCheck(
        id: "lint.js-string-methods", category: .style, severity: .error,
        summary: "JavaScript string methods rules do not have (`startsWith`, `endsWith`, `indexOf`, `substring`, ...)",
        rationale: """
            These methods do not exist in rules; calling them is an error, so the condition denies. Prefixes \
            and suffixes are tested with `matches`, substrings taken with `s[i:j]`, replacements with `replace`.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.startsWith('public_');\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.matches('public_.*');\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        JSMethodCalls.reports(context, names: [
            "startsWith": ("rules write `s.matches('prefix.*')`", nil),
            "endsWith": ("rules write `s.matches('.*suffix')`", nil),
            "indexOf": ("rules write `x in list`, or `s.matches(...)` for strings", nil),
            "substring": ("rules write `s[start:end]`", nil),
            "substr": ("rules write `s[start:end]`", nil),
            "charAt": ("rules write `s[index]`", nil),
            "replaceAll": ("rules write `s.replace(regex, replacement)`, which replaces every match", "replace"),
        ])
    }
}
