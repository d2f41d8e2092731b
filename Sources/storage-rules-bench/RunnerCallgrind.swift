import RulesEngine
import RulesTesting

/// Loads and runs the runner benchmark's suite once, for instruction counting:
///
///     valgrind --tool=callgrind /tmp/bench runner-callgrind
///
/// `callgrindSuiteLoad` is the load; the run is everything under
/// `swift_job_run` (the cases run as tasks). Divide by the case count.
func runRunnerCallgrind() {
    let caseCount = 10_000
    print("== runner-callgrind (one load in callgrindSuiteLoad, one untraced run of \(caseCount) cases)")
    let text = generatedSuite(cases: caseCount)
    guard let suite = callgrindSuiteLoad(text) else {
        print("the generated suite did not load")
        return
    }
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
