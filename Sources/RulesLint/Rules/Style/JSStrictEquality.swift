import RulesSyntax

/// `===` and `!==`, found in the text so they are reported even though the file does not parse.
enum JSStrictEquality {
    static let check = LintCheck(
        id: "lint.js-strict-equality", category: .style, severity: .error,
        summary: "JavaScript's `===` or `!==`, which rules do not have",
        rationale: """
            Rules compare with `==` and `!=`, which never convert types (`1 == '1'` is false), so they already \
            behave like JavaScript's strict operators. `===` and `!==` are syntax errors that stop the whole \
            file from deploying. `--fix` rewrites them.
            """,
        triggering: ["match /a/{f} {\n  allow read: if request.auth.uid === 'alice';\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if request.auth.uid == 'alice';\n}"],
        fixable: true, detector: .text(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (written, rules) in [("===", "=="), ("!==", "!=")] {
            for offset in context.scan.occurrences(of: written) {
                let range = SourceRange(start: offset, end: offset + 3)
                reports.append(LintReport(
                    "`\(written)` is JavaScript: rules write `\(rules)`", at: range, help: "write `\(rules)`",
                    fix: LintFix([TextEdit(range: range, replacement: rules)])))
            }
        }
        return reports
    }
}
