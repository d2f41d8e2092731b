import Foundation
import RulesEngine
import Testing

@testable import RulesTesting

/// `storage-rules test` without coverage decides untraced, through the
/// compiled conditions; with coverage or a JSON report, traced. Every
/// suite of the repository must give the same decisions both ways.
@Suite struct UntracedRunTests {
    static let suitePaths: [String] = {
        var found: [String] = []
        for directory in ["rules-examples", "conformance"] {
            let base = Fixtures.repositoryRoot + "/" + directory
            let enumerator = FileManager.default.enumerator(atPath: base)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".test.yaml") { found.append(base + "/" + relative) }
            }
        }
        return found.sorted()
    }()

    /// Each step's decisions and operation result, traces left out.
    static func summary(_ results: [SuiteResult]) -> [String] {
        results.flatMap { suite in
            suite.cases.flatMap { result in
                result.steps.map { step in
                    let decisions = (step.outcome?.decisions ?? []).map { decision in
                        "\(decision.allowed) " + decision.allows.map { $0.outcome.rulesDescription }.joined(separator: ";")
                    }
                    return "\(result.testCase.name) \(result.status) \(step.outcome?.error ?? "ok") \(decisions)"
                }
            }
        }
    }

    @Test func everySuiteDecidesAlikeTracedAndUntraced() async throws {
        #expect(Self.suitePaths.count >= 10)
        var suites: [TestSuite] = []
        for path in Self.suitePaths {
            suites.append(try SuiteLoader().load(path: path))
        }
        var traced = Fixtures.options()
        traced.recordsTraces = true
        var untraced = Fixtures.options()
        untraced.recordsTraces = false
        let tracedSummary = Self.summary(await TestRunner(options: traced).run(suites))
        let untracedSummary = Self.summary(await TestRunner(options: untraced).run(suites))
        #expect(tracedSummary.count == untracedSummary.count)
        for (tracedStep, untracedStep) in zip(tracedSummary, untracedSummary) where tracedStep != untracedStep {
            Issue.record("traced: \(tracedStep)\nuntraced: \(untracedStep)")
        }
    }
}
