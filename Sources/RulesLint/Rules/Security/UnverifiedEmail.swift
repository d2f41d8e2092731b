import RulesSyntax

/// `request.auth.token.email == 'admin@example.com'` without `email_verified`.
enum UnverifiedEmail {
    static let check = LintCheck(
        id: "lint.unverified-email", category: .security, severity: .warning,
        summary: "`request.auth.token.email` trusted without `email_verified`",
        rationale: """
            Many sign-in providers let users claim an email address they do not own until it is verified. A \
            rule that grants by email (an admin address, a company domain) must also require \
            `request.auth.token.email_verified == true`.
            """,
        triggering: ["match /admin/{f} {\n  allow write: if request.auth.token.email == 'admin@example.com';\n}"],
        nonTriggering: ["match /admin/{f} {\n  allow write: if request.auth.token.email == 'admin@example.com'\n    && request.auth.token.email_verified == true;\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        var reported: Set<Int> = []
        for (allow, _) in context.allows {
            guard let condition = allow.condition else { continue }
            let reachable = context.reachable(from: condition)
            guard !context.contains(reachable, where: { $0.dottedPath == ["request", "auth", "token", "email_verified"] }) else { continue }
            var first: Expr?
            for root in reachable where first == nil {
                root.forEachNode { node in
                    if first == nil, node.dottedPath == ["request", "auth", "token", "email"] { first = node }
                }
            }
            guard let email = first, reported.insert(email.range.start).inserted else { continue }
            reports.append(LintReport(
                "`request.auth.token.email` is trusted without checking `email_verified`", at: email.range,
                help: "add `request.auth.token.email_verified == true`"))
        }
        return reports
    }
}
