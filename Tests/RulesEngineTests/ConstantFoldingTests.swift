import RulesSyntax
import Testing

@testable import RulesEngine

/// `ConstantFolding`: one evaluator folds every constant of a ruleset, and
/// each fold starts with a whole budget of its own.
@Suite struct ConstantFoldingTests {
    /// Sixty copies of a 10-node constant joined by `&&`: 659 nodes, so a
    /// second fold on the same evaluator runs out of the 1,000-node budget
    /// unless the first one's count is reset.
    @Test func everyFoldHasAWholeBudget() throws {
        let constant = "(1 + 2 * 3 - 4) * 5 % 6 == (2 + 1) * 1"
        let condition = Array(repeating: constant, count: 60).joined(separator: " && ")
        let rules = Engine.storageRules("match /{path=**} { allow read: if \(condition); }")
        let parsed = Parser.parse(SourceFile(path: "fold.rules", text: rules))
        let expr = try #require(parsed.ruleset.service?.matches.first?.matches.first?.allows.first?.condition)
        let folding = ConstantFolding(options: .production)
        let scope = Scope(parent: nil, functions: [])
        for round in 1...3 {
            guard case .value(.bool(true)) = folding.evaluate(expr, scope: scope) else {
                Issue.record("fold \(round) did not give true")
                return
            }
        }
    }
}
