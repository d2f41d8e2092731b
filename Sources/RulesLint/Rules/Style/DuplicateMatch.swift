import RulesSyntax

/// Two sibling matches with the same path shape.
enum DuplicateMatch {
    static let check = LintCheck(
        id: "lint.duplicate-match", category: .style, severity: .warning,
        summary: "sibling match blocks whose paths match exactly the same objects",
        rationale: """
            Two sibling `match` blocks with the same path (wildcard names aside) both apply to every request \
            they match, and their grants add up. Readers who look at one block miss the other; merge them.
            """,
        triggering: ["match /images/{id} {\n  allow read: if request.auth != null;\n}\nmatch /images/{imageId} {\n  allow read: if true;\n}"],
        nonTriggering: ["match /images/{id} {\n  allow read: if request.auth != null;\n}\nmatch /videos/{id} {\n  allow read: if request.auth != null;\n}"],
        detector: .tree(detect))

    static func shape(_ path: MatchPath) -> String {
        path.segments.map { segment in
            switch segment.kind {
            case .literal(let text): "/" + text
            case .single: "/{}"
            case .recursive: "/{**}"
            }
        }.joined()
    }

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        func siblings(_ blocks: [MatchBlock]) {
            var seen: [String: MatchBlock] = [:]
            for block in blocks {
                let key = shape(block.path)
                if let first = seen[key] {
                    let line = context.source.location(of: first.range.start).line
                    reports.append(LintReport(
                        "`match \(block.path.text)` matches the same paths as `match \(first.path.text)` on line \(line)",
                        at: block.path.range, help: "merge the two blocks"))
                } else {
                    seen[key] = block
                }
                siblings(block.matches)
            }
        }
        siblings(context.ruleset?.service?.matches ?? [])
        return reports
    }
}
