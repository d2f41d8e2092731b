import RulesEngine
import RulesSyntax

/// What one step's operation did.
public struct StepOutcome: Sendable {
    /// Every rules decision made during the step, in order (a `listAll` makes one per page).
    public var decisions: [Decision]
    /// The SDK error code the operation ended with; `nil` when it succeeded.
    public var error: String?
    /// The error's message, when there is one.
    public var errorMessage: String?
    /// Listed items (full paths), for list operations.
    public var items: [String]?
    /// Listed prefixes (full paths), for list operations.
    public var prefixes: [String]?
    /// The page token a `list` returned (`.some(nil)` = none).
    public var nextPageToken: String??
    /// The metadata the operation returned, as a map (made when read).
    public var metadata: RulesMap? {
        get { metadataMap ?? returned?.map }
        set {
            metadataMap = newValue
            returned = nil
        }
    }
    /// A map given as such.
    private var metadataMap: RulesMap?
    /// Metadata an operation returned, not made into a map yet.
    private var returned: ReturnedMetadata?

    /// Creates an outcome.
    public init(
        decisions: [Decision], error: String? = nil, errorMessage: String? = nil, items: [String]? = nil,
        prefixes: [String]? = nil, nextPageToken: String?? = nil, metadata: RulesMap? = nil
    ) {
        self.decisions = decisions
        self.error = error
        self.errorMessage = errorMessage
        self.items = items
        self.prefixes = prefixes
        self.nextPageToken = nextPageToken
        self.metadataMap = metadata
    }

    /// The outcome of an operation that succeeded and returned metadata.
    /// Every field is set here: delegating to the other initializer made
    /// the whole outcome, then copied it to set `returned`.
    init(decisions: [Decision], returned: ReturnedMetadata) {
        self.decisions = decisions
        error = nil
        errorMessage = nil
        items = nil
        prefixes = nil
        nextPageToken = nil
        metadataMap = nil
        self.returned = returned
    }

    /// The rules' answer for the step: denied if any decision denied, allowed
    /// if every decision allowed; a step that never reached the rules counts as denied.
    public var allowed: Bool {
        !decisions.isEmpty && decisions.allSatisfy(\.allowed)
    }

    /// The decision to explain: the first denial, otherwise the last decision.
    public var decidingDecision: Decision? {
        decisions.first { !$0.allowed } ?? decisions.last
    }
}

/// One expectation that did not hold.
public struct Mismatch: Sendable, Hashable {
    /// Which expectation (`decision`, `error`, `items`, `prefixes`, `nextPageToken`, `metadata.<key>`).
    public var field: String
    /// What was expected, as text.
    public var expected: String
    /// What happened, as text.
    public var actual: String

    /// Creates a mismatch.
    public init(field: String, expected: String, actual: String) {
        self.field = field
        self.expected = expected
        self.actual = actual
    }
}

/// The result of one step.
public struct StepResult: Sendable {
    /// The step.
    public var step: TestStep {
        get { steps[index] }
        set { steps[index] = newValue }
    }
    /// What it did; `nil` when an earlier step failed and this one did not run.
    public var outcome: StepOutcome?
    /// Expectations that did not hold.
    public var mismatches: [Mismatch]
    /// The steps of the step's case, shared with the case rather than a copy
    /// of the step: a runner's results then hold each step once, and making
    /// a result retains one list instead of every field of a step.
    private var steps: [TestStep]
    /// The step's position in `steps`.
    private let index: Int

    /// Creates a step result.
    public init(step: TestStep, outcome: StepOutcome?, mismatches: [Mismatch]) {
        self.init(steps: [step], index: 0, outcome: outcome, mismatches: mismatches)
    }

    /// The result of the step at `index` of `steps`.
    init(steps: [TestStep], index: Int, outcome: StepOutcome?, mismatches: [Mismatch]) {
        self.steps = steps
        self.index = index
        self.outcome = outcome
        self.mismatches = mismatches
    }

    /// Whether the step ran and every expectation held.
    public var passed: Bool { outcome != nil && mismatches.isEmpty }
}

/// A case's status.
public enum CaseStatus: String, Sendable, Hashable {
    /// Every step passed.
    case passed
    /// A step failed.
    case failed
    /// The case was skipped (`skip:`).
    case skipped
}

/// The result of one case.
public struct CaseResult: Sendable {
    /// The case.
    public var testCase: TestCase
    /// Its status.
    public var status: CaseStatus
    /// One result per step (empty when skipped).
    public var steps: [StepResult]
    /// Wall-clock seconds the case took.
    public var duration: Double

    /// Creates a case result.
    public init(testCase: TestCase, status: CaseStatus, steps: [StepResult], duration: Double) {
        self.testCase = testCase
        self.status = status
        self.steps = steps
        self.duration = duration
    }

    /// The first failing step.
    public var failedStep: StepResult? { steps.first { !$0.passed } }
}

/// The results of one suite file.
public struct SuiteResult: Sendable {
    /// The suite.
    public var suite: TestSuite
    /// The selected cases' results, in file order.
    public var cases: [CaseResult]

    /// Creates a suite result.
    public init(suite: TestSuite, cases: [CaseResult]) {
        self.suite = suite
        self.cases = cases
    }

    /// Seconds spent in this suite's cases.
    public var duration: Double { cases.reduce(0) { $0 + $1.duration } }
}

/// How many cases of a run ended with each status.
public struct StatusCounts: Sendable, Equatable {
    /// Cases that passed.
    public var passed = 0
    /// Cases that failed.
    public var failed = 0
    /// Cases that were skipped.
    public var skipped = 0

    /// Counts of zero.
    public init() {}

    /// The count of `status`.
    public subscript(status: CaseStatus) -> Int {
        switch status {
        case .passed: passed
        case .failed: failed
        case .skipped: skipped
        }
    }
}

/// Everything one run produced.
public struct RunResult: Sendable {
    /// Suites that loaded, in path order.
    public var suites: [SuiteResult]
    /// Suites that could not be loaded.
    public var loadErrors: [SuiteLoadError]
    /// The case-name filter of the run, for the empty-run message.
    public var filter: String?
    /// Whether a run in which no case ran exits 0 (``RunOptions/allowsEmpty``).
    public var allowsEmpty = false

    /// Creates a run result.
    public init(suites: [SuiteResult], loadErrors: [SuiteLoadError]) {
        self.suites = suites
        self.loadErrors = loadErrors
    }

    /// Number of cases with a status. To read several, take
    /// ``statusCounts`` once: each call counts every case.
    public func count(_ status: CaseStatus) -> Int {
        statusCounts[status]
    }

    /// Every status counted in one pass. Each status is read in place: a
    /// copy of a result would retain every field of its case, which shows
    /// in runs of 10,000.
    public var statusCounts: StatusCounts {
        var counts = StatusCounts()
        for suite in suites.indices {
            let cases = suites[suite].cases
            for index in cases.indices {
                switch cases[index].status {
                case .passed: counts.passed += 1
                case .failed: counts.failed += 1
                case .skipped: counts.skipped += 1
                }
            }
        }
        return counts
    }

    /// Exit status: 2 when something could not be loaded, 1 when a case
    /// failed or no case ran (unless ``allowsEmpty``), else 0.
    public var exitCode: Int32 {
        if !loadErrors.isEmpty { return 2 }
        let counts = statusCounts
        return counts.failed > 0 || emptyRunMessage(counts) != nil ? 1 : 0
    }

    /// Why the run counts as failed although nothing failed: no case ran
    /// (skipped cases do not run). `nil` when a case ran, when the run is
    /// allowed to be empty, or when suites failed to load.
    public var emptyRunMessage: String? { emptyRunMessage(statusCounts) }

    private func emptyRunMessage(_ counts: StatusCounts) -> String? {
        guard !allowsEmpty, loadErrors.isEmpty, counts.passed + counts.failed == 0 else { return nil }
        let total = suites.reduce(0) { $0 + $1.suite.cases.count }
        let selected = suites.reduce(0) { $0 + $1.cases.count }
        let reason: String
        if selected > 0 {
            reason = "every selected case is skipped"
        } else if let filter, !filter.isEmpty, total > 0 {
            reason = "--filter '\(filter)' matched none of \(total) case\(total == 1 ? "" : "s")"
        } else {
            reason = "the suites hold no cases"
        }
        return "no case ran: \(reason) (--allow-empty accepts an empty run)"
    }

    /// `N passed, N failed` plus `, N skipped` when any were skipped.
    public var summaryLine: String {
        let counts = statusCounts
        var line = "\(counts.passed) passed, \(counts.failed) failed"
        if counts.skipped > 0 { line += ", \(counts.skipped) skipped" }
        return line
    }
}
