import RulesSyntax

/// More than two distinct Firestore documents read for one request.
enum FirestoreLookupBudget {
    static let check = LintCheck(
        id: "lint.firestore-lookup-budget", category: .performance, severity: .warning,
        summary: "a rule that may read more than the 2 Firestore documents Storage allows per request",
        rationale: """
            Storage rules may look up at most 2 distinct Firestore documents per request; the third lookup \
            denies. Each lookup is also billed as a Firestore read. Keep what a rule needs in one document or \
            in custom claims.
            """,
        triggering: [lookups(3)], nonTriggering: [lookups(2)], detector: .tree(detect))

    private static func lookups(_ count: Int) -> String {
        let terms = (1...count).map { "firestore.exists(/databases/(default)/documents/t\($0)/$(request.auth.uid))" }
        return "match /a/{f} {\n  allow read: if " + terms.joined(separator: "\n    && ") + ";\n}"
    }

    static func detect(_ context: LintContext) -> [LintReport] {
        context.allows.compactMap { allow, _ in
            guard let condition = allow.condition else { return nil }
            var paths: Set<String> = []
            for root in context.reachable(from: condition) {
                root.forEachNode { node in
                    guard node.isFirestoreLookup, case .call(_, let arguments) = node.kind, let path = arguments.first else { return }
                    paths.insert(context.text(path).filter { !$0.isWhitespace })
                }
            }
            guard paths.count > 2 else { return nil }
            return LintReport(
                "this rule may look up \(paths.count) Firestore documents; a request may read at most 2, the third lookup denies",
                at: allow.head, help: "move the data into one document or into custom claims")
        }
    }
}
