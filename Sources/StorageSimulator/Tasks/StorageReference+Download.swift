import Foundation

extension StorageReference {
    /// Starts a download into memory; `completion` gets the bytes or the error.
    func startDataDownload(maxSize: Int64, completion: @escaping (_: Data?, _: Error?) -> Void) -> StorageDownloadTask {
        let task = StorageDownloadTask(reference: self, destination: .memory(maxSize: maxSize))
        task.observe(.success) { _ in completion(task.data, nil) }  // the cycle ends when observers are dropped
        task.observe(.failure) { completion(nil, $0.error) }
        task.enqueue()
        return task
    }

    /// Starts a download into `fileURL`; `completion` gets `fileURL` or the error.
    func startFileDownload(_ fileURL: URL, completion: ((_: URL?, _: Error?) -> Void)?) -> StorageDownloadTask {
        let task = StorageDownloadTask(reference: self, destination: .file(fileURL))
        if let completion {
            task.observe(.success) { _ in completion(fileURL, nil) }
            task.observe(.failure) { completion(nil, $0.error) }
        }
        task.enqueue()
        return task
    }
}

extension StorageReference {
    /// Downloads the object into `fileURL` (rules method `get`) and waits;
    /// `onProgress` sees each step. Runs in the calling task, so it does not
    /// need the callback queue.
    public func writeAsync(toFile fileURL: URL, onProgress: ((Progress?) -> Void)? = nil) async throws -> URL {
        let task = StorageDownloadTask(reference: self, destination: .file(fileURL))
        if let onProgress { task.progressHook = { onProgress($0.progress) } }
        guard task.markStarted() else { throw StorageError.neitherValueNorError }
        await task.runTransfer()
        let (succeeded, error) = task.state.withLock { ($0.phase == .succeeded, $0.error) }
        if succeeded { return fileURL }
        throw error ?? .neitherValueNorError
    }

    /// The object's bytes (rules method `get`); fails with
    /// ``StorageError/downloadSizeExceeded(total:maxSize:)`` when larger than `maxSize`.
    public func data(maxSize: Int64) async throws -> Data {
        try fetchData(maxSize: maxSize)
    }

    /// One page of the folder's content (rules method `list`); `maxResults` is 1 to 1000.
    public func list(maxResults: Int64) async throws -> StorageListResult {
        try fetchPage(maxResults: validatedPageSize(maxResults), pageToken: nil)
    }

    /// The page after `pageToken`.
    public func list(maxResults: Int64, pageToken: String) async throws -> StorageListResult {
        try fetchPage(maxResults: validatedPageSize(maxResults), pageToken: pageToken)
    }
}
