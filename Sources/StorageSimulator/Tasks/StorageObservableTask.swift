import Foundation

/// A task that calls observers on its events, as the SDK's does.
///
/// Handlers run on the storage's ``Storage/callbackQueue``, each event in
/// order. An observer added for the status the task is in is called once at
/// once (so observing `.success` on a finished task still reports it, but
/// observing `.failure` on a cancelled one does not). After `.success` or
/// `.failure` every observer is removed.
///
/// The transfer moves in steps (an upload's chunk size, see
/// ``Storage/uploadChunkSizeBytes``), one `.progress` event each. Before the
/// next step the task waits until the callback queue has run the event's
/// handlers, so a handler that pauses or cancels takes effect at once.
open class StorageObservableTask: StorageTask, @unchecked Sendable {
    /// Called with each snapshot of a `progress` event, on the transfer's
    /// own context, for the async forms' `onProgress` (not via the queue).
    var progressHook: ((StorageTaskSnapshot) -> Void)?

    /// Calls `handler` on every event of `status`; returns a handle for
    /// ``removeObserver(withHandle:)``. Traps for `.unknown`, as the SDK does.
    @discardableResult
    open func observe(_ status: StorageTaskStatus, handler: @escaping (StorageTaskSnapshot) -> Void) -> String {
        guard status != .unknown else {
            fatalError("StorageObservableTask.observe(_:handler:) cannot observe .unknown; observe .resume, .progress, .pause, .success or .failure.")
        }
        let handle = UUID().uuidString
        let replay = state.withLock { state -> StorageTaskSnapshot? in
            if !state.phase.isTerminal { state.observers[status, default: [:]][handle] = handler }
            return state.phase.replays(status) ? makeSnapshot(status, state) : nil
        }
        if let replay { reference.storage.deliver { handler(replay) } }
        return handle
    }

    /// Removes one observer.
    open func removeObserver(withHandle handle: String) {
        state.withLock { state in
            for status in state.observers.keys { state.observers[status]?[handle] = nil }
        }
    }

    /// Removes every observer of one status.
    open func removeAllObservers(for status: StorageTaskStatus) {
        state.withLock { $0.observers[status] = nil }
    }

    /// Removes every observer.
    open func removeAllObservers() {
        state.withLock { $0.observers.removeAll() }
    }

    // MARK: - Control, shared by uploads and downloads

    /// The transfer's total size, or why it cannot start (subclasses).
    func prepareTransfer() -> Result<Int64, StorageError> { .success(0) }

    /// Bytes per step (subclasses).
    var transferStep: Int { Int.max }

    /// Commits the transferred bytes: the stored metadata for an upload (subclasses).
    func completeTransfer() -> Result<StorageMetadata?, StorageError> { .success(nil) }

    /// Starts the transfer once the callback queue has run what was queued
    /// before: code on that queue (an app's main thread) that attaches
    /// observers right after `putData` sees every event, as with the SDK,
    /// whose first bytes take a network round trip.
    func startTransfer() {
        guard markStarted() else { return }
        let queue = reference.storage.callbackQueue
        Task {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume() }
            }
            await self.runTransfer()
        }
    }

    /// Marks the task started; `false` if it already was or has finished.
    func markStarted() -> Bool {
        state.withLock { state in
            guard !state.started, !state.phase.isTerminal else { return false }
            state.started = true
            if state.phase == .notStarted { state.phase = .running }
            return true
        }
    }

    func pauseTransfer() {
        let paused = state.withLock { state -> Bool in
            let pausable = [.notStarted, .running, .progressing].contains(state.phase)
            guard pausable, !state.committing else { return false }
            state.phase = .paused
            return true
        }
        if paused { fire(.pause) }
    }

    func resumeTransfer() {
        let resumed = state.withLock { state -> Bool in
            guard state.phase == .paused else { return false }
            state.phase = .running
            state.resumeWaiter?.resume()
            state.resumeWaiter = nil
            return true
        }
        if resumed { fire(.resume) }
    }

    func cancelTransfer() {
        finish(.failure(.cancelled), phase: .cancelled)
    }

    /// Runs the transfer to its end in the caller's task.
    func runTransfer() async {
        let total: Int64
        switch prepareTransfer() {
        case .success(let size): total = size
        case .failure(let error): return finish(.failure(error), phase: .failed)
        }
        state.withLock { $0.total = total }
        let step = Int64(max(1, transferStep))
        var sent: Int64 = 0
        repeat {
            guard await waitWhilePaused() else { return }
            sent = sent + min(step, total - sent)
            let hook = progressHook
            let moved = state.withLock { state -> (moved: Bool, snapshot: StorageTaskSnapshot?) in
                guard !state.phase.isTerminal else { return (false, nil) }
                state.completed = sent
                state.phase = .progressing
                return (true, hook == nil ? nil : makeSnapshot(.progress, state))
            }
            guard moved.moved else { return }
            if let hook, let snapshot = moved.snapshot { hook(snapshot) }
            await fireAndWait(.progress)
        } while sent < total
        guard await waitWhilePaused() else { return }
        let committing = state.withLock { state -> Bool in
            guard !state.phase.isTerminal else { return false }
            state.committing = true
            return true
        }
        guard committing else { return }
        switch completeTransfer() {
        case .success(let metadata): finish(.success(metadata), phase: .succeeded)
        case .failure(let error): finish(.failure(error), phase: .failed)
        }
    }

    /// Waits while paused; `false` once the task has finished (cancelled).
    private func waitWhilePaused() async -> Bool {
        while true {
            let phase = state.withLock { $0.phase }
            if phase.isTerminal { return false }
            if phase != .paused { return true }
            await withCheckedContinuation { continuation in
                let wake = state.withLock { state -> Bool in
                    if state.phase != .paused { return true }
                    state.resumeWaiter = continuation
                    return false
                }
                if wake { continuation.resume() }
            }
        }
    }

    /// Ends the task (once): records the result, calls the observers of
    /// `.success` or `.failure`, then drops every observer.
    private func finish(_ result: Result<StorageMetadata?, StorageError>, phase: TaskPhase) {
        let delivery = state.withLock { state -> (handlers: [(StorageTaskSnapshot) -> Void], snapshot: StorageTaskSnapshot?, waiters: [CheckedContinuation<Void, Never>])? in
            guard !state.phase.isTerminal, phase != .cancelled || !state.committing else { return nil }
            state.phase = phase
            switch result {
            case .success(let metadata):
                if let metadata { state.metadata = metadata }
                state.completed = state.total
            case .failure(let error):
                state.error = error
            }
            state.resumeWaiter?.resume()
            state.resumeWaiter = nil
            let status = phase.status
            let handlers = state.observers[status].map { Array($0.values) } ?? []
            state.observers.removeAll()
            let waiters = state.finishWaiters
            state.finishWaiters.removeAll()
            return (handlers, handlers.isEmpty ? nil : makeSnapshot(status, state), waiters)
        }
        guard let delivery else { return }
        let storage = reference.storage
        if let snapshot = delivery.snapshot {
            for handler in delivery.handlers {
                storage.deliver { handler(snapshot) }
            }
        }
        for waiter in delivery.waiters { waiter.resume() }
    }

    /// Waits until the task has finished and the callback queue has run the
    /// handlers of its last event (so it needs that queue serviced).
    func waitUntilFinished() async {
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state -> Bool in
                if state.phase.isTerminal { return true }
                state.finishWaiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
        let queue = reference.storage.callbackQueue
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    /// Calls the observers of `status` with a snapshot of now.
    @discardableResult
    private func fire(_ status: StorageTaskStatus) -> Bool {
        let delivery = state.withLock { state -> (handlers: [(StorageTaskSnapshot) -> Void], snapshot: StorageTaskSnapshot)? in
            guard let handlers = state.observers[status], !handlers.isEmpty else { return nil }
            return (Array(handlers.values), makeSnapshot(status, state))
        }
        guard let delivery else { return false }
        let storage = reference.storage
        for handler in delivery.handlers {
            storage.deliver { handler(delivery.snapshot) }
        }
        return true
    }

    /// Fires, then waits until the callback queue has run the handlers.
    private func fireAndWait(_ status: StorageTaskStatus) async {
        guard fire(status) else { return }
        let queue = reference.storage.callbackQueue
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }
}
