import RulesSyntax

/// `allow read: if request.resource.size < ...`.
enum RequestResourceUnavailable {
    static let check = LintCheck(
        id: "lint.request-resource-unavailable", category: .correctness, severity: .error,
        summary: "`request.resource` read in a `get`, `list` or `delete` condition, where it is always null",
        rationale: """
            `request.resource` describes the object being written; for `get`, `list` and `delete` it is null, \
            and reading a field of null is an error. A `read` or `delete` rule that reads it therefore never \
            grants. Use `resource` for the stored object.
            """,
        triggering: ["match /a/{f} {\n  allow read: if request.resource.contentType.matches('image/.*');\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if resource.contentType.matches('image/.*');\n  allow write: if request.resource.contentType.matches('image/.*');\n}"],
        detector: .tree(detect))

    static let withoutIncoming: Set<RuleMethod> = [.get, .list, .delete]

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (allow, blocks) in context.allows {
            guard let condition = allow.condition,
                allow.methods.allSatisfy({ $0.method.granular.allSatisfy(withoutIncoming.contains) }),
                !Set(LintContext.captures(blocks).map(\.name)).contains("request"),
                !NullGuards.mentionsNullCheck(of: ["request", "resource"], in: [condition])
            else { continue }
            let methods = allow.methods.map(\.method.rawValue).joined(separator: ", ")
            condition.forEachNode { node in
                guard case .member(let base, _) = node.kind, base.dottedPath == ["request", "resource"] else { return }
                reports.append(LintReport(
                    "`request.resource` is null for \(methods): `\(context.text(node))` is an error, so this rule never grants",
                    at: node.range, help: "the stored object is `resource`"))
            }
        }
        return reports
    }
}

/// Recognises `x == null` / `x != null` guards.
enum NullGuards {
    /// Whether some expression compares the chain with `null`.
    static func mentionsNullCheck(of path: [String], in roots: [Expr]) -> Bool {
        var found = false
        for root in roots where !found {
            root.forEachNode { node in
                guard !found, case .binary(let op, let lhs, let rhs) = node.kind, op == .equal || op == .notEqual else { return }
                if (lhs.dottedPath == path && rhs.unparenthesized.kind == .null) || (rhs.dottedPath == path && lhs.unparenthesized.kind == .null) {
                    found = true
                }
            }
        }
        return found
    }
}
