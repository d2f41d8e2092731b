import RulesSyntax

/// Uploads with no `request.resource.size` limit.
enum NoSizeLimit {
    static let check = LintCheck(
        id: "lint.no-size-limit", category: .security, severity: .warning,
        summary: "uploads are allowed with no limit on their size",
        rationale: """
            Without a `request.resource.size < N` check a permitted user can upload objects of any size (up to \
            5 TiB), which costs storage and egress and can fill quotas. Bound uploads to what the app needs.
            """,
        triggering: ["match /users/{uid}/{f} {\n  allow create: if request.auth.uid == uid && request.resource.contentType.matches('image/.*');\n}"],
        nonTriggering: ["match /users/{uid}/{f} {\n  allow create: if request.auth.uid == uid && request.resource.size < 5 * 1024 * 1024\n    && request.resource.contentType.matches('image/.*');\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        UploadRules.conditionalCreates(context).compactMap { allow, _, reachable in
            guard !UploadRules.reads("size", in: context, reachable) else { return nil }
            return LintReport(
                "`allow \(UploadRules.methods(allow))` accepts uploads of any size", at: allow.head,
                help: "add `request.resource.size < 10 * 1024 * 1024` (or the limit your app needs)")
        }
    }
}
