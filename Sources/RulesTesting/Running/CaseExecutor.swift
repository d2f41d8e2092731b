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
    /// case to case of this suite. The case is taken rather than borrowed:
    /// its result holds it, and a copy retains every field of it.
    func run(
        _ testCase: consuming TestCase, explainingFailures tracing: Bool, in workspace: CaseWorkspace? = nil
    ) async -> CaseResult {
        let result = await run(testCase, tracing: tracing, workspace: workspace)
        guard !tracing, result.status == .failed else { return result }
        var traced = await run(result.testCase, tracing: true, workspace: workspace)
        traced.duration = result.duration
        return traced
    }

    /// Runs a case once; `tracing` says whether decisions carry traces (and
    /// their explanations). `observer` sees every request and its decision.
    /// Without an observer, the case runs on the simulator `workspace`
    /// kept, if any, and leaves its simulator there, reset to the seeded
    /// objects if it changed them.
    func run(
        _ testCase: consuming TestCase, tracing: Bool,
        observer: (@Sendable (AuthorizationRequest, Decision) -> Void)? = nil, workspace: CaseWorkspace? = nil
    ) async -> CaseResult {
        let start = DispatchTime.now().uptimeNanoseconds
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
        // The default bucket's root reference, the parent of each step's. It
        // holds the bucket's `Storage`, kept as an SDK client keeps it: the
        // simulator holds its instances weakly, so each step would otherwise
        // make it again.
        var bucketRoot: StorageReference?
        let recorder = reusable?.recorder ?? DecisionRecorder()
        var setupFailure: Mismatch?
        if needsBucket {
            let kept = reusable?.take()
            let storage = kept?.simulator ?? makeSimulator(recorder: recorder, observer: observer)
            bucketRoot = kept?.root ?? storage.storage(bucket: suite.bucket).reference()
            storage.setTime(suite.time ?? runTime)
            storage.setRecordsTraces(tracing)
            // Untraced, a step needs only its verdicts: a failed case runs
            // again with tracing, and that run explains it.
            storage.setExplainsDecisions(tracing)
            storage.setDocuments(documents)
            setupFailure = seedFailure
            simulator = storage
        }
        let steps = testCase.steps
        var results: [StepResult] = []
        results.reserveCapacity(steps.count)
        var failed = false
        // Each step is read in place: a copy of a step retains every field it holds.
        for index in steps.indices {
            if failed {
                results.append(StepResult(steps: steps, index: index, outcome: nil, mismatches: []))
                continue
            }
            let outcome: StepOutcome
            var mismatches: [Mismatch] = []
            if let setupFailure {
                outcome = StepOutcome(decisions: [], error: "unknown", errorMessage: setupFailure.actual)
                mismatches.append(setupFailure)
            } else {
                let time = steps[index].time ?? suite.time ?? runTime
                if case .request(let raw) = steps[index].operation {
                    outcome = authorize(
                        raw, caller: steps[index].caller, time: time, documents: documents, tracing: tracing,
                        observer: observer)
                } else if let simulator {
                    simulator.signIn(steps[index].caller.identity)
                    simulator.setTime(time)
                    recorder.reset()
                    outcome = await perform(
                        steps[index].operation, on: simulator, defaultRoot: bucketRoot, recorder: recorder)
                } else {
                    outcome = StepOutcome(decisions: [])
                }
                mismatches = Self.compare(steps[index].expectation, with: outcome)
            }
            failed = !mismatches.isEmpty
            // Moved rather than copied: a copy of an outcome retains every field it holds.
            results.append(
                StepResult(steps: steps, index: index, outcome: consume outcome, mismatches: consume mismatches))
        }
        if let reusable, let simulator, let bucketRoot {
            // A case that wrote leaves its simulator too, returned to the
            // seeded objects: the next case then makes nothing but the
            // buckets this one changed.
            simulator.reset(to: seeded)
            reusable.keep(simulator, root: bucketRoot)
        }
        // Whole nanoseconds rather than a `Duration`, whose conversions to
        // seconds divide 128-bit numbers: hundreds of instructions a case.
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
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
    private var kept: (simulator: StorageSimulator, root: StorageReference)?

    /// The kept simulator and its default bucket's root reference, if any;
    /// the workspace no longer holds them.
    func take() -> (simulator: StorageSimulator, root: StorageReference)? {
        defer { kept = nil }
        return kept
    }

    /// Keeps `simulator`, made with ``recorder``, and its default bucket's
    /// root reference for the next case.
    func keep(_ simulator: StorageSimulator, root: StorageReference) { kept = (simulator, root) }
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
