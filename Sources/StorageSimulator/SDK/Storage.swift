import Foundation

/// The entry point, in the SDK's shape: `Storage.storage()` is the default
/// bucket of the shared simulator, ``StorageSimulator/shared``, an in-memory
/// service whose rules allow everything, like a `demo-` project in the
/// Firebase emulator. `Storage.storage(url: "gs://other")` is another bucket
/// of the same service.
///
/// A test configures the service (rules, identity, clock, Firestore
/// documents, seeded objects) through ``simulator``; a
/// ``StorageSimulator`` of its own gives its `Storage` with
/// ``StorageSimulator/storage()``.
///
/// Instances are cached per (simulator, bucket) and keep their settings.
/// Completion handlers and observers run on ``callbackQueue``.
open class Storage: NSObject {
    /// The simulated service behind this instance (a simulator addition,
    /// standing where the SDK has `app`).
    public let simulator: StorageSimulator
    /// The bucket of ``reference()``.
    let bucket: String
    private let settings: Locked<Settings>

    struct Settings {
        var maxUploadRetryTime: TimeInterval = 600
        var maxDownloadRetryTime: TimeInterval = 600
        var maxOperationRetryTime: TimeInterval = 120
        var uploadChunkSizeBytes: Int64 = .max
        var callbackQueue: DispatchQueue = .main
        var emulatorOrigin: String?
        var configured = false
    }

    /// The instance of `bucket`, sharing the settings the simulator keeps for it.
    init(simulator: StorageSimulator, bucket: String, settings: Locked<Settings>) {
        self.simulator = simulator
        self.bucket = bucket
        self.settings = settings
        super.init()
    }

    /// An instance with settings of its own.
    convenience init(simulator: StorageSimulator, bucket: String, callbackQueue: DispatchQueue) {
        self.init(simulator: simulator, bucket: bucket, settings: Locked(Settings(callbackQueue: callbackQueue)))
    }

    /// The default bucket of ``StorageSimulator/shared``.
    open class func storage() -> Storage {
        StorageSimulator.shared.storage()
    }

    /// The bucket `url` (`gs://<bucket>`) of ``StorageSimulator/shared``.
    /// Traps, as the SDK does, on a URL with an object path or one that is not `gs://`.
    open class func storage(url: String) -> Storage {
        StorageSimulator.shared.storage(url: url)
    }

    /// Total retry time for uploads (600 s); kept for the SDK's shape:
    /// the simulator never fails transiently, so nothing is retried.
    public var maxUploadRetryTime: TimeInterval {
        get { settings.withLock { $0.maxUploadRetryTime } }
        set { settings.withLock { $0.maxUploadRetryTime = newValue } }
    }

    /// Total retry time for downloads (600 s); nothing is retried.
    public var maxDownloadRetryTime: TimeInterval {
        get { settings.withLock { $0.maxDownloadRetryTime } }
        set { settings.withLock { $0.maxDownloadRetryTime = newValue } }
    }

    /// Total retry time for other operations (120 s); nothing is retried.
    public var maxOperationRetryTime: TimeInterval {
        get { settings.withLock { $0.maxOperationRetryTime } }
        set { settings.withLock { $0.maxOperationRetryTime = newValue } }
    }

    /// Upload chunk size (no maximum by default). Uploads report one
    /// `progress` event per chunk: below 256 KiB it is 256 KiB, otherwise
    /// rounded down to a multiple of 256 KiB; with no maximum, the
    /// simulator's ``StorageSimulator/Configuration/uploadChunkSize`` is used.
    public var uploadChunkSizeBytes: Int64 {
        get { settings.withLock { $0.uploadChunkSizeBytes } }
        set { settings.withLock { $0.uploadChunkSizeBytes = newValue } }
    }

    /// Where completion handlers and observers run (the main queue by
    /// default). On Linux the main queue runs only while something services
    /// it: an `async` test (Swift Testing) does; a command-line program
    /// calls `dispatchMain()` or runs the `RunLoop`, or sets a queue of its own.
    public var callbackQueue: DispatchQueue {
        get { settings.withLock { $0.callbackQueue } }
        set { settings.withLock { $0.callbackQueue = newValue } }
    }

    /// The root of the bucket.
    open func reference() -> StorageReference {
        markConfigured()
        return StorageReference(storage: self, bucket: bucket, object: nil)
    }

    /// A reference from `gs://<bucket>/<path>` or
    /// `http(s)://<host>/v0/b/<bucket>/o/<percent-encoded path>`. Traps, as
    /// the SDK does, on a URL that does not parse or names another bucket;
    /// ``reference(for:)`` throws instead.
    open func reference(forURL url: String) -> StorageReference {
        do {
            return try reference(parsing: url)
        } catch {
            fatalError("Storage.reference(forURL:) \(error.message) Use reference(for: URL), which throws, for URLs that may not match.")
        }
    }

    /// A reference from a URL, as ``reference(forURL:)``; throws
    /// ``StorageError/pathError(message:)`` for a URL that does not parse and
    /// ``StorageError/bucketMismatch(message:)`` for another bucket.
    open func reference(for url: URL) throws -> StorageReference {
        try reference(parsing: url.absoluteString)
    }

    /// `reference().child(path)`.
    open func reference(withPath path: String) -> StorageReference {
        reference().child(path)
    }

    /// Download URLs name `http://<host>:<port>` instead of the production
    /// host, as with the Firebase emulator. Traps, as the SDK does, after a
    /// reference was made, on an empty host or a negative port.
    open func useEmulator(withHost host: String, port: Int) {
        guard !host.isEmpty else { fatalError("Storage.useEmulator(withHost:port:) needs a host, e.g. \"localhost\".") }
        guard port >= 0 else { fatalError("Storage.useEmulator(withHost:port:) needs a port of 0 or more; got \(port).") }
        settings.withLock { settings in
            guard !settings.configured else {
                fatalError(
                    "Storage.useEmulator(withHost:port:) must be called before this instance makes its first reference; "
                        + "call it right after Storage.storage().")
            }
            settings.emulatorOrigin = "http://\(host):\(port)"
        }
    }

    /// Same simulator and bucket.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Storage else { return false }
        return other.simulator === simulator && other.bucket == bucket
    }

    /// The simulator's identity combined with the callback queue's, as the SDK combines app and queue.
    open override var hash: Int {
        ObjectIdentifier(simulator).hashValue ^ ObjectIdentifier(callbackQueue).hashValue
    }

    /// A new, uncached instance with the same simulator, bucket and callback queue.
    open override func copy() -> Any {
        Storage(simulator: simulator, bucket: bucket, callbackQueue: callbackQueue)
    }

    // MARK: - Internals

    private func markConfigured() {
        settings.withLock { $0.configured = true }
    }

    private func reference(parsing url: String) throws(StorageError) -> StorageReference {
        guard let (urlBucket, path) = StorageURL.parse(url) else {
            throw .pathError(message: "Internal error: URL \(url) could not be parsed; expected gs://<bucket>/<path> or a Firebase Storage URL.")
        }
        guard bucket.isEmpty || urlBucket == bucket else {
            throw .bucketMismatch(
                message: "Provided bucket: `\(urlBucket)` does not match the Storage bucket of the current instance: `\(bucket)`")
        }
        markConfigured()
        let root = urlBucket == bucket ? self : simulator.storage(bucket: urlBucket)
        return StorageReference(storage: root, bucket: urlBucket, object: nil).child(path)
    }

    /// The origin of download URLs.
    var downloadOrigin: String {
        settings.withLock { $0.emulatorOrigin } ?? simulator.configuration.downloadBaseURL
    }

    /// Bytes per upload progress step.
    var uploadStep: Int {
        let requested = uploadChunkSizeBytes
        guard requested != .max else { return max(1, simulator.configuration.uploadChunkSize) }
        let unit: Int64 = 256 * 1024
        return Int(clamping: requested < unit ? unit : requested / unit * unit)
    }

    /// Runs `body` on ``callbackQueue``.
    ///
    /// `body` is not `Sendable`: it holds the caller's handler, which may
    /// capture the caller's non-`Sendable` state (a local `var`, as in the
    /// SDK's guides). That is sound under the SDK's threading contract: once
    /// handed off, the simulator never touches `body` again, so it runs
    /// exactly once, on the callback queue, and the state it captures is
    /// used where the caller said handlers run (the main queue by default).
    func deliver(_ body: @escaping () -> Void) {
        let handoff = CallbackHandoff(body)
        callbackQueue.async { handoff.value() }
    }
}

/// A value moved, not shared, from the thread that made it to the callback
/// queue (see ``Storage/deliver(_:)``).
struct CallbackHandoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
