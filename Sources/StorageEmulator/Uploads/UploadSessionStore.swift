import Foundation
import StorageSimulator

/// The state of a resumable upload session, as `x-goog-upload-status` reports it.
public enum UploadStatus: Sendable, Equatable {
    /// Accepting chunks.
    case active
    /// Cancelled: every later command but `query` and `cancel` is refused.
    case cancelled
    /// Finalized, with the status code and body the finalize got (a repeated finalize answers the same).
    case final(status: Int, body: String)

    /// The header value.
    var headerValue: String {
        switch self {
        case .active: "active"
        case .cancelled: "cancelled"
        case .final: "final"
        }
    }
}

/// One resumable upload: where it goes, who started it, and its bytes so far.
public final class UploadSession: @unchecked Sendable {
    /// The session id (`upload_id`).
    public let id: String
    /// The target bucket.
    public let bucket: String
    /// The target object name.
    public let name: String
    /// The metadata given at `start`.
    public let attributes: ObjectAttributes
    /// The caller of `start`, whose identity the rules see at finalize.
    public let caller: ServiceCaller
    /// The bytes received so far.
    let staging: UploadStaging
    private let lock = NSLock()
    private var storedStatus: UploadStatus = .active
    private var lastUsed: Date

    init(id: String, bucket: String, name: String, attributes: ObjectAttributes, caller: ServiceCaller, staging: UploadStaging) {
        self.id = id
        self.bucket = bucket
        self.name = name
        self.attributes = attributes
        self.caller = caller
        self.staging = staging
        self.lastUsed = Date()
    }

    /// The current status.
    public var status: UploadStatus { lock.withLock { storedStatus } }

    /// Runs `body` with exclusive access to the session's status (so two
    /// finalizes of one session do not both commit).
    func withStatus<Result>(_ body: (inout UploadStatus) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        lastUsed = Date()
        return try body(&storedStatus)
    }

    var idleSince: Date { lock.withLock { lastUsed } }

    /// Marks the session as used now (each command on it keeps it alive).
    func touch() { lock.withLock { lastUsed = Date() } }
}

/// Every resumable upload session, bounded in number and in lifetime.
public final class UploadSessionStore: Sendable {
    private let sessions = Protected<[String: UploadSession]>([:])
    private let lifetime: Double
    private let capacity: Int

    /// Creates a store; sessions unused for `lifetime` seconds expire, and
    /// beyond `capacity` sessions the least recently used go first.
    public init(lifetime: Double, capacity: Int) {
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
    }

    /// Opens a session.
    func start(
        bucket: String, name: String, attributes: ObjectAttributes, caller: ServiceCaller, spoolThreshold: Int
    ) -> UploadSession {
        let session = UploadSession(
            id: UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""), bucket: bucket, name: name,
            attributes: attributes, caller: caller, staging: UploadStaging(spoolThreshold: spoolThreshold))
        let evicted: [UploadSession] = sessions.withLock { sessions in
            sessions[session.id] = session
            guard sessions.count > capacity else { return [] }
            let oldest = sessions.values.sorted { $0.idleSince < $1.idleSince }.prefix(sessions.count - capacity)
            for old in oldest { sessions.removeValue(forKey: old.id) }
            return Array(oldest)
        }
        for old in evicted { old.staging.discard() }
        return session
    }

    /// The session with this id, if it exists and has not expired; looking it up counts as a use.
    func session(_ id: String) -> UploadSession? {
        let session = sessions.withLock { $0[id] }
        session?.touch()
        return session
    }

    /// The number of sessions kept.
    public var count: Int { sessions.withLock { $0.count } }

    /// Drops every session and its staged bytes.
    public func removeAll() {
        let all = sessions.withLock { sessions in
            defer { sessions = [:] }
            return Array(sessions.values)
        }
        for session in all { session.staging.discard() }
    }

    /// Drops sessions idle for longer than the lifetime.
    public func expire(now: Date = Date()) {
        let expired = sessions.withLock { sessions in
            let old = sessions.values.filter { now.timeIntervalSince($0.idleSince) > lifetime }
            for session in old { sessions.removeValue(forKey: session.id) }
            return old
        }
        for session in expired { session.staging.discard() }
    }

    /// Expires old sessions once a minute (or sooner for short lifetimes)
    /// until cancelled. It leaves the sessions in place: it is cancelled as
    /// graceful shutdown begins, while requests on them may still be in
    /// flight; the server drops them once it has stopped.
    func sweep() async {
        let interval = min(60, max(0.05, lifetime / 4))
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            expire()
        }
    }
}
