/// Everything the server needs to start: where to listen and the limits it
/// enforces. Rules come separately, from a ``RulesSetup``.
public struct EmulatorConfiguration: Sendable {
    /// The interface to bind; loopback by default.
    public var host: String
    /// The port to bind; 0 picks a free one.
    public var port: Int
    /// The project id (from `.firebaserc` or `--project`), if known.
    public var projectID: String?
    /// The largest request body accepted, in bytes (the Firebase emulator's limit is 130 MB).
    public var maximumBodyBytes: Int
    /// Upload bodies larger than this are spooled to a temporary file instead of memory.
    public var spoolThresholdBytes: Int
    /// How long an unfinished resumable upload session lives, in seconds.
    public var uploadSessionLifetime: Double
    /// The most resumable sessions kept at once; the oldest are dropped beyond it.
    public var maximumUploadSessions: Int
    /// The most connections served at once; further ones wait in the backlog.
    public var maximumConnections: Int
    /// Seconds a connection may stay idle (or a slow client may stall) before it is closed.
    public var idleTimeout: Double
    /// Whether each request's log line carries the full rules explanation.
    public var verbose: Bool

    /// Creates a configuration with the defaults of `storage-rules serve`.
    public init(
        host: String = "127.0.0.1", port: Int = 9199, projectID: String? = nil,
        maximumBodyBytes: Int = 130 * 1024 * 1024, spoolThresholdBytes: Int = 1024 * 1024,
        uploadSessionLifetime: Double = 24 * 3600, maximumUploadSessions: Int = 10_000,
        maximumConnections: Int = 1024, idleTimeout: Double = 60, verbose: Bool = false
    ) {
        self.host = host
        self.port = port
        self.projectID = projectID
        self.maximumBodyBytes = maximumBodyBytes
        self.spoolThresholdBytes = spoolThresholdBytes
        self.uploadSessionLifetime = uploadSessionLifetime
        self.maximumUploadSessions = maximumUploadSessions
        self.maximumConnections = maximumConnections
        self.idleTimeout = idleTimeout
        self.verbose = verbose
    }
}
