import RulesSyntax

/// `request.auth != null || true`, `1 == 1`, `x == x`.
enum ConstantCondition {
    static let check = LintCheck(
        id: "lint.constant-condition", category: .correctness, severity: .warning,
        summary: "a condition part that is always true or always false",
        rationale: """
            `x || true` grants everything, `x && false` grants nothing, and comparing two literals or an \
            expression with itself always gives the same answer. Such parts are usually left over from \
            debugging and make the rule mean something other than it says. A whole condition of `true` or \
            `false` is left to other checks: it is an explicit choice.
            """,
        triggering: [
            "match /a/{f} {\n  allow read: if request.auth != null || true;\n}",
            "match /a/{f} {\n  allow read: if f == f;\n}",
        ],
        nonTriggering: [
            "match /a/{f} {\n  allow read: if request.auth != null;\n  allow write: if false;\n}",
        ],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            root.forEachNode { node in
                guard case .binary(let op, let lhs, let rhs) = node.kind else { return }
                let text = context.text(node)
                switch op {
                case .and, .or:
                    for operand in [lhs, rhs] {
                        guard let value = operand.boolLiteral else { continue }
                        let result = op == .or ? (value ? "always true" : "the same as the other side") : (value ? "the same as the other side" : "always false")
                        reports.append(LintReport("`\(text)` is \(result): the literal `\(value)` decides it", at: node.range))
                        return
                    }
                case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                    if lhs.isLiteral && rhs.isLiteral {
                        reports.append(LintReport("`\(text)` compares two literals, so it is constant", at: node.range))
                    } else if context.text(lhs) == context.text(rhs), !containsCall(lhs) {
                        let always = [.equal, .lessOrEqual, .greaterOrEqual].contains(op) ? "always true" : "always false"
                        reports.append(LintReport("`\(text)` compares an expression with itself, so it is \(always)", at: node.range))
                    }
                default:
                    return
                }
            }
        }
        return reports
    }

    private static func containsCall(_ expr: Expr) -> Bool {
        var found = false
        expr.forEachNode { if case .call = $0.kind { found = true } }
        return found
    }
}
