import RulesSyntax

/// `allow create: if resource.metadata.owner == request.auth.uid`.
enum UnguardedResourceInCreate {
    static let check = LintCheck(
        id: "lint.unguarded-resource-in-create", category: .correctness, severity: .warning,
        summary: "`resource` fields read in a `create` condition without a null guard",
        rationale: """
            For an upload of a new object, `resource` (the stored object) is null; reading one of its fields is \
            an error, so the upload is denied. Only overwrites of existing objects get past such a rule. Guard \
            with `resource == null || ...` when new uploads should be allowed.
            """,
        triggering: ["match /a/{f} {\n  allow create: if resource.metadata.owner == request.auth.uid;\n}"],
        nonTriggering: ["match /a/{f} {\n  allow create: if resource == null || resource.metadata.owner == request.auth.uid;\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (allow, blocks) in context.allows {
            guard let condition = allow.condition, allow.covers(.create),
                !LintContext.captures(blocks).contains(where: { $0.name == "resource" })
            else { continue }
            let reachable = context.reachable(from: condition)
            guard !NullGuards.mentionsNullCheck(of: ["resource"], in: reachable) else { continue }
            var first: Expr?
            condition.forEachNode { node in
                if first == nil, case .member(let base, _) = node.kind, base.dottedPath == ["resource"] { first = node }
            }
            guard let read = first else { continue }
            reports.append(LintReport(
                "`\(context.text(read))` is read for `create`, where `resource` is null for a new object: new uploads are denied",
                at: read.range, help: "guard it: `resource == null || \(context.text(read)) ...`"))
        }
        return reports
    }
}
