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
    static func summary(_ result: CaseResult) -> [String] {
        result.steps.map { step in
            let decisions = (step.outcome?.decisions ?? []).map { decision in
                "\(decision.allowed) " + decision.allows.map { $0.outcome.rulesDescription }.joined(separator: ";")
            }
            return "\(result.testCase.name) \(result.status) \(step.outcome?.error ?? "ok") \(decisions)"
        }
    }

    /// Runs every case once traced and once untraced, each through
    /// `CaseExecutor.run(_:tracing:)` itself: the runner re-runs a failing
    /// untraced case traced to explain it, which would hide an untraced
    /// verdict that differs.
    @Test func everySuiteDecidesAlikeTracedAndUntraced() async throws {
        #expect(Self.suitePaths.count >= 10)
        let runTime = Fixtures.options().startTime
        var cases = 0
        for path in Self.suitePaths {
            let suite = try SuiteLoader().load(path: path)
            let executor = CaseExecutor(suite: suite, runTime: runTime)
            for testCase in suite.cases {
                let traced = Self.summary(await executor.run(testCase, tracing: true))
                let untraced = Self.summary(await executor.run(testCase, tracing: false))
                #expect(traced == untraced, "\(path): \(testCase.name)")
                cases += 1
            }
        }
        #expect(cases >= 300)
    }
}
