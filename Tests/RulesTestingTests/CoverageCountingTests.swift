import Foundation
import RulesEngine
import Testing

@testable import RulesTesting

/// What counts as covered, and how the percentages are printed and compared.
@Suite("Coverage counting")
struct CoverageCountingTests {
    static func coverage(_ rules: String, cases: String) async throws -> CoverageReport {
        let indented = rules.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        let suite = try loadSuite("rulesSource: |\n\(indented)\nusers: {alice: {uid: alice}}\ncases:\n\(cases)\n")
        return CoverageCollector.collect(await run([suite]))
    }

    @Test("a constant condition is fully covered once its statement runs")
    func constantConditions() async throws {
        let report = try await Self.coverage(
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /public/{name} {
                  allow get: if true;
                  allow create: if (false) || !true;
                  allow delete: if request.auth != null || false;
                }
              }
            }
            """,
            cases: """
              - {name: get, get: public/a, expect: {decision: allow, error: objectNotFound}}
              - {name: create, upload: public/a, content: x, expect: deny}
              - {name: delete, as: alice, delete: public/a, expect: {decision: allow, error: objectNotFound}}
              - {name: delete signed out, delete: public/a, expect: {decision: allow, error: objectNotFound}}
            """)
        let file = try #require(report.files.first)
        // Only the delete condition and its `request.auth != null` are branch points; both went both ways.
        #expect(file.branchCount == 4)
        #expect(file.branchesCovered == 4)
        #expect(report.meets(threshold: 100))
        #expect(file.lines.allSatisfy { $0.status == .covered })
    }
}
