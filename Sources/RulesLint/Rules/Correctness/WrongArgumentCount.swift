import RulesEngine
import RulesSyntax

/// `isOwner()` for `function isOwner(uid)`, `math.abs(1, 2)`.
enum WrongArgumentCount {
    static let check = LintCheck(
        id: "lint.wrong-argument-count", category: .correctness, severity: .error,
        summary: "a function called with the wrong number of arguments",
        rationale: """
            Calling a function with too many or too few arguments is an error when the rule runs \
            (`Incorrect number of arguments`), so the condition denies. The compiler does not check arity.
            """,
        triggering: [
            "function isOwner(uid) { return request.auth.uid == uid; }\nmatch /users/{uid}/{f} {\n  allow read: if isOwner();\n}",
            "match /a/{f} {\n  allow read: if math.abs(1, 2) > 0;\n}",
            "match /a/{f} {\n  allow write: if request.resource.contentType.matches();\n}",
        ],
        nonTriggering: [
            "function isOwner(uid) { return request.auth.uid == uid; }\nmatch /users/{uid}/{f} {\n  allow read: if isOwner(uid);\n}",
            "match /a/{f} {\n  allow read: if math.abs(-1) > 0;\n}",
            "match /a/{f} {\n  allow write: if request.resource.contentType.matches('image/.*');\n}",
        ],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, locals) in context.scopedRoots {
            root.forEachNode { node in
                guard case .call(let callee, let arguments) = node.kind else { return }
                var name = ""
                var accepted: Set<Int> = []
                switch callee.kind {
                case .identifier(let identifier):
                    name = identifier
                    if let declarations = context.functionsByName[identifier] {
                        accepted = Set(declarations.map(\.parameters.count))
                    } else if let builtin = BuiltinRegistry.global(identifier) {
                        accepted = Set(builtin.signatures.map(\.parameters.count))
                    }
                case .member(let base, let member):
                    if case .identifier(let namespace) = base.kind, !locals.contains(namespace),
                        let builtin = BuiltinRegistry.function(namespace: namespace, name: member.name)
                    {
                        name = "\(namespace).\(member.name)"
                        accepted = Set(builtin.signatures.map(\.parameters.count))
                    } else if let type = StaticTypes.type(of: base, shadowed: locals),
                        let method = BuiltinRegistry.method(on: type, named: member.name)
                    {
                        // A method of a receiver whose type is certain, e.g. `request.resource.contentType.matches()`.
                        name = member.name
                        accepted = Set(method.signatures.map(\.parameters.count))
                    } else {
                        return
                    }
                default:
                    return
                }
                guard !accepted.isEmpty, !accepted.contains(arguments.count) else { return }
                let expected = accepted.sorted().map(String.init).joined(separator: " or ")
                reports.append(LintReport(
                    "`\(name)` takes \(expected) argument\(accepted == [1] ? "" : "s") but is called with \(arguments.count)",
                    at: node.range))
            }
        }
        return reports
    }
}
