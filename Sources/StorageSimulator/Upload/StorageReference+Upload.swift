import Foundation

extension StorageReference {
    /// Uploads `data` (a new object or an overwrite; rules method `create`)
    /// and returns the task. Without a content type in `metadata`, the object
    /// is stored as `application/octet-stream`. `completion` is called once
    /// with the stored metadata or the error.
    @discardableResult
    public func putData(
        _ data: Data, metadata: StorageMetadata? = nil,
        completion: (@Sendable (StorageMetadata?, StorageError?) -> Void)? = nil
    ) -> StorageUploadTask {
        startUpload(bytes: Array(data), attributes: metadata?.attributes ?? ObjectAttributes(), completion: completion)
    }

    /// Uploads `data` and waits for the result; `onProgress` sees each chunk.
    public func putDataAsync(
        _ data: Data, metadata: StorageMetadata? = nil,
        onProgress: (@Sendable (StorageProgress) -> Void)? = nil
    ) async throws(StorageError) -> StorageMetadata {
        let task = makeUploadTask(bytes: Array(data), attributes: metadata?.attributes ?? ObjectAttributes())
        return try await run(task, onProgress: onProgress)
    }

    /// Uploads the file at `url`. Without a content type in `metadata`, it
    /// is inferred from the file's extension (as the SDK does), else
    /// `application/octet-stream`.
    @discardableResult
    public func putFile(
        from url: URL, metadata: StorageMetadata? = nil,
        completion: (@Sendable (StorageMetadata?, StorageError?) -> Void)? = nil
    ) -> StorageUploadTask {
        switch fileUpload(url, metadata: metadata) {
        case .success(let (bytes, attributes)):
            return startUpload(bytes: bytes, attributes: attributes, completion: completion)
        case .failure(let error):
            let task = makeUploadTask(bytes: [], attributes: ObjectAttributes())
            task.fail(error)
            completion?(nil, error)
            return task
        }
    }

    /// Uploads the file at `url` and waits for the result.
    public func putFileAsync(
        from url: URL, metadata: StorageMetadata? = nil,
        onProgress: (@Sendable (StorageProgress) -> Void)? = nil
    ) async throws(StorageError) -> StorageMetadata {
        let (bytes, attributes) = try fileUpload(url, metadata: metadata).get()
        return try await run(makeUploadTask(bytes: bytes, attributes: attributes), onProgress: onProgress)
    }

    private func fileUpload(_ url: URL, metadata: StorageMetadata?) -> Result<([UInt8], ObjectAttributes), StorageError> {
        var isDirectory: ObjCBool = false
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path)
        else { return .failure(.fileNotReachable(url.absoluteString)) }
        var attributes = metadata?.attributes ?? ObjectAttributes()
        if attributes.contentType == nil {
            attributes.contentType = ContentTypes.type(forExtension: url.pathExtension)
        }
        return .success((Array(data), attributes))
    }

    private func makeUploadTask(bytes: [UInt8], attributes: ObjectAttributes) -> StorageUploadTask {
        StorageUploadTask(reference: self, bytes: bytes, attributes: attributes)
    }

    private func startUpload(
        bytes: [UInt8], attributes: ObjectAttributes,
        completion: (@Sendable (StorageMetadata?, StorageError?) -> Void)?
    ) -> StorageUploadTask {
        let task = makeUploadTask(bytes: bytes, attributes: attributes)
        if let completion {
            task.observe(.success) { completion($0.metadata, nil) }
            task.observe(.failure) { completion(nil, $0.error) }
        }
        if storage.configuration.startsUploadsAutomatically { task.enqueue() }
        return task
    }

    private func run(
        _ task: StorageUploadTask, onProgress: (@Sendable (StorageProgress) -> Void)?
    ) async throws(StorageError) -> StorageMetadata {
        if let onProgress {
            task.observe(.progress) { snapshot in
                if let progress = snapshot.progress { onProgress(progress) }
            }
        }
        task.enqueue()
        return try await task.result()
    }
}
