import Foundation

/// A download in progress: observable, pausable, cancellable.
///
/// The object is read when the task starts (rules method `get`), then
/// "received" in steps of the simulator's
/// ``StorageSimulator/Configuration/uploadChunkSize``, one `progress` event
/// each; `getData` tasks keep the bytes, `write(toFile:)` tasks write them
/// to the file at the end.
open class StorageDownloadTask: StorageObservableTask, StorageTaskManagement, @unchecked Sendable {
    /// Where the bytes go.
    enum Destination {
        /// Kept in memory, failing when larger than `maxSize`.
        case memory(maxSize: Int64)
        /// Written to a file.
        case file(URL)
    }

    let destination: Destination
    private let received = Locked<[UInt8]?>(nil)

    init(reference: StorageReference, destination: Destination) {
        self.destination = destination
        super.init(reference: reference)
    }

    /// Starts the download if it has not started (the methods that return
    /// a download task already did).
    open func enqueue() { startTransfer() }

    /// Pauses before the next step; fires `.pause`.
    open func pause() { pauseTransfer() }

    /// Cancels: fires `.failure` with ``StorageError/cancelled``.
    open func cancel() { cancelTransfer() }

    /// Resumes a paused download; fires `.resume`.
    open func resume() { resumeTransfer() }

    /// The downloaded bytes, once a `getData` task has succeeded.
    var data: Data? { received.withLock { $0.map { Data($0) } } }

    override func prepareTransfer() -> Result<Int64, StorageError> {
        do throws(StorageError) {
            let (entry, _) = try reference.storage.simulator.readObject(
                bucket: reference.bucket, path: reference.fullPath, operation: "getData")
            if case .memory(let maxSize) = destination, entry.object.size > maxSize {
                return .failure(.downloadSizeExceeded(total: entry.object.size, maxSize: maxSize))
            }
            received.withLock { $0 = entry.bytes }
            return .success(entry.object.size)
        } catch {
            return .failure(error)
        }
    }

    override var transferStep: Int { max(1, reference.storage.simulator.configuration.uploadChunkSize) }

    override func completeTransfer() -> Result<StorageMetadata?, StorageError> {
        guard case .file(let url) = destination else { return .success(nil) }
        let bytes = received.withLock { $0 } ?? []
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            return .success(nil)
        } catch {
            return .failure(.fileNotWritable(url, reason: error.localizedDescription))
        }
    }
}
