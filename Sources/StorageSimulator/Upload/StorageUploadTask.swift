/// An upload in progress: observable, pausable, cancellable.
///
/// The bytes are "sent" in chunks of the simulator's
/// ``StorageSimulator/Configuration/uploadChunkSize``; each chunk fires a
/// `progress` event, and `pause()`/`cancel()` take effect before the next
/// chunk (so an observer can pause or cancel mid-upload deterministically).
/// After the last chunk the upload is committed: the rules are asked
/// (`create`) and the object replaced atomically. A cancelled, failed or
/// denied upload leaves the previous object untouched.
///
/// Observers are called on the task's own execution context, one event at a
/// time in order, and are dropped once the task succeeds or fails.
public final class StorageUploadTask: Sendable {
    /// The destination.
    public let reference: StorageReference
    let bytes: [UInt8]
    let attributes: ObjectAttributes
    private let state = Locked(UploadState())

    init(reference: StorageReference, bytes: [UInt8], attributes: ObjectAttributes) {
        self.reference = reference
        self.bytes = bytes
        self.attributes = attributes
    }

    enum Phase: Sendable {
        case pending, running, paused, succeeded, failed
        var isFinished: Bool { self == .succeeded || self == .failed }
    }

    struct UploadState {
        var phase = Phase.pending
        var started = false
        var cancelRequested = false
        var completed: Int64 = 0
        var observers: [(handle: String, status: StorageTaskStatus, handler: @Sendable (StorageTaskSnapshot) -> Void)] = []
        var nextHandle = 0
        var resumeWaiter: CheckedContinuation<Void, Never>?
        var completionWaiters: [CheckedContinuation<StorageMetadata, any Error>] = []
        var metadata: StorageMetadata?
        var error: StorageError?
        var lastStatus = StorageTaskStatus.unknown
    }

    // MARK: - Observers

    /// Calls `handler` on every event of `status`; returns a handle for removal.
    @discardableResult
    public func observe(_ status: StorageTaskStatus, handler: @escaping @Sendable (StorageTaskSnapshot) -> Void) -> String {
        state.withLock { state in
            state.nextHandle += 1
            let handle = "\(status)-\(state.nextHandle)"
            if !state.phase.isFinished { state.observers.append((handle, status, handler)) }
            return handle
        }
    }

    /// Removes one observer.
    public func removeObserver(withHandle handle: String) {
        state.withLock { $0.observers.removeAll { $0.handle == handle } }
    }

    /// Removes every observer of one status.
    public func removeAllObservers(for status: StorageTaskStatus) {
        state.withLock { $0.observers.removeAll { $0.status == status } }
    }

    /// Removes every observer.
    public func removeAllObservers() {
        state.withLock { $0.observers.removeAll() }
    }

    // MARK: - Control

    /// Starts the upload, if it has not started (``putData`` does this
    /// unless the simulator is configured not to).
    public func enqueue() {
        let start = state.withLock { state -> Bool in
            guard !state.started, !state.phase.isFinished else { return false }
            state.started = true
            if state.phase == .pending { state.phase = .running }
            return true
        }
        guard start else { return }
        Task { await self.run() }
    }

    /// Pauses before the next chunk; fires `pause`.
    public func pause() {
        let paused = state.withLock { state -> Bool in
            guard state.phase == .running || state.phase == .pending else { return false }
            state.phase = .paused
            return true
        }
        if paused { fire(.pause) }
    }

    /// Resumes a paused upload; fires `resume`.
    public func resume() {
        let resumed = state.withLock { state -> Bool in
            guard state.phase == .paused else { return false }
            state.phase = .running
            state.resumeWaiter?.resume()
            state.resumeWaiter = nil
            return true
        }
        if resumed { fire(.resume) }
    }

    /// Cancels: the upload fails with ``StorageErrorCode/cancelled`` before
    /// committing anything.
    public func cancel() {
        let notStarted = state.withLock { state -> Bool in
            guard !state.phase.isFinished else { return false }
            state.cancelRequested = true
            state.resumeWaiter?.resume()
            state.resumeWaiter = nil
            return !state.started
        }
        if notStarted { finish(.failure(.cancelled(bucket: reference.bucket, path: reference.fullPath))) }
    }

    /// The current state.
    public var snapshot: StorageTaskSnapshot {
        state.withLock { makeSnapshot($0.lastStatus, $0) }
    }

    /// Waits for the upload to finish: the stored metadata, or the error.
    public func result() async throws(StorageError) -> StorageMetadata {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                let finished = state.withLock { state -> Result<StorageMetadata, StorageError>? in
                    if let metadata = state.metadata { return .success(metadata) }
                    if let error = state.error { return .failure(error) }
                    state.completionWaiters.append(continuation)
                    return nil
                }
                if let finished { continuation.resume(with: finished) }
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .unknown()
        }
    }

    // MARK: - Running

    private func run() async {
        // A task paused before it started announces `resume` when resumed.
        if state.withLock({ $0.phase == .running }) { fire(.resume) }
        let total = bytes.count
        let chunk = max(1, reference.storage.configuration.uploadChunkSize)
        var sent = 0
        repeat {
            guard await waitWhilePaused() else { return cancelled() }
            sent = min(total, sent + chunk)
            let completed = Int64(sent)
            state.withLock { $0.completed = completed }
            fire(.progress)
        } while sent < total
        guard await waitWhilePaused() else { return cancelled() }
        do throws(StorageError) {
            let object = try reference.storage.commitUpload(
                bucket: reference.bucket, path: reference.fullPath, bytes: bytes, attributes: attributes)
            finish(.success(StorageMetadata(object: object, reference: reference)))
        } catch {
            finish(.failure(error))
        }
    }

    /// Waits while paused; `false` when the upload was cancelled.
    private func waitWhilePaused() async -> Bool {
        while true {
            let status = state.withLock { state -> Bool? in
                if state.cancelRequested { return false }
                return state.phase == .paused ? nil : true
            }
            if let status { return status }
            await withCheckedContinuation { continuation in
                let wake = state.withLock { state -> Bool in
                    if state.cancelRequested || state.phase != .paused { return true }
                    state.resumeWaiter = continuation
                    return false
                }
                if wake { continuation.resume() }
            }
        }
    }

    /// Ends a task that could not start (e.g. an unreadable file).
    func fail(_ error: StorageError) {
        finish(.failure(error))
    }

    private func cancelled() {
        finish(.failure(.cancelled(bucket: reference.bucket, path: reference.fullPath)))
    }

    private func finish(_ result: Result<StorageMetadata, StorageError>) {
        let (waiters, handlers, snapshot) = state.withLock { state in
            guard !state.phase.isFinished else {
                return ([CheckedContinuation<StorageMetadata, any Error>](), [@Sendable (StorageTaskSnapshot) -> Void](), nil as StorageTaskSnapshot?)
            }
            let status: StorageTaskStatus
            switch result {
            case .success(let metadata):
                state.phase = .succeeded
                state.metadata = metadata
                state.completed = Int64(bytes.count)
                status = .success
            case .failure(let error):
                state.phase = .failed
                state.error = error
                status = .failure
            }
            state.lastStatus = status
            let handlers = state.observers.filter { $0.status == status }.map(\.handler)
            state.observers.removeAll()
            let waiters = state.completionWaiters
            state.completionWaiters.removeAll()
            return (waiters, handlers, makeSnapshot(status, state))
        }
        guard let snapshot else { return }
        for handler in handlers { handler(snapshot) }
        for waiter in waiters { waiter.resume(with: result.mapError { $0 as any Error }) }
    }

    private func fire(_ status: StorageTaskStatus) {
        let (handlers, snapshot) = state.withLock { state in
            state.lastStatus = status
            return (state.observers.filter { $0.status == status }.map(\.handler), makeSnapshot(status, state))
        }
        for handler in handlers { handler(snapshot) }
    }

    private func makeSnapshot(_ status: StorageTaskStatus, _ state: UploadState) -> StorageTaskSnapshot {
        StorageTaskSnapshot(
            status: status, progress: StorageProgress(completedUnitCount: state.completed, totalUnitCount: Int64(bytes.count)),
            metadata: state.metadata, error: state.error, task: self, reference: reference)
    }
}
