/// The kinds of task events, as in the SDK.
public enum StorageTaskStatus: Int, Sendable, Hashable, CaseIterable {
    /// Not an event; the status of a task that has not started.
    case unknown
    /// The task started or resumed.
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

/// Byte counts of a transfer.
public struct StorageProgress: Sendable, Hashable {
    /// Bytes transferred so far.
    public var completedUnitCount: Int64
    /// Bytes in total.
    public var totalUnitCount: Int64

    /// Creates a progress value.
    public init(completedUnitCount: Int64, totalUnitCount: Int64) {
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
    }

    /// `completed / total`, 1 for an empty transfer.
    public var fractionCompleted: Double {
        totalUnitCount == 0 ? 1 : Double(completedUnitCount) / Double(totalUnitCount)
    }
}

/// What an observer receives: the task's state at one event.
public struct StorageTaskSnapshot: Sendable {
    /// The event (or, read from ``StorageUploadTask/snapshot``, the latest status).
    public var status: StorageTaskStatus
    /// Bytes transferred of the total.
    public var progress: StorageProgress?
    /// The stored object's metadata, after success.
    public var metadata: StorageMetadata?
    /// Why the task failed, after failure.
    public var error: StorageError?
    /// The task.
    public var task: StorageUploadTask
    /// The destination.
    public var reference: StorageReference
}
