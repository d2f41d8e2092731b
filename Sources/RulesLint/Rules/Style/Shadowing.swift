import RulesSyntax

/// A parameter, `let` or nested wildcard that hides an outer name.
enum Shadowing {
    static let check = LintCheck(
        id: "lint.shadowing", category: .style, severity: .warning,
        summary: "a parameter, `let` or wildcard that hides a wildcard or `request`/`resource`",
        rationale: """
            A function parameter or `let` named like an enclosing wildcard, or a nested match reusing an outer \
            wildcard's name, hides the outer value: the rule then compares with something other than the \
            reader expects. Naming a parameter `request` or `resource` hides the request itself.
            """,
        triggering: ["match /users/{uid} {\n  function owns(uid) { return request.auth.uid == uid; }\n  match /{file} {\n    allow read: if owns(request.auth.uid);\n  }\n}"],
        nonTriggering: ["match /users/{uid} {\n  function owns(userId) { return request.auth.uid == userId; }\n  match /{file} {\n    allow read: if owns(uid);\n  }\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (function, blocks) in context.functions {
            let outer = Set(LintContext.captures(blocks).map(\.name)).union(["request", "resource"])
            let locals = function.parameters + function.lets.map(\.name)
            for local in locals where outer.contains(local.name) {
                let what = ["request", "resource"].contains(local.name) ? "the global `\(local.name)`" : "the wildcard `\(local.name)` of an enclosing match"
                reports.append(LintReport("`\(local.name)` in `\(function.name)` hides \(what)", at: local.range, help: "rename it"))
            }
        }
        context.forEachBlock { block, chain in
            let outer = Set(LintContext.captures(Array(chain.dropLast())).map(\.name))
            for (name, segment) in LintContext.captures([block]) where outer.contains(name) {
                reports.append(LintReport("wildcard `\(name)` hides the wildcard of the same name in an enclosing match", at: segment.range, help: "rename it"))
            }
        }
        return reports
    }
}
