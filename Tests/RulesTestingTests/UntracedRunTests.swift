import Foundation
import RulesEngine
import Synchronization
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

    /// Each step's verdicts and operation result.
    static func summary(_ result: CaseResult) -> [String] {
        result.steps.map { step in
            let verdicts = (step.outcome?.decisions ?? []).map(\.allowed)
            return "\(result.testCase.name) \(result.status) \(step.outcome?.error ?? "ok") \(verdicts)"
        }
    }

    /// A decision's verdict, refusal and the outcome of every allow considered.
    static func explained(_ decision: Decision) -> String {
        "\(decision.allowed) \(decision.refusal ?? "-") " + decision.allows.map { $0.outcome.rulesDescription }.joined(separator: ";")
    }

    /// Runs every case once traced and once untraced, each through
    /// `CaseExecutor.run(_:tracing:)` itself: the runner re-runs a failing
    /// untraced case traced to explain it, which would hide an untraced
    /// verdict that differs. Untraced, decisions are verdicts alone; every
    /// request of the traced run is also decided untraced by `authorize`,
    /// whose explanation (every allow's outcome, from the compiled
    /// conditions) must be the traced one, and by `isAllowed` and `verdict`.
    @Test func everySuiteDecidesAlikeTracedAndUntraced() async throws {
        #expect(Self.suitePaths.count >= 10)
        let runTime = Fixtures.options().startTime
        var cases = 0
        var requests = 0
        for path in Self.suitePaths {
            let suite = try SuiteLoader().load(path: path)
            let executor = CaseExecutor(suite: suite, runTime: runTime)
            for testCase in suite.cases {
                let observed = Mutex<[(AuthorizationRequest, Decision)]>([])
                let tracedResult = await executor.run(testCase, tracing: true) { request, decision in
                    observed.withLock { $0.append((request, decision)) }
                }
                let untracedResult = await executor.run(testCase, tracing: false)
                #expect(Self.summary(tracedResult) == Self.summary(untracedResult), "\(path): \(testCase.name)")
                let untracedDecisions = untracedResult.steps.flatMap { $0.outcome?.decisions ?? [] }
                #expect(untracedDecisions.allSatisfy { $0.matches.isEmpty && $0.allows.isEmpty }, "\(path): \(testCase.name)")
                for (request, decision) in observed.withLock({ $0 }) {
                    var untraced = request
                    untraced.recordsTrace = false
                    let fast = suite.rules.authorize(untraced)
                    #expect(Self.explained(fast) == Self.explained(decision), "\(path): \(testCase.name)")
                    let verdict = suite.rules.verdict(untraced)
                    #expect(suite.rules.isAllowed(untraced) == decision.allowed && verdict.allowed == decision.allowed)
                    #expect(verdict.refusal == decision.refusal)
                    requests += 1
                }
                cases += 1
            }
        }
        #expect(cases >= 300)
        #expect(requests >= cases)
    }
}
