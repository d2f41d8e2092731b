import Foundation

/// The kinds of task events, as in the SDK (raw values 0 to 5 in this order).
public enum StorageTaskStatus: Int, Sendable, Hashable, CaseIterable {
    /// Not an event; the status of a task that has not started.
    case unknown
    /// The task resumed after a pause.
    case resume
    /// Bytes were transferred.
    case progress
    /// The task was paused.
    case pause
    /// The task finished successfully.
    case success
    /// The task failed (denied, cancelled, invalid...).
    case failure
}

/// Control of an upload or download, as the SDK's protocol declares it
/// (there `pause`, `cancel` and `resume` are optional Objective-C
/// requirements; without Objective-C they are plain requirements).
public protocol StorageTaskManagement: NSObjectProtocol {
    /// Starts the task (the SDK's methods that return a task already did).
    func enqueue()
    /// Pauses the transfer.
    func pause()
    /// Cancels: the task fails with ``StorageErrorCode/cancelled``.
    func cancel()
    /// Resumes a paused transfer.
    func resume()
}

/// An upload or download: its current state is ``snapshot``.
open class StorageTask: NSObject {
    /// The destination (upload) or source (download).
    let reference: StorageReference
    let state = Locked(TaskState())

    init(reference: StorageReference) {
        self.reference = reference
        super.init()
    }

    /// The task's state now, built fresh on each call.
    public var snapshot: StorageTaskSnapshot {
        state.withLock { makeSnapshot($0.phase.status, $0) }
    }

    /// A snapshot of `state` for an event of `status`.
    func makeSnapshot(_ status: StorageTaskStatus, _ state: TaskState) -> StorageTaskSnapshot {
        let progress = Progress(totalUnitCount: state.total)
        progress.completedUnitCount = state.completed
        return StorageTaskSnapshot(
            task: self, metadata: state.metadata, reference: reference, progress: progress, error: state.error,
            status: status)
    }
}

// The state lives behind the lock and the handlers run on the callback
// queue; this is the SDK's own declaration.
extension StorageTask: @unchecked Sendable {}

/// Where a task is. The SDK's internal states, folded: `running` covers
/// queueing/resuming/running (status `resume`), `progressing` its progress
/// state (status `progress`).
enum TaskPhase: Equatable {
    case notStarted, running, progressing, paused, succeeded, failed, cancelled

    var isTerminal: Bool { self == .succeeded || self == .failed || self == .cancelled }

    /// The snapshot status of the phase.
    var status: StorageTaskStatus {
        switch self {
        case .notStarted: .unknown
        case .running: .resume
        case .progressing: .progress
        case .paused: .pause
        case .succeeded: .success
        case .failed, .cancelled: .failure
        }
    }

    /// Whether an observer of `status` added now is called at once.
    func replays(_ status: StorageTaskStatus) -> Bool {
        switch status {
        case .success: self == .succeeded
        case .failure: self == .failed
        case .progress: self == .running || self == .progressing
        case .resume: self == .running
        case .pause: self == .paused
        case .unknown: false
        }
    }
}

/// A task's mutable state, only reached under ``StorageTask/state``'s lock.
struct TaskState {
    var phase = TaskPhase.notStarted
    var started = false
    /// The result is being committed; `cancel()` no longer applies.
    var committing = false
    var completed: Int64 = 0
    var total: Int64 = 0
    var metadata: StorageMetadata?
    var error: StorageError?
    var observers: [StorageTaskStatus: [String: (StorageTaskSnapshot) -> Void]] = [:]
    var resumeWaiter: CheckedContinuation<Void, Never>?
    /// Callers of `waitUntilFinished()`.
    var finishWaiters: [CheckedContinuation<Void, Never>] = []
}
