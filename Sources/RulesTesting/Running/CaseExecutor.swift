import Foundation
import RulesEngine
import RulesSyntax
import StorageSimulator
import Synchronization

/// Runs one case: a fresh in-memory bucket seeded with the suite's objects,
/// then each step through the SDK-shaped API (or straight to the rules for
/// `request:`), recording every rules decision.
struct CaseExecutor: Sendable {
    let suite: TestSuite
    /// `request.time` when neither the step, the case nor the suite sets one.
    let runTime: Timestamp
    /// The suite's objects, seeded once and restored into each case's bucket
    /// (hashes, etags and generations are the same for every case).
    private let seeded: StorageSnapshot
    /// Why seeding failed, reported by every case that uses the bucket.
    private let seedFailure: Mismatch?

    init(suite: TestSuite, runTime: Timestamp) {
        self.suite = suite
        self.runTime = runTime
        let template = StorageSimulator(configuration: StorageSimulator.Configuration(defaultBucket: suite.bucket))
        template.setTime(suite.time ?? runTime)
        seedFailure = Self.seed(template, objects: suite.objects)
        seeded = template.admin.snapshot()
    }

    /// Runs a case; with `tracing` off, a failing case runs once more with
    /// tracing so its decisions can be explained (cases are deterministic:
    /// fresh bucket, fixed clock), keeping the first run's duration.
    func run(_ testCase: TestCase, explainingFailures tracing: Bool) async -> CaseResult {
        let result = await run(testCase, tracing: tracing)
        guard !tracing, result.status == .failed else { return result }
        var traced = await run(testCase, tracing: true)
        traced.duration = result.duration
        return traced
    }

    /// Runs a case once; `tracing` says whether decisions carry traces (and
    /// their explanations). `observer` sees every request and its decision.
    func run(
        _ testCase: TestCase, tracing: Bool, observer: (@Sendable (AuthorizationRequest, Decision) -> Void)? = nil
    ) async -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        if testCase.skipReason != nil {
            return CaseResult(testCase: testCase, status: .skipped, steps: [], duration: 0)
        }
        let documents = documents(for: testCase)
        let needsBucket = testCase.steps.contains { step in
            if case .request = step.operation { return false }
            return true
        }
        var simulator: StorageSimulator?
        let recorder = DecisionRecorder()
        var setupFailure: Mismatch?
        if needsBucket {
            let storage = StorageSimulator(
                rules: suite.rules, configuration: StorageSimulator.Configuration(defaultBucket: suite.bucket), restoring: seeded)
            storage.setTime(suite.time ?? runTime)
            storage.setRecordsTraces(tracing)
            // Untraced, a step needs only its verdicts: a failed case runs
            // again with tracing, and that run explains it.
            storage.setExplainsDecisions(tracing)
            storage.setDocuments(documents)
            setupFailure = seedFailure
            storage.addAuthorizationObserver { request, decision in
                recorder.append(decision)
                observer?(request, decision)
            }
            simulator = storage
        }
        var results: [StepResult] = []
        var failed = false
        for step in testCase.steps {
            if failed {
                results.append(StepResult(step: step, outcome: nil, mismatches: []))
                continue
            }
            let outcome: StepOutcome
            var mismatches: [Mismatch] = []
            if let setupFailure {
                outcome = StepOutcome(decisions: [], error: "unknown", errorMessage: setupFailure.actual)
                mismatches.append(setupFailure)
            } else {
                let time = step.time ?? suite.time ?? runTime
                if case .request(let raw) = step.operation {
                    outcome = authorize(
                        raw, caller: step.caller, time: time, documents: documents, tracing: tracing, observer: observer)
                } else if let simulator {
                    simulator.signIn(step.caller.identity)
                    simulator.setTime(time)
                    recorder.reset()
                    var performed = await perform(step.operation, on: simulator)
                    performed.decisions = recorder.drain()
                    outcome = performed
                } else {
                    outcome = StepOutcome(decisions: [])
                }
                mismatches = Self.compare(step.expectation, with: outcome)
            }
            failed = !mismatches.isEmpty
            // Moved rather than copied: a copy of a step or of its outcome
            // retains every field it holds.
            results.append(StepResult(step: consume step, outcome: consume outcome, mismatches: consume mismatches))
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return CaseResult(testCase: testCase, status: failed ? .failed : .passed, steps: results, duration: seconds)
    }

    /// The suite's documents with the case's laid over them.
    private func documents(for testCase: TestCase) -> InMemoryDocuments {
        var merged = suite.firestore
        for (path, document) in testCase.firestore {
            merged[path] = document
        }
        return InMemoryDocuments(merged)
    }

    /// Writes the suite's objects without rules; returns a mismatch when one cannot be stored.
    private static func seed(_ storage: StorageSimulator, objects: [SeedObject]) -> Mismatch? {
        for object in objects {
            let fields = object.fields
            let attributes = ObjectAttributes(
                contentType: fields.contentType, cacheControl: fields.cacheControl,
                contentDisposition: fields.contentDisposition, contentEncoding: fields.contentEncoding,
                contentLanguage: fields.contentLanguage, customMetadata: fields.metadata)
            do {
                try storage.admin.put(object.content, bucket: object.bucket, path: object.path, attributes: attributes)
            } catch {
                return Mismatch(field: "objects", expected: "`\(object.path)` stored", actual: error.message)
            }
        }
        return nil
    }

    private func authorize(
        _ raw: RawRequest, caller: Caller, time: Timestamp, documents: InMemoryDocuments, tracing: Bool,
        observer: (@Sendable (AuthorizationRequest, Decision) -> Void)?
    ) -> StepOutcome {
        let request = AuthorizationRequest(
            method: raw.method, bucket: raw.bucket, objectPath: raw.path, auth: caller.identity,
            incoming: raw.resource, existing: raw.existing, time: time, documents: documents, recordsTrace: tracing)
        let decision = tracing ? suite.rules.authorize(request) : suite.rules.verdict(request)
        observer?(request, decision)
        return StepOutcome(decisions: [decision])
    }
}

/// Collects the decisions an operation causes (observers are called synchronously).
final class DecisionRecorder: Sendable {
    private let decisions = Mutex<[Decision]>([])

    func append(_ decision: Decision) {
        decisions.withLock { $0.append(decision) }
    }

    func reset() {
        decisions.withLock { $0.removeAll() }
    }

    func drain() -> [Decision] {
        decisions.withLock { decisions in
            defer { decisions.removeAll() }
            return decisions
        }
    }
}
