import RulesSyntax

/// Uploads with no `request.resource.contentType` check.
enum NoContentTypeCheck {
    static let check = LintCheck(
        id: "lint.no-content-type-check", category: .security, severity: .warning,
        summary: "uploads are allowed with no check of their content type",
        rationale: """
            Without a `request.resource.contentType` check a permitted user can upload any kind of file, \
            including HTML or scripts that are then served from your bucket's domain. Restrict uploads to the \
            types the app expects, e.g. `request.resource.contentType.matches('image/.*')`.
            """,
        triggering: ["match /users/{uid}/{f} {\n  allow create: if request.auth.uid == uid && request.resource.size < 1024 * 1024;\n}"],
        nonTriggering: ["match /users/{uid}/{f} {\n  allow create: if request.auth.uid == uid && request.resource.size < 1024 * 1024\n    && request.resource.contentType.matches('image/.*');\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        UploadRules.conditionalCreates(context).compactMap { allow, _, reachable in
            guard !UploadRules.reads("contentType", in: context, reachable) else { return nil }
            return LintReport(
                "`allow \(UploadRules.methods(allow))` accepts uploads of any content type", at: allow.head,
                help: "add e.g. `request.resource.contentType.matches('image/.*')`")
        }
    }
}
