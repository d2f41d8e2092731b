import RulesSyntax

/// `match /images/{imageId}` where no rule reads `imageId`.
enum UnusedWildcard {
    static let check = LintCheck(
        id: "lint.unused-wildcard", category: .style, severity: .note,
        summary: "a folder wildcard (such as a user id) that no rule below it reads",
        rationale: """
            A wildcard that no condition reads is often a sign that the condition forgot to check it (a user \
            id that is never compared with `request.auth.uid`). The `{bucket}` of `/b/{bucket}/o`, recursive \
            wildcards, the last segment of an innermost match (`/images/{imageId}`: the file has to be named) \
            and names starting with `_` are not reported.
            """,
        triggering: ["match /users/{uid}/{file} {\n  allow read: if request.auth != null && file.size() < 100;\n}"],
        nonTriggering: ["match /users/{uid}/{file} {\n  allow read: if request.auth.uid == uid;\n}", "match /users/{_uid}/{file} {\n  allow read: if request.auth != null;\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        context.forEachBlock { block, chain in
            let isBucketLevel = chain.count == 1
            for (index, segment) in block.path.segments.enumerated() {
                guard case .single(let name) = segment.kind, !name.hasPrefix("_") else { continue }
                if isBucketLevel, index == 1, block.path.segments.first?.kind == .literal("b") { continue }
                // `match /images/{imageId}` has to name the file it matches; not reading it is normal.
                if index == block.path.segments.count - 1, block.matches.isEmpty { continue }
                if readsName(name, in: block) { continue }
                reports.append(LintReport(
                    "wildcard `\(name)` is never read", at: segment.range,
                    help: "check it in a condition, or name it `{_\(name)}` to say it is deliberate"))
            }
        }
        return reports
    }

    /// Whether a condition or function inside the block reads the name.
    private static func readsName(_ name: String, in block: MatchBlock) -> Bool {
        var roots = block.allows.compactMap(\.condition)
        roots += block.functions.flatMap { $0.lets.map(\.value) + [$0.body] }
        for root in roots {
            var found = false
            root.forEachNode { if case .identifier(name) = $0.kind { found = true } }
            if found { return true }
        }
        return block.matches.contains { readsName(name, in: $0) }
    }
}
