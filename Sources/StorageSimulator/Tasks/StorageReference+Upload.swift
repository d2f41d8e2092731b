import Foundation

extension StorageReference {
    /// Attaches `completion` as `.success`/`.failure` observers and starts the task.
    func startUpload(
        _ task: StorageUploadTask, completion: ((_: StorageMetadata?, _: Error?) -> Void)?
    ) -> StorageUploadTask {
        if let completion {
            task.observe(.success) { completion($0.metadata, nil) }
            task.observe(.failure) { completion(nil, $0.error) }
        }
        if storage.simulator.configuration.startsUploadsAutomatically { task.enqueue() }
        return task
    }

    func makeFileUploadTask(_ fileURL: URL, metadata: StorageMetadata?) -> StorageUploadTask {
        var isDirectory: ObjCBool = false
        let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
        guard fileURL.isFileURL, FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory),
            !isDirectory.boolValue, attributes?[.type] as? FileAttributeType != .typeSymbolicLink,
            let data = FileManager.default.contents(atPath: fileURL.path)
        else {
            return makeUploadTask(
                bytes: [], metadata: metadata, fileExtension: fileURL.pathExtension,
                sourceError: .fileNotReachable(fileURL))
        }
        return makeUploadTask(bytes: data.byteArray, metadata: metadata, fileExtension: fileURL.pathExtension)
    }

    func makeUploadTask(
        bytes: [UInt8], metadata: StorageMetadata?, fileExtension: String?, sourceError: StorageError? = nil
    ) -> StorageUploadTask {
        guard !fullPath.isEmpty else {
            fatalError(
                "Cannot upload to the root of bucket \(bucket): make a reference to an object first, e.g. "
                    + "reference().child(\"images/photo.jpg\").")
        }
        let metadata = metadata ?? StorageMetadata()
        metadata.path = fullPath
        metadata.name = name
        if metadata.contentType == nil {
            metadata.contentType = fileExtension.flatMap(ContentTypes.type(forExtension:)) ?? "application/octet-stream"
        }
        return StorageUploadTask(reference: self, bytes: bytes, metadata: metadata, sourceError: sourceError)
    }
}

extension StorageReference {
    /// Uploads `uploadData` and waits for the stored metadata; `onProgress`
    /// sees each chunk's progress. Runs in the calling task, so it does not
    /// need the callback queue (and `onProgress` runs in the calling task).
    public func putDataAsync(
        _ uploadData: Data, metadata: StorageMetadata? = nil, onProgress: ((Progress?) -> Void)? = nil
    ) async throws -> StorageMetadata {
        try await run(makeUploadTask(bytes: uploadData.byteArray, metadata: metadata, fileExtension: nil), onProgress)
    }

    /// Uploads the file at `url` and waits for the stored metadata.
    public func putFileAsync(
        from url: URL, metadata: StorageMetadata? = nil, onProgress: ((Progress?) -> Void)? = nil
    ) async throws -> StorageMetadata {
        try await run(makeFileUploadTask(url, metadata: metadata), onProgress)
    }

    private func run(_ task: StorageUploadTask, _ onProgress: ((Progress?) -> Void)?) async throws -> StorageMetadata {
        if let onProgress { task.progressHook = { onProgress($0.progress) } }
        guard task.markStarted() else { throw StorageError.neitherValueNorError }
        await task.runTransfer()
        let (metadata, error) = task.state.withLock { ($0.phase == .succeeded ? $0.metadata : nil, $0.error) }
        if let metadata { return metadata }
        throw error ?? .neitherValueNorError
    }
}
