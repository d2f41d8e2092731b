import Foundation

/// What an observer receives: a task's state at one event.
open class StorageTaskSnapshot: NSObject {
    /// The task.
    public let task: StorageTask
    /// Uploads: the request metadata, or the stored object's after success.
    /// Downloads: `nil`.
    public let metadata: StorageMetadata?
    /// The destination (upload) or source (download).
    public let reference: StorageReference
    /// Bytes transferred of the total: a new `Progress` for each snapshot.
    public let progress: Progress?
    /// Why the task failed (a ``StorageError``), after failure.
    public let error: Error?
    /// The event, or for ``StorageTask/snapshot`` the task's status.
    public let status: StorageTaskStatus

    init(
        task: StorageTask, metadata: StorageMetadata?, reference: StorageReference, progress: Progress?,
        error: Error?, status: StorageTaskStatus
    ) {
        self.task = task
        self.metadata = metadata
        self.reference = reference
        self.progress = progress
        self.error = error
        self.status = status
        super.init()
    }

    /// `<State: …>`, as the SDK writes it.
    open override var description: String {
        switch status {
        case .unknown: "<State: Unknown>"
        case .resume: "<State: Resume>"
        case .progress: "<State: Progress, Progress: \(progress.map { "\($0.completedUnitCount)/\($0.totalUnitCount)" } ?? "nil")>"
        case .pause: "<State: Paused>"
        case .success: "<State: Success>"
        case .failure: "<State: Failed, Error: \(error.map { "\($0)" } ?? "nil")>"
        }
    }
}
