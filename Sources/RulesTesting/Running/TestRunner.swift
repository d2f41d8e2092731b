import Foundation
import RulesEngine

/// Settings of one run.
public struct RunOptions: Sendable {
    /// Only cases whose name contains this text (case-insensitive) run.
    public var filter: String?
    /// How many cases run at once (default: every core).
    public var parallelism: Int
    /// `request.time` for suites and cases that set none: the run's start time.
    public var startTime: Timestamp
    /// Whether every decision carries its evaluation trace. Coverage and
    /// explanations of passing steps (the JSON report) need it; without it,
    /// a failing case is run again with tracing, so its explanation is the
    /// same either way, and passing cases run faster.
    public var recordsTraces: Bool
    /// Whether a run in which no case ran (a filter that matched nothing,
    /// suites without cases) still exits 0; by default it exits 1.
    public var allowsEmpty = false

    /// Creates options; the start time defaults to now.
    public init(
        filter: String? = nil, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount, startTime: Timestamp? = nil,
        recordsTraces: Bool = true
    ) {
        self.filter = filter
        self.parallelism = max(1, parallelism)
        self.startTime = startTime ?? Timestamp.now()
        self.recordsTraces = recordsTraces
    }

    func selects(_ testCase: TestCase) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        return testCase.name.range(of: filter, options: .caseInsensitive) != nil
    }
}

/// Runs loaded suites: cases in parallel on all cores, results in file order.
public struct TestRunner: Sendable {
    /// The options.
    public var options: RunOptions

    /// Creates a runner.
    public init(options: RunOptions = RunOptions()) {
        self.options = options
    }

    /// Runs every selected case of every suite. `progress` is called with
    /// (finished, total) after each case.
    public func run(_ suites: [TestSuite], progress: (@Sendable (Int, Int) -> Void)? = nil) async -> [SuiteResult] {
        let selected = suites.map { suite in suite.cases.filter(options.selects) }
        var work: [(suite: Int, index: Int)] = []
        for (suiteIndex, cases) in selected.enumerated() {
            for caseIndex in cases.indices { work.append((suiteIndex, caseIndex)) }
        }
        let executors = suites.map { CaseExecutor(suite: $0, runTime: options.startTime) }
        let tracing = options.recordsTraces
        var results: [[CaseResult?]] = selected.map { Array(repeating: nil, count: $0.count) }
        let total = work.count
        var finished = 0
        await withTaskGroup(of: (Int, Int, CaseResult).self) { group in
            var next = 0
            func enqueue() {
                let item = work[next]
                next += 1
                let executor = executors[item.suite]
                let testCase = selected[item.suite][item.index]
                group.addTask { (item.suite, item.index, await executor.run(testCase, explainingFailures: tracing)) }
            }
            while next < total && next < options.parallelism { enqueue() }
            for await (suite, index, result) in group {
                results[suite][index] = result
                finished += 1
                progress?(finished, total)
                if next < total { enqueue() }
            }
        }
        return suites.enumerated().map { index, suite in
            SuiteResult(suite: suite, cases: results[index].compactMap { $0 })
        }
    }
}
