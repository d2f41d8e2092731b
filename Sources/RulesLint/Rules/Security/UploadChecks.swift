import RulesSyntax

/// Shared logic of the size and content-type checks: which `allow`
/// statements accept uploads under some condition.
enum UploadRules {
    /// Allow statements that grant `create` under a condition that is not a constant.
    static func conditionalCreates(_ context: LintContext) -> [(allow: AllowStatement, condition: Expr, reachable: [Expr])] {
        context.allows.compactMap { allow, _ in
            guard allow.covers(.create), let condition = allow.condition, condition.boolLiteral == nil else { return nil }
            return (allow, condition, context.reachable(from: condition))
        }
    }

    /// Whether the expressions read `request.resource.<field>`.
    static func reads(_ field: String, in context: LintContext, _ roots: [Expr]) -> Bool {
        context.contains(roots) { $0.dottedPath == ["request", "resource", field] }
    }

    /// The methods as written, for messages.
    static func methods(_ allow: AllowStatement) -> String {
        allow.methods.map(\.method.rawValue).joined(separator: ", ")
    }
}

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
