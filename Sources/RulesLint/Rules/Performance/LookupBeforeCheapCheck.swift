import RulesSyntax

/// `firestore.get(...) ... && request.auth != null`: the cheap check should go first.
enum LookupBeforeCheapCheck {
    static let check = LintCheck(
        id: "lint.lookup-order", category: .performance, severity: .note,
        summary: "a Firestore lookup evaluated before a cheap check that could have decided the rule",
        rationale: """
            `&&` evaluates left to right and stops at the first false operand. A lookup on the left runs (and \
            is billed, and counts against the 2-lookup budget) even when a cheap check on the right such as \
            `request.auth != null` would have denied. Put cheap checks first.
            """,
        triggering: ["match /a/{f} {\n  allow read: if firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.admin\n    && request.auth != null;\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if request.auth != null\n    && firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.admin;\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            root.forEachNode { node in
                guard case .binary(.and, let lhs, let rhs) = node.kind,
                    context.contains([lhs], where: \.isFirestoreLookup),
                    !context.contains([rhs], where: { if case .call = $0.kind { return true } else { return false } })
                else { return }
                reports.append(LintReport(
                    "the Firestore lookup on the left runs before `\(context.text(rhs))`, which needs none",
                    at: rhs.range, help: "swap the operands: `\(context.text(rhs)) && ...`"))
            }
        }
        return reports
    }
}
