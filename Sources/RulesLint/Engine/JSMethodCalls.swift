import RulesEngine
import RulesSyntax

/// JavaScript method names with their rules spelling.
enum JSMethodCalls {
    /// Calls `.name(...)` of a method rules do not have, with the message and an optional replacement name.
    static func reports(
        _ context: LintContext, names: [String: (message: String, replacement: String?)]
    ) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            root.forEachNode { node in
                guard case .call(let callee, _) = node.kind, case .member(_, let name) = callee.kind,
                    let entry = names[name.name], !BuiltinRegistry.isMethodName(name.name)
                else { return }
                let fix = entry.replacement.map { LintFix([TextEdit(range: name.range, replacement: $0)]) }
                reports.append(LintReport("`\(name.name)()` is JavaScript: \(entry.message)", at: name.range, help: entry.message, fix: fix))
            }
        }
        return reports
    }
}
