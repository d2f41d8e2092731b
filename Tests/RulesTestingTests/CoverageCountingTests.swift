import Foundation
import RulesEngine
import RulesSyntax
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

    /// A report of 76 allow statements of which `covered` ran, and no branches.
    static func report(covered: Int, of total: Int) -> CoverageReport {
        let source = SourceFile(path: "s.rules", text: "")
        let allows = (0..<total).map { index in
            var counts = OutcomeCounts()
            if index < covered { counts.add(.value(.bool(true))) }
            return AllowCoverage(range: SourceRange(start: index, end: index), line: index + 1, text: "", pattern: "", counts: counts)
        }
        return CoverageReport(files: [FileCoverage(source: source, allows: allows, expressions: [], functions: [])])
    }

    @Test("the summary and the threshold message print the same number; the check uses the exact ratio")
    func oneRoundingRule() {
        let report = Self.report(covered: 63, of: 76)  // 82.894…%
        #expect(CoverageSummaryWriter.write(report).contains("63/76 allow statements (82.8%)"))
        #expect(CoverageSummaryWriter.write(report).contains("total: 82.8% of allow statements"))
        #expect(report.thresholdShortfall(82.9) == "coverage below the threshold of 82.9%: allow statements 82.8%, branches 100.0%")
        #expect(report.thresholdShortfall(82.89) == nil)
        #expect(report.thresholdShortfall(82.8) == nil)
        #expect(report.thresholdShortfall(83) == "coverage below the threshold of 83%: allow statements 82.8%, branches 100.0%")
        // 99.96% is shown as 99.9%, never as 100.0%, and does not meet 100.
        let almost = Self.report(covered: 2499, of: 2500)
        #expect(almost.thresholdShortfall(100) == "coverage below the threshold of 100%: allow statements 99.9%, branches 100.0%")
    }
}
