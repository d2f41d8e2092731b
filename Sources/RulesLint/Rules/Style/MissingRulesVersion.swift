import RulesSyntax

/// A file without `rules_version = '2';`.
enum MissingRulesVersion {
    static let check = LintCheck(
        id: "lint.missing-rules-version", category: .style, severity: .warning,
        summary: "no `rules_version` statement, so the file is version 1",
        rationale: """
            Without `rules_version = '2';` the rules are version 1: `list` never works and recursive wildcards \
            must be last and match at least one segment. Every new feature and every current example assumes \
            version 2. `--fix` inserts the statement.
            """,
        triggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
        nonTriggering: ["rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
        fixable: true, detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        guard let ruleset = context.ruleset, ruleset.versionRange == nil else { return [] }
        let start = ruleset.service?.range.start ?? 0
        return [LintReport(
            "missing `rules_version = '2';`: the file is read as version 1", at: SourceRange(start: start, end: start + min(7, max(0, context.source.bytes.count - start))),
            help: "add `rules_version = '2';` as the first line",
            fix: LintFix([TextEdit(range: .at(0), replacement: "rules_version = '2';\n")]))]
    }
}
