import Foundation
import RulesEngine
import RulesTesting

/// Loads and runs the runner benchmark's suite once, for instruction counting:
///
///     valgrind --tool=callgrind /tmp/bench runner-callgrind
///     valgrind --tool=callgrind /tmp/bench runner-load-callgrind
///
/// The second only generates and loads the suite, so the difference of the
/// two totals is the run; the load is the second's total less the same
/// command's `generatedSuite`. Both the load (runs of cases) and the run
/// (one task per core) use other threads, so count whole programs rather
/// than functions. Divide by the case count.
func runRunnerCallgrind(running: Bool) {
    let caseCount = 10_000
    print("== runner-callgrind (one load in callgrindSuiteLoad\(running ? ", one untraced run of \(caseCount) cases" : ""))")
    // `RUNNER_SUITE=path` counts another suite, e.g. one kind of operation alone.
    let text = ProcessInfo.processInfo.environment["RUNNER_SUITE"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        ?? generatedSuite(cases: caseCount)
    guard let suite = callgrindSuiteLoad(text) else {
        print("the generated suite did not load")
        return
    }
    guard running else { return }
    let results = blocking {
        await TestRunner(options: RunOptions(startTime: Timestamp(seconds: 1_767_225_600), recordsTraces: false))
            .run([suite])
    }
    print(RunResult(suites: results, loadErrors: []).summaryLine)
}

/// The counted load.
@inline(never)
func callgrindSuiteLoad(_ text: String) -> TestSuite? {
    try? SuiteLoader().load(text: text, path: "generated.test.yaml")
}
