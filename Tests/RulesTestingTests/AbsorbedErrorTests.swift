import Foundation
import RulesEngine
import RulesSyntax
import Testing

@testable import RulesTesting

/// Errors that `||` and `&&` absorb are shown, marked as absorbed; verdicts never change.
@Suite("Absorbed errors in explanations")
struct AbsorbedErrorTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /p/{name} {
              allow get: if request.auth.uid == 'x' || true;
              allow delete: if false && request.auth.uid == 'x';
              allow create: if request.auth.uid == 'x' && false || name == 'n';
            }
          }
        }
        """

    static func explain(_ method: RuleMethod) throws -> (Decision, [String]) {
        let rules = try #require(CompiledRuleset.compile(SourceFile(path: "x.rules", text: rules)).ruleset)
        let decision = rules.authorize(AuthorizationRequest(
            method: method, bucket: "b", objectPath: "p/n", auth: nil, time: Fixtures.runTime))
        let text = Explainer(rules: rules).explain(decision).text(color: false)
        return (decision, text.split(separator: "\n").map(String.init))
    }

    @Test("`request.auth.uid == 'x' || true` signed out shows the absorbed error and the true operand")
    func absorbedByOr() throws {
        let (decision, lines) = try Self.explain(.get)
        #expect(decision.allowed)
        let absorbed = try #require(lines.firstIndex { $0.contains("request.auth.uid == 'x' → error:") })
        #expect(lines[absorbed].contains("(absorbed by `||`)"))
        let decider = try #require(lines.firstIndex { $0.hasSuffix("true → true (line 5)") })
        #expect(absorbed < decider)
    }

    @Test("an error in an operand that short-circuiting never reached is not shown; a deciding error is not marked")
    func notAbsorbed() throws {
        let (deleteDecision, deleteLines) = try Self.explain(.delete)
        #expect(!deleteDecision.allowed)
        #expect(!deleteLines.contains { $0.contains("absorbed") })
        let (createDecision, _) = try Self.explain(.create)
        #expect(createDecision.allowed)
    }

    @Test("the JSON report marks the line as an absorbed error")
    func json() throws {
        let rules = try #require(CompiledRuleset.compile(SourceFile(path: "x.rules", text: Self.rules)).ruleset)
        let decision = rules.authorize(AuthorizationRequest(method: .get, bucket: "b", objectPath: "p/n", auth: nil, time: Fixtures.runTime))
        #expect(Explainer(rules: rules).explain(decision).json.contains("\"kind\": \"absorbed-error\""))
    }
}
