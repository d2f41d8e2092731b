import Foundation
import RulesEngine
import RulesSyntax

/// An in-memory Cloud Storage for Firebase: buckets, objects and an API in
/// the shape of the Firebase Apple SDK, where every operation first asks the
/// security rules, as the real service does.
///
/// ```swift
/// let simulator = try StorageSimulator(rules: source)
/// simulator.signIn(uid: "alice")
/// let ref = simulator.storage().reference().child("users/alice/avatar.png")
/// _ = try await ref.putDataAsync(Data([1, 2, 3]))
/// ```
///
/// `Storage.storage()` is ``shared``'s ``storage()``: code written for
/// FirebaseStorage runs against it unchanged, and a test configures that
/// service through ``shared`` (or makes a simulator of its own and passes
/// ``storage()`` to the code under test).
///
/// One instance is safe to use from many tasks at once. The identity, the
/// clock, the rules and the Firestore documents are settings of the
/// instance and apply to every operation that starts after they change.
/// ``admin`` reads and writes objects without asking the rules (test set-up).
///
/// Every rules decision is observable, two ways:
/// - ``addAuthorizationObserver(_:)`` receives each ``AuthorizationRequest``
///   and its ``Decision``, for every operation, allowed or not (one per
///   page for `listAll`; a write that loses a race with another write to the
///   same object is judged again on the new state, and that is observed too);
/// - a ``StorageError`` thrown after the rules were asked carries the
///   decision it got (``StorageError/decision``): the refusal for
///   `unauthorized`, the grant for e.g. `objectNotFound`.
///
/// Object names are ordered by their UTF-8 bytes, as Cloud Storage orders
/// them (the emulator compares UTF-16 code units; the two differ only for
/// characters outside the Basic Multilingual Plane against U+E000–U+FFFF).
public final class StorageSimulator: Sendable {
    /// Settings fixed at creation.
    public struct Configuration: Sendable {
        /// The bucket of ``StorageSimulator/storage()``.
        public var defaultBucket: String
        /// The origin of download URLs (the SDK always writes the port).
        public var downloadBaseURL: String
        /// Bytes per progress step of uploads (unless the `Storage` sets
        /// `uploadChunkSizeBytes`) and downloads; pause and cancel take
        /// effect between steps.
        public var uploadChunkSize: Int
        /// Whether `putData`/`putFile` start the upload at once. When `false`,
        /// the task waits for ``StorageUploadTask/enqueue()``, so a test can
        /// attach observers first and see every event.
        public var startsUploadsAutomatically: Bool
        /// Whether a bucket that does not exist yet is created on first use
        /// (as the emulator does). When `false`, operations on an unknown
        /// bucket fail with ``StorageErrorCode/bucketNotFound`` before any rules run.
        public var createsBucketsOnDemand: Bool

        /// Creates a configuration.
        public init(
            defaultBucket: String = "default-bucket",
            downloadBaseURL: String = "https://firebasestorage.googleapis.com:443",
            uploadChunkSize: Int = 256 * 1024,
            startsUploadsAutomatically: Bool = true,
            createsBucketsOnDemand: Bool = true
        ) {
            self.defaultBucket = defaultBucket
            self.downloadBaseURL = downloadBaseURL
            self.uploadChunkSize = uploadChunkSize
            self.startsUploadsAutomatically = startsUploadsAutomatically
            self.createsBucketsOnDemand = createsBucketsOnDemand
        }
    }

    /// The settings.
    public let configuration: Configuration
    private let buckets: Locked<BucketMap>
    private let context: Locked<Context>
    /// One ``Storage`` per bucket, as the SDK caches its instances. `Storage`
    /// is not `Sendable` (as in the SDK), yet one instance is handed to every
    /// caller: that is safe because its settings live behind its own lock and
    /// the rest of it is immutable.
    private let storages = Locked(StorageInstances())

    /// The mutable settings every operation reads.
    struct Context {
        var rules: CompiledRuleset?
        var bucketRules: [String: CompiledRuleset] = [:]
        var auth: AuthIdentity?
        var fixedTime: Timestamp?
        var documents: (any DocumentSource)?
        /// In the order they were added, which is the order they are called in.
        var observers: [(id: Int, observer: @Sendable (AuthorizationRequest, Decision) -> Void)] = []
        var recordsTraces = true
        var explainsDecisions = true
        var nextObserverID = 0
        var lastGeneration: Int64 = 0

        /// The simulator's time: the fixed one, else the system clock's.
        var time: Timestamp { fixedTime ?? Timestamp.now() }

        /// A generation for a write at `time`, handed out: its microseconds
        /// since the epoch, but strictly after every generation before.
        mutating func generation(at time: Timestamp) -> Int64 {
            let micros = time.seconds &* 1_000_000 &+ Int64(time.nanos / 1000)
            let generation = max(micros, lastGeneration &+ 1)
            lastGeneration = generation
            return generation
        }
    }

    /// Creates a simulator with the given rules (`nil`: every request is
    /// denied until rules are set) and an empty default bucket.
    public init(rules: CompiledRuleset? = nil, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.buckets = Locked(BucketMap([configuration.defaultBucket: BucketStore(name: configuration.defaultBucket)]))
        self.context = Locked(Context(rules: rules))
    }

    /// Creates a simulator holding `snapshot`'s buckets and objects: what a
    /// new simulator holds after ``StorageAdmin/restore(_:)``, the default
    /// bucket included (empty if the snapshot has none), made without the
    /// empty bucket it would replace. The buckets share the snapshot's
    /// indexes until their first write, so making one costs the same for
    /// any number of objects; a test runner makes one per case.
    public init(rules: CompiledRuleset? = nil, configuration: Configuration = Configuration(), restoring snapshot: StorageSnapshot) {
        self.configuration = configuration
        self.buckets = Locked(BucketMap(snapshot.stores(defaultBucket: configuration.defaultBucket)))
        var context = Context(rules: rules)
        context.lastGeneration = snapshot.lastGeneration
        self.context = Locked(context)
    }

    /// Creates a simulator from rules text; throws ``RulesCompilationError``
    /// if it does not compile.
    public convenience init(rules source: String, path: String = "storage.rules", configuration: Configuration = Configuration()) throws {
        self.init(rules: try StorageSimulator.compile(source, path: path), configuration: configuration)
    }

    /// Compiles rules text, throwing ``RulesCompilationError`` on errors.
    public static func compile(_ source: String, path: String = "storage.rules") throws -> CompiledRuleset {
        let result = CompiledRuleset.compile(SourceFile(path: path, text: source))
        guard let ruleset = result.ruleset else { throw RulesCompilationError(diagnostics: result.diagnostics) }
        return ruleset
    }

    // MARK: - Settings

    /// Replaces the rules for every bucket without rules of its own (`nil`: deny everything).
    public func setRules(_ rules: CompiledRuleset?) {
        context.withLock { $0.rules = rules }
    }

    /// Replaces the rules of one bucket (`nil`: that bucket uses the shared rules again).
    public func setRules(_ rules: CompiledRuleset?, forBucket bucket: String) {
        context.withLock { $0.bucketRules[bucket] = rules }
    }

    /// Compiles and sets the shared rules.
    public func setRules(source: String, path: String = "storage.rules") throws {
        setRules(try StorageSimulator.compile(source, path: path))
    }

    /// Signs in a user: `request.auth.uid` and `request.auth.token` (claims).
    public func signIn(uid: String, claims: [String: Value] = [:]) {
        signIn(AuthIdentity(uid: uid, token: claims))
    }

    /// Signs in an identity (`nil` signs out).
    public func signIn(_ identity: AuthIdentity?) {
        context.withLock { $0.auth = identity }
    }

    /// Signs out: `request.auth` is `null`.
    public func signOut() { signIn(nil) }

    /// The signed-in identity, `nil` when signed out.
    public var currentUser: AuthIdentity? { context.withLock { $0.auth } }

    /// Fixes the clock (`request.time`, `timeCreated`, `updated`); `nil` uses the system clock.
    public func setTime(_ time: Timestamp?) {
        context.withLock { $0.fixedTime = time }
    }

    /// The simulator's current time.
    public var now: Timestamp {
        context.withLock { $0.time }
    }

    /// Sets the documents `firestore.get()` and `firestore.exists()` see.
    public func setDocuments(_ documents: (any DocumentSource)?) {
        context.withLock { $0.documents = documents }
    }

    /// Whether decisions carry an evaluation trace (``Decision``'s
    /// `allows[].trace`, which explanations and coverage read). On by
    /// default; turning it off makes each authorization cheaper.
    public func setRecordsTraces(_ records: Bool) {
        context.withLock { $0.recordsTraces = records }
    }

    /// Whether decisions explain themselves: the matched blocks, every
    /// allow statement considered and its outcome (``Decision/matches``,
    /// ``Decision/allows``), and `debug()` output. On by default. Off, a
    /// decision has only its verdict, method, path and refusal (see
    /// ``CompiledRuleset/verdict(_:)``), the cheapest form: for a test
    /// runner that asks again, explaining, only when a step fails.
    public func setExplainsDecisions(_ explains: Bool) {
        context.withLock { $0.explainsDecisions = explains }
    }

    /// Calls `observer` with every authorization request and its decision,
    /// for every operation of this simulator (including each page of
    /// `listAll`), synchronously, before the operation goes on.
    @discardableResult
    public func addAuthorizationObserver(
        _ observer: @escaping @Sendable (AuthorizationRequest, Decision) -> Void
    ) -> AuthorizationObserverHandle {
        context.withLock { context in
            context.nextObserverID += 1
            context.observers.append((context.nextObserverID, observer))
            return AuthorizationObserverHandle(id: context.nextObserverID)
        }
    }

    /// Stops calling an observer.
    public func removeAuthorizationObserver(_ handle: AuthorizationObserverHandle) {
        context.withLock { $0.observers.removeAll { $0.id == handle.id } }
    }

    // MARK: - The SDK's entry point

    /// The simulator behind `Storage.storage()`: rules that allow every
    /// request, like a `demo-` project in the Firebase emulator, and the
    /// default configuration. Tests that share it should use distinct paths;
    /// a test that needs its own rules or state makes its own simulator.
    public static let shared: StorageSimulator = {
        let openRules = """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /{allPaths=**} { allow read, write: if true; }
              }
            }
            """
        guard let rules = try? StorageSimulator.compile(openRules, path: "open.rules") else {
            preconditionFailure("The built-in open rules of StorageSimulator.shared do not compile.")
        }
        return StorageSimulator(rules: rules)
    }()

    /// The ``Storage`` of the default bucket (the same instance on each call).
    public func storage() -> Storage {
        storage(bucket: configuration.defaultBucket)
    }

    /// The ``Storage`` of the bucket `url` names (`gs://<bucket>`), created
    /// on first use. Traps, as the SDK does, on a URL that is not `gs://` or
    /// that has an object path.
    public func storage(url: String) -> Storage {
        guard url.hasPrefix("gs://") else {
            fatalError("Storage.storage(url:) takes a gs:// URL such as \"gs://my-bucket\"; got \"\(url)\".")
        }
        var bucket = Substring(url.dropFirst("gs://".count))
        if bucket.hasSuffix("/") { bucket.removeLast() }
        guard !bucket.isEmpty, !bucket.contains("/") else {
            fatalError(
                "Storage.storage(url:) takes a bucket URL without an object path, such as \"gs://my-bucket\"; "
                    + "got \"\(url)\". Use storage.reference(forURL:) for an object.")
        }
        return storage(bucket: String(bucket))
    }

    /// The ``Storage`` of `bucket`, by name (a simulator addition: unlike
    /// ``storage(url:)`` it takes any name and never traps, for tools that
    /// read bucket names from their input).
    public func storage(bucket: String) -> Storage {
        storages.withLock { storages in
            storages.instance(of: bucket) { Storage(simulator: self, bucket: bucket, settings: $0) }
        }
    }

    /// Reads and writes objects without rules, for test set-up and inspection.
    public var admin: StorageAdmin { StorageAdmin(storage: self) }

    // MARK: - Internals shared by the operations

    /// Told about every change to the bucket set (a persistence layer; empty otherwise).
    private let changes = ChangeObserverSlot()

    /// The bucket, created on demand if the configuration says so.
    func bucketStore(_ name: String) throws(StorageError) -> BucketStore {
        let (store, commit) = try buckets.withLock {
            (buckets) throws(StorageError) -> (BucketStore, (@Sendable () -> Void)?) in
            if let store = buckets.element(named: name) { return (store, nil) }
            guard configuration.createsBucketsOnDemand else { throw .bucketNotFound(name) }
            return insertBucket(name, into: &buckets)
        }
        commit?()
        return store
    }

    func createBucket(_ name: String) -> BucketStore {
        let (store, commit) = buckets.withLock { buckets -> (BucketStore, (@Sendable () -> Void)?) in
            if let store = buckets.element(named: name) { return (store, nil) }
            return insertBucket(name, into: &buckets)
        }
        commit?()
        return store
    }

    /// Adds a new, empty bucket to the map, attached to the change observer.
    private func insertBucket(
        _ name: String, into buckets: inout BucketMap
    ) -> (BucketStore, (@Sendable () -> Void)?) {
        let store = BucketStore(name: name)
        store.changes.attach(changes.current)
        buckets.add(store, named: store.name)
        return (store, changes.prepare(.bucketsChanged(names: buckets.byName.keys.sorted())))
    }

    func existingBucket(_ name: String) -> BucketStore? { buckets.withLock { $0.element(named: name) } }

    /// Runs `body` with the buckets locked.
    func withBuckets<Result>(_ body: (inout BucketMap) -> Result) -> Result { buckets.withLock(body) }

    /// Replaces every bucket at once.
    func replaceBuckets(_ replacement: [String: BucketStore]) {
        let commit = buckets.withLock { buckets in
            for store in buckets.byName.values where replacement[store.name] !== store { store.detachChanges() }
            buckets = BucketMap(replacement)
            return attachedChange(to: replacement)
        }
        commit?()
    }

    /// Puts `snapshot`'s objects back into the buckets of the same names,
    /// when the simulator holds exactly the snapshot's buckets and no
    /// persistence layer is attached (which would be told of new buckets);
    /// returns whether it did. A test runner resets after each case that
    /// wrote: this keeps the bucket map and its stores, where replacing
    /// them made a map, a store, its lock and its observer slot per bucket.
    func restoreContents(of snapshot: StorageSnapshot) -> Bool {
        buckets.withLock { buckets in
            guard changes.current == nil, buckets.byName.count == snapshot.buckets.count,
                snapshot.buckets.allSatisfy({ buckets.element(named: $0.name) != nil })
            else { return false }
            for bucket in snapshot.buckets { buckets.element(named: bucket.name)?.restore(bucket.contents) }
            return true
        }
    }

    var bucketNames: [String] { buckets.withLock { $0.byName.keys.sorted() } }

    func removeAllBuckets() {
        let commit = buckets.withLock { buckets in
            for store in buckets.byName.values { store.detachChanges() }
            buckets = BucketMap()
            return attachedChange(to: [:])
        }
        commit?()
    }

    /// Attaches a persistence layer: from now on every change to buckets and
    /// objects is reported to it, in order.
    func attachChangeObserver(_ observer: (any StorageChangeObserver)?) {
        buckets.withLock { buckets in
            changes.attach(observer)
            for store in buckets.byName.values { store.changes.attach(observer) }
        }
    }

    /// Attaches the observer to a new bucket map and reports it whole.
    private func attachedChange(to buckets: [String: BucketStore]) -> (@Sendable () -> Void)? {
        let observer = changes.current
        for store in buckets.values { store.changes.attach(observer) }
        return changes.prepare(
            .everythingReplaced(buckets: buckets.sorted { $0.key < $1.key }.map { ($0.key, $0.value.allEntries()) }))
    }

    /// A generation for a write at `time`: its microseconds since the
    /// epoch, but strictly after every generation handed out before.
    func nextGeneration(at time: Timestamp) -> Int64 {
        context.withLock { $0.generation(at: time) }
    }

    /// The time of a write made now and its generation, read under one
    /// lock: what ``now`` and ``nextGeneration(at:)`` return one after
    /// the other.
    func nextWrite() -> (time: Timestamp, generation: Int64) {
        context.withLock { context in
            let time = context.time
            return (time, context.generation(at: time))
        }
    }

    /// The last generation handed out.
    var currentGeneration: Int64 { context.withLock { $0.lastGeneration } }

    /// Makes `generation` the last one handed out, whatever came before.
    func setLastGeneration(_ generation: Int64) {
        context.withLock { $0.lastGeneration = generation }
    }

    /// Makes the next generation come after `generation`.
    func advanceGeneration(to generation: Int64) {
        context.withLock { $0.lastGeneration = max($0.lastGeneration, generation) }
    }

    /// Reads the settings under their lock, without copying all of them.
    func withContext<Result>(_ body: (Context) -> Result) -> Result { context.withLock { body($0) } }
}

/// Identifies an authorization observer, for removal.
public struct AuthorizationObserverHandle: Sendable, Hashable {
    let id: Int
}

/// Rules text that did not compile.
public struct RulesCompilationError: Error, Sendable, CustomStringConvertible {
    /// The compiler's diagnostics (at least one error).
    public var diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// The diagnostics' messages, one per line.
    public var description: String { diagnostics.map(\.message).joined(separator: "\n") }
}
