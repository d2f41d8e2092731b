import RulesSyntax

/// `.length` on a string or list.
enum JSLength {
    static let check = LintCheck(
        id: "lint.js-length", category: .style, severity: .error,
        summary: "JavaScript's `.length`; rules write `.size()`",
        rationale: """
            Strings, lists, maps and sets have a `size()` method and no `length` field. Reading `.length` is an \
            error when the rule runs, so the condition denies. `--fix` rewrites it.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.length < 100;\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.size() < 100 && resource.metadata.length == '10s';\n}"],
        fixable: true, detector: .tree(detect))

    /// Custom metadata, token claims and Firestore documents may really have a `length` key.
    static func isMapOfUserData(_ base: Expr) -> Bool {
        var node = base.unparenthesized
        while true {
            switch node.kind {
            case .member(let inner, let name):
                if ["metadata", "data", "token", "params"].contains(name.name) { return true }
                node = inner.unparenthesized
            case .index(let inner, _), .call(let inner, _):
                node = inner.unparenthesized
            default:
                return false
            }
        }
    }

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            var callees: Set<Int> = []
            root.forEachNode { node in
                if case .call(let callee, _) = node.kind { callees.insert(callee.id) }
                guard case .member(let base, let name) = node.kind, name.name == "length", !callees.contains(node.id),
                    !Self.isMapOfUserData(base)
                else { return }
                reports.append(LintReport(
                    "`.length` is JavaScript: rules write `.size()`", at: name.range, help: "write `\(context.text(base)).size()`",
                    fix: LintFix([TextEdit(range: name.range, replacement: "size()")])))
            }
        }
        return reports
    }
}
