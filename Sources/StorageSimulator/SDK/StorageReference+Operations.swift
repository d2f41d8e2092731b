import Foundation

// The operations behind every form of the SDK's methods (completion handler,
// async, `Result`): each runs at once on the calling thread against the
// simulator; the completion forms then deliver the outcome on the callback queue.
extension StorageReference {
    /// The object's metadata (rules method `get`).
    func fetchMetadata() throws(StorageError) -> StorageMetadata {
        let (entry, _) = try storage.simulator.readObject(bucket: bucket, path: fullPath, operation: "getMetadata")
        return StorageMetadata(object: entry.object)
    }

    /// The object's bytes (rules method `get`); fails with
    /// ``StorageError/downloadSizeExceeded(total:maxSize:)`` when larger than `maxSize`.
    func fetchData(maxSize: Int64) throws(StorageError) -> Data {
        let (entry, _) = try storage.simulator.readObject(bucket: bucket, path: fullPath, operation: "getData")
        guard entry.object.size <= maxSize else { throw .downloadSizeExceeded(total: entry.object.size, maxSize: maxSize) }
        return Data(entry.bytes)
    }

    /// A download URL with the object's first download token (rules method
    /// `get`): `<origin>/v0/b/<bucket>/o/<percent-encoded name>?alt=media&token=<token>`.
    /// An object without a token gets one (metageneration + 1).
    func fetchDownloadURL() throws(StorageError) -> URL {
        let object = try storage.simulator.objectWithDownloadToken(bucket: bucket, path: fullPath)
        let origin = storage.downloadOrigin
        let text = StorageURL.downloadURL(
            base: origin, bucket: bucket, name: fullPath, token: object.downloadTokens.first ?? "")
        guard let url = URL(string: text) else { throw .unknown("Invalid download URL origin: \(origin).") }
        return url
    }

    /// Applies `patch` (rules method `update`) and returns the new metadata.
    func applyUpdate(_ patch: MetadataPatch) throws(StorageError) -> StorageMetadata {
        let object = try storage.simulator.updateObject(bucket: bucket, path: fullPath, patch: patch)
        return StorageMetadata(object: object)
    }

    /// Deletes the object (rules method `delete`).
    func deleteObject() throws(StorageError) {
        try storage.simulator.deleteObject(bucket: bucket, path: fullPath)
    }

    /// Runs `operation` and calls `completion` with its outcome on the callback queue.
    func reply<Value>(
        _ completion: ((_: Value?, _: Error?) -> Void)?, _ operation: () throws(StorageError) -> Value
    ) {
        let outcome = Result(catching: operation)
        guard let completion else { return }
        storage.deliver {
            switch outcome {
            case .success(let value): completion(value, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Runs `operation` and calls `completion` with its `Result` on the callback queue.
    func reply<Value>(_ completion: @escaping (Result<Value, Error>) -> Void, _ operation: () throws(StorageError) -> Value) {
        let outcome = Result(catching: operation).mapError { $0 as Error }
        storage.deliver { completion(outcome) }
    }
}

extension StorageReference {
    /// Applies an explicit metadata change (rules method `update`): a
    /// simulator addition for callers that know exactly which fields to
    /// set or delete, without reading the metadata first.
    public func updateMetadata(_ patch: MetadataPatch) async throws -> StorageMetadata {
        try applyUpdate(patch)
    }
}
