import RulesSyntax

/// A file without `rules_version = '2';`.
enum MissingRulesVersion {
    static let check = LintCheck(
        id: "lint.missing-rules-version", category: .style, severity: .warning,
        summary: "no `rules_version` statement, so the file is version 1",
        rationale: """
            Without `rules_version = '2';` the rules are version 1: `list` never works and recursive wildcards \
            must be last and match at least one segment. Every new feature and every current example assumes \
            version 2. `--fix` inserts the statement when that keeps the meaning: only in files with no \
            recursive wildcard and no `read` or `list` grant.
            """,
        triggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
        nonTriggering: ["rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
        fixable: true, detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        guard let ruleset = context.ruleset, ruleset.versionRange == nil else { return [] }
        let start = ruleset.service?.range.start ?? 0
        let range = SourceRange(start: start, end: start + min(7, max(0, context.source.bytes.count - start)))
        let message = "missing `rules_version = '2';`: the file is read as version 1"
        if let change = meaningChange(context) {
            return [LintReport(message, at: range, help: "adding `rules_version = '2';` changes what the rules allow (\(change)); review before adding it")]
        }
        return [LintReport(
            message, at: range, help: "add `rules_version = '2';` as the first line",
            fix: LintFix([TextEdit(range: .at(0), replacement: "rules_version = '2';\n")]))]
    }

    /// What moving the file to version 2 would change, or `nil` when nothing:
    /// recursive wildcards start matching zero segments and `read` or `list`
    /// grants start allowing listing.
    static func meaningChange(_ context: LintContext) -> String? {
        var recursive = false
        var listing = false
        context.forEachBlock { block, _ in
            if block.path.segments.contains(where: { if case .recursive = $0.kind { true } else { false } }) { recursive = true }
            if block.allows.contains(where: { $0.covers(.list) }) { listing = true }
        }
        var changes: [String] = []
        if recursive { changes.append("`{name=**}` also matches zero segments") }
        if listing { changes.append("`read` and `list` grants start allowing folder listing") }
        return changes.isEmpty ? nil : changes.joined(separator: "; ")
    }
}
