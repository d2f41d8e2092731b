import RulesSyntax

/// `allow list` in a file without `rules_version = '2'`.
enum ListInVersion1 {
    static let check = LintCheck(
        id: "lint.list-in-v1", category: .correctness, severity: .error,
        summary: "`list` granted under rules_version 1, where listing never works",
        rationale: """
            Listing objects is only possible with `rules_version = '2'`. Under version 1 (also when the \
            statement is missing) production refuses every list request whatever the rules say, so an \
            `allow list` there never grants anything.
            """,
        triggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /photos/{f} {\n      allow list: if request.auth != null;\n    }\n  }\n}"],
        nonTriggering: ["rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /photos/{f} {\n      allow list: if request.auth != null;\n    }\n  }\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        guard context.ruleset?.version == .v1 else { return [] }
        return context.allows.flatMap { entry in
            entry.allow.methods.filter { $0.method == .list }.map { method in
                LintReport(
                    "`list` is never allowed under rules_version 1: this grant has no effect", at: method.range,
                    help: "add `rules_version = '2';` at the top of the file")
            }
        }
    }
}
