import Foundation
import RulesEngine
import Synchronization

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

    /// Whether every case is selected: no filter, or an empty one.
    var selectsAll: Bool { filter?.isEmpty ?? true }

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
    /// (finished, total) after each case, one call at a time, `finished`
    /// counting up.
    public func run(_ suites: [TestSuite], progress: (@Sendable (Int, Int) -> Void)? = nil) async -> [SuiteResult] {
        // Unfiltered suites share their lists of cases rather than copy them.
        let selected = suites.map { suite in options.selectsAll ? suite.cases : suite.cases.filter(options.selects) }
        let work = selected.enumerated().flatMap { suite, cases in cases.indices.map { (suite: suite, index: $0) } }
        let executors = suites.map { CaseExecutor(suite: $0, runTime: options.startTime) }
        let tracing = options.recordsTraces
        let total = work.count
        let queue = WorkQueue(total: total, progress: progress)
        // One lane per core, each taking the next case until none is left:
        // a task per case would cost a task's creation and a wake-up of
        // this one for every case, as much as a short case itself.
        // Results are moved, never copied, from the lane that made them to
        // their suite's list: a copy retains every field of a case, which
        // shows in runs of 10,000 cases.
        let lane: @Sendable () async -> [(position: Int, result: CaseResult)] = {
            ThreadHeaps.adviseCurrentThread()
            var results: [(position: Int, result: CaseResult)] = []
            // Cases of one suite share a workspace (and the simulator it
            // keeps); a lane moves on to the next suite with a new one.
            var workspace: (suite: Int, space: CaseWorkspace)?
            while let position = queue.take() {
                let item = work[position]
                if workspace?.suite != item.suite { workspace = (item.suite, CaseWorkspace()) }
                // The case is read from its list, not copied out of it first.
                let result = await executors[item.suite].run(
                    selected[item.suite][item.index], explainingFailures: tracing, in: workspace?.space)
                results.append((position, result))
                queue.finished()
            }
            return results
        }
        var slots = [CaseResult?](repeating: nil, count: total)
        // This task runs one lane itself, and each other lane, a task of the
        // group, first leaves this task's core (see `CorePlacement`): the
        // thread its task wakes was queued on this core, and both lanes ran
        // there by turns while the other core sat idle.
        let starter = CorePlacement.currentCore()
        await withTaskGroup(of: [(position: Int, result: CaseResult)].self) { group in
            for _ in 1..<max(1, min(options.parallelism, total)) {
                group.addTask {
                    CorePlacement.leave(starter)
                    return await lane()
                }
            }
            var own = await lane()
            while let (position, result) = own.popLast() { slots[position] = result }
            for await var results in group {
                while let (position, result) = results.popLast() { slots[position] = result }
            }
        }
        // Positions run through the suites in order, so each suite's are
        // consecutive; every position is filled, as the tasks ran until the
        // queue was empty.
        var start = 0
        return suites.indices.map { index in
            let range = start..<(start + selected[index].count)
            start = range.upperBound
            return SuiteResult(suite: suites[index], cases: range.map { slots[$0].take()! })
        }
    }
}

/// Hands out the positions of a run's cases, each once, to the runner's
/// tasks, and reports each finished case.
private final class WorkQueue: Sendable {
    private let total: Int
    private let next = Atomic<Int>(0)
    /// The number of finished cases; progress is reported under this lock,
    /// so the counts arrive in order.
    private let finishedCount = Mutex<Int>(0)
    private let progress: (@Sendable (Int, Int) -> Void)?

    init(total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.progress = progress
    }

    /// The next case's position, or `nil` once every case is taken.
    func take() -> Int? {
        let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return position < total ? position : nil
    }

    /// Counts a finished case and reports it.
    func finished() {
        finishedCount.withLock { count in
            count += 1
            progress?(count, total)
        }
    }
}
