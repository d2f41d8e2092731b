import Foundation

extension StorageReference {
    /// The object's metadata (rules method `get`).
    public func getMetadata() async throws(StorageError) -> StorageMetadata {
        let (entry, _) = try storage.readObject(bucket: bucket, path: fullPath, operation: "getMetadata")
        return StorageMetadata(object: entry.object, reference: self)
    }

    /// The object's bytes (rules method `get`); fails with
    /// ``StorageErrorCode/downloadSizeExceeded`` when larger than `maxSize`.
    public func getData(maxSize: Int64) async throws(StorageError) -> Data {
        let (entry, decision) = try storage.readObject(bucket: bucket, path: fullPath, operation: "getData")
        guard entry.object.size <= maxSize else {
            throw .downloadSizeExceeded(
                total: entry.object.size, maxSize: maxSize, bucket: bucket, path: fullPath, decision: decision)
        }
        return Data(entry.bytes)
    }

    /// A download URL with the object's first download token (rules method
    /// `get`): `<base>/v0/b/<bucket>/o/<percent-encoded name>?alt=media&token=<token>`.
    /// An object without a token gets one (metageneration + 1).
    public func downloadURL() async throws(StorageError) -> URL {
        let object = try storage.objectWithDownloadToken(bucket: bucket, path: fullPath)
        let text = StorageURL.downloadURL(
            base: storage.configuration.downloadBaseURL, bucket: bucket, name: fullPath,
            token: object.downloadTokens.first ?? "")
        guard let url = URL(string: text) else {
            throw .invalidArgument("Invalid download URL base: \(storage.configuration.downloadBaseURL).", bucket: bucket, path: fullPath)
        }
        return url
    }

    /// Changes the writable metadata (rules method `update`) and returns the
    /// result: the fields that differ from what `metadata` was read with are
    /// sent, a field set to `nil` is deleted, custom metadata merges key by key.
    public func updateMetadata(_ metadata: StorageMetadata) async throws(StorageError) -> StorageMetadata {
        try await updateMetadata(metadata.patch)
    }

    /// Applies an explicit change (rules method `update`).
    public func updateMetadata(_ patch: MetadataPatch) async throws(StorageError) -> StorageMetadata {
        let object = try storage.updateObject(bucket: bucket, path: fullPath, patch: patch)
        return StorageMetadata(object: object, reference: self)
    }

    /// Deletes the object (rules method `delete`).
    public func delete() async throws(StorageError) {
        try storage.deleteObject(bucket: bucket, path: fullPath)
    }
}
