import Foundation
import Testing

@testable import RulesTesting

/// A run without traces (the CLI's default without coverage or JSON) must
/// report exactly what a fully traced run reports.
@Suite("Runs without traces")
struct TraceFreeRunTests {
    static func run(tracing: Bool) async -> RunResult {
        var options = Fixtures.options()
        options.recordsTraces = tracing
        let paths = [Fixtures.path("Fixtures/golden"), Fixtures.repositoryRoot + "/rules-examples"]
        return await TestSession.run(paths: paths, options: options)
    }

    @Test("human and JUnit reports are identical with and without traces")
    func sameReports() async {
        let traced = await Self.run(tracing: true)
        let untraced = await Self.run(tracing: false)
        #expect(traced.count(.failed) > 0)
        #expect(HumanReporter(verbose: true).report(untraced) == HumanReporter(verbose: true).report(traced))
        #expect(HumanReporter(color: true).report(untraced) == HumanReporter(color: true).report(traced))
        func junit(_ run: RunResult) -> String {
            JUnitReporter().report(run).replacing(/time="[0-9.]+"/, with: "time=\"\"")
        }
        #expect(junit(untraced) == junit(traced))
    }

    @Test("passing cases carry no trace; failing cases do, for their explanation")
    func tracesOnlyWhereNeeded() async {
        let untraced = await Self.run(tracing: false)
        for suite in untraced.suites {
            for result in suite.cases {
                let traces = result.steps.flatMap { $0.outcome?.decisions ?? [] }.flatMap(\.allows).flatMap(\.trace)
                if result.status == .passed { #expect(traces.isEmpty, "\(result.testCase.name)") }
            }
        }
        let failedTraces = untraced.suites.flatMap(\.cases).filter { $0.status == .failed }
            .flatMap(\.steps).flatMap { $0.outcome?.decisions ?? [] }.flatMap(\.allows).flatMap(\.trace)
        #expect(!failedTraces.isEmpty)
    }
}
