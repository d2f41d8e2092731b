import Foundation

/// An upload in progress: observable, pausable, cancellable.
///
/// The bytes are "sent" in steps (``Storage/uploadChunkSizeBytes``, else the
/// simulator's ``StorageSimulator/Configuration/uploadChunkSize``); each
/// fires a `progress` event. After the last step the upload is committed:
/// the rules are asked (`create`) and the object replaced atomically. A
/// cancelled, failed or denied upload leaves the previous object untouched.
open class StorageUploadTask: StorageObservableTask, StorageTaskManagement, @unchecked Sendable {
    let bytes: [UInt8]
    let attributes: ObjectAttributes
    /// Why the upload cannot start (an unreadable file), if so.
    let sourceError: StorageError?

    init(reference: StorageReference, bytes: [UInt8], metadata: StorageMetadata, sourceError: StorageError? = nil) {
        self.bytes = bytes
        self.attributes = metadata.attributes
        self.sourceError = sourceError
        super.init(reference: reference)
        state.withLock {
            $0.metadata = metadata
            $0.total = Int64(bytes.count)
        }
    }

    /// Starts the upload if it has not started (`putData`/`putFile` do,
    /// unless the simulator's configuration says otherwise).
    open func enqueue() { startTransfer() }

    /// Pauses before the next chunk; fires `.pause`.
    open func pause() { pauseTransfer() }

    /// Cancels: fires `.failure` with ``StorageError/cancelled``; the object is not written.
    open func cancel() { cancelTransfer() }

    /// Resumes a paused upload; fires `.resume`.
    open func resume() { resumeTransfer() }

    /// Waits for the upload to finish (and for the callback queue to run
    /// its last handlers): the stored metadata, or the error. A simulator
    /// addition, for tests that drive a task and then check its outcome.
    public func result() async throws -> StorageMetadata {
        await waitUntilFinished()
        let (metadata, error) = state.withLock { ($0.phase == .succeeded ? $0.metadata : nil, $0.error) }
        if let metadata { return metadata }
        throw error ?? .neitherValueNorError
    }

    override func prepareTransfer() -> Result<Int64, StorageError> {
        if let sourceError { return .failure(sourceError) }
        return .success(Int64(bytes.count))
    }

    override var transferStep: Int { reference.storage.uploadStep }

    override func completeTransfer() -> Result<StorageMetadata?, StorageError> {
        do throws(StorageError) {
            let object = try reference.storage.simulator.commitUpload(
                bucket: reference.bucket, path: reference.fullPath, bytes: bytes, attributes: attributes)
            return .success(StorageMetadata(object: object))
        } catch {
            return .failure(error)
        }
    }
}
