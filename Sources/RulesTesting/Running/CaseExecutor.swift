import Foundation
import RulesEngine
import RulesSyntax
import StorageSimulator
import Synchronization

/// Runs one case: a fresh in-memory bucket seeded with the suite's objects,
/// then each step through the SDK-shaped API (or straight to the rules for
/// `request:`), recording every rules decision.
///
/// A class: the runner's tasks call it for every case, and each async call
/// on a struct copied its fields (the suite's lists, its rules, the
/// snapshot) into the call's frame, a retain of each on objects both cores
/// share.
final class CaseExecutor: Sendable {
    let suite: TestSuite
    /// `request.time` when neither the step, the case nor the suite sets one.
    let runTime: Timestamp
    /// The suite's objects, seeded once and restored into each case's bucket
    /// (hashes, etags and generations are the same for every case).
    private let seeded: StorageSnapshot
    /// Why seeding failed, reported by every case that uses the bucket.
    private let seedFailure: Mismatch?
    /// The suite's documents, for the cases that lay none over them.
    private let suiteDocuments: InMemoryDocuments

    init(suite: TestSuite, runTime: Timestamp) {
        self.suite = suite
        self.runTime = runTime
        let template = StorageSimulator(configuration: StorageSimulator.Configuration(defaultBucket: suite.bucket))
        template.setTime(suite.time ?? runTime)
        seedFailure = Self.seed(template, objects: suite.objects)
        seeded = template.admin.snapshot()
        suiteDocuments = InMemoryDocuments(suite.firestore)
    }

    /// Runs a case; with `tracing` off, a failing case runs once more with
    /// tracing so its decisions can be explained (cases are deterministic:
    /// fresh bucket, fixed clock), keeping the first run's duration.
    ///
    /// `workspace` carries a simulator, holding the seeded objects, from
    /// case to case of this suite.
    func run(_ testCase: TestCase, explainingFailures tracing: Bool, in workspace: CaseWorkspace? = nil) async -> CaseResult {
        let result = await run(testCase, tracing: tracing, workspace: workspace)
        guard !tracing, result.status == .failed else { return result }
        var traced = await run(testCase, tracing: true, workspace: workspace)
        traced.duration = result.duration
        return traced
    }

    /// Runs a case once; `tracing` says whether decisions carry traces (and
    /// their explanations). `observer` sees every request and its decision.
    /// Without an observer, the case runs on the simulator `workspace`
    /// kept, if any, and leaves its simulator there, reset to the seeded
    /// objects if it changed them.
    func run(
        _ testCase: TestCase, tracing: Bool, observer: (@Sendable (AuthorizationRequest, Decision) -> Void)? = nil,
        workspace: CaseWorkspace? = nil
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
        // A kept simulator reports to its workspace's recorder, and only
        // a run without an observer may take or keep one.
        let reusable = observer == nil ? workspace : nil
        var simulator: StorageSimulator?
        // The default bucket's `Storage`, kept as an SDK client keeps it: the
        // simulator holds its instances weakly, so each step would otherwise
        // make it again.
        var bucketStorage: Storage?
        let recorder = reusable?.recorder ?? DecisionRecorder()
        var setupFailure: Mismatch?
        if needsBucket {
            let kept = reusable?.take()
            let storage = kept?.simulator ?? makeSimulator(recorder: recorder, observer: observer)
            bucketStorage = kept?.storage ?? storage.storage(bucket: suite.bucket)
            storage.setTime(suite.time ?? runTime)
            storage.setRecordsTraces(tracing)
            // Untraced, a step needs only its verdicts: a failed case runs
            // again with tracing, and that run explains it.
            storage.setExplainsDecisions(tracing)
            storage.setDocuments(documents)
            setupFailure = seedFailure
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
        if let reusable, let simulator, let bucketStorage {
            // A case that wrote leaves its simulator too, returned to the
            // seeded objects: the next case then makes nothing but the
            // buckets this one changed.
            simulator.reset(to: seeded)
            reusable.keep(simulator, storage: bucketStorage)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return CaseResult(testCase: testCase, status: failed ? .failed : .passed, steps: results, duration: seconds)
    }

    /// A simulator holding the seeded objects, whose decisions go to
    /// `recorder` and `observer`.
    private func makeSimulator(
        recorder: DecisionRecorder, observer: (@Sendable (AuthorizationRequest, Decision) -> Void)?
    ) -> StorageSimulator {
        let storage = StorageSimulator(
            rules: suite.rules, configuration: StorageSimulator.Configuration(defaultBucket: suite.bucket), restoring: seeded)
        storage.addAuthorizationObserver { request, decision in
            recorder.append(decision)
            observer?(request, decision)
        }
        return storage
    }

    /// The suite's documents with the case's laid over them.
    private func documents(for testCase: TestCase) -> InMemoryDocuments {
        guard !testCase.firestore.isEmpty else { return suiteDocuments }
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

/// What one of the runner's tasks carries from case to case of a suite:
/// the simulator of the last case, holding the seeded objects as they were
/// (the case read, was denied or failed; or it wrote, and the simulator was
/// reset to the seeded snapshot), which the next case takes instead of a
/// new one. Cases cannot tell the difference: ``StorageSimulator/isUnchanged(since:)``
/// holds only while no object or generation changed, a reset restores
/// both, and each case sets the clock, the caller, the documents and
/// tracing itself.
final class CaseWorkspace {
    /// Where the kept simulator reports its decisions.
    let recorder = DecisionRecorder()
    private var kept: (simulator: StorageSimulator, storage: Storage)?

    /// The kept simulator and its default bucket's `Storage`, if any; the
    /// workspace no longer holds them.
    func take() -> (simulator: StorageSimulator, storage: Storage)? {
        defer { kept = nil }
        return kept
    }

    /// Keeps `simulator`, made with ``recorder``, and its default bucket's
    /// `storage` for the next case.
    func keep(_ simulator: StorageSimulator, storage: Storage) { kept = (simulator, storage) }
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
