import RulesSyntax

/// `.includes(x)`.
enum JSIncludes {
    static let check = LintCheck(
        id: "lint.js-includes", category: .style, severity: .error,
        summary: "JavaScript's `.includes()`; rules write `x in list` or `s.matches('.*x.*')`",
        rationale: """
            Rules have no `includes` method: the call is an error, so the condition denies. Lists, sets and \
            map keys are tested with `x in collection` (or `hasAny`/`hasAll`), strings with `matches`.
            """,
        triggering: ["match /a/{f} {\n  allow read: if ['a', 'b'].includes(f);\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f in ['a', 'b'];\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        JSMethodCalls.reports(context, names: ["includes": ("rules write `x in list` (or `s.matches('.*x.*')` for strings)", nil)])
    }
}
