import RulesSyntax

/// `allow write;`, `allow create: if true;`.
enum PublicWrite {
    static let check = LintCheck(
        id: "lint.public-write", category: .security, severity: .error,
        summary: "anyone, signed in or not, may upload, overwrite or delete objects",
        rationale: """
            `allow write` with no condition or `if true` (also through `create`, `update` or `delete`) lets \
            anyone on the internet fill the bucket, overwrite files other people uploaded, or delete them. \
            Storage is billed by volume, so this is also a cost risk. Require at least a signed-in user and \
            limit size and content type.
            """,
        triggering: ["match /uploads/{f} {\n  allow write: if true;\n}", "match /uploads/{f} {\n  allow read, create;\n}"],
        nonTriggering: ["match /uploads/{f} {\n  allow read: if true;\n  allow write: if request.auth != null && request.resource.size < 1024 * 1024;\n}"],
        detector: .tree(detect))

    static let writeMethods: [RuleMethod] = [.create, .update, .delete]

    static func isUnconditional(_ allow: AllowStatement) -> Bool {
        allow.condition.map { $0.boolLiteral == true } ?? true
    }

    static func detect(_ context: LintContext) -> [LintReport] {
        context.allows.compactMap { allow, blocks in
            guard isUnconditional(allow), allow.methods.contains(where: { method in writeMethods.contains { method.method.covers($0) } }) else {
                return nil
            }
            let path = blocks.map(\.path.text).joined()
            let methods = allow.methods.map(\.method.rawValue).joined(separator: ", ")
            return LintReport(
                "public write: anyone may \(methods) objects under `\(path)`", at: allow.head,
                help: "require a signed-in user, e.g. `allow \(methods): if request.auth != null && request.resource.size < 5 * 1024 * 1024;`")
        }
    }
}
