import Foundation
import RulesEngine

/// The operations behind the SDK-shaped API. Each one asks the rules first
/// (rules before existence), then acts atomically on the bucket.
///
/// Writes are compare-and-swap: the rules judged a specific stored state
/// (`resource`), so the write only lands if that state is still current;
/// otherwise the operation asks again with the new state.
extension StorageSimulator {
    /// `get`: download or metadata read.
    func readObject(bucket: String, path: String, operation name: String) throws(StorageError) -> (StoredEntry, Decision) {
        try checkObjectPath(path, bucket: bucket, operation: name)
        let store = try bucketStore(bucket)
        let operation = operationContext(bucket: bucket)
        let entry = store.entry(path)
        let decision = try require(
            .get, bucket: bucket, path: path, incoming: nil, existing: entry?.object.fields.intoResourceValue(), in: operation)
        guard let entry else { throw .objectNotFound(bucket: bucket, path: path, decision: decision) }
        return (entry, decision)
    }

    /// `get`, then make sure the object has a download token (adding one is
    /// a metadata change: metageneration + 1).
    func objectWithDownloadToken(bucket: String, path: String) throws(StorageError) -> StoredObject {
        var (entry, decision) = try readObject(bucket: bucket, path: path, operation: "downloadURL")
        let store = try bucketStore(bucket)
        while entry.object.downloadTokens.isEmpty {
            var updated = entry.object
            updated.downloadTokens = [ObjectFactory.newDownloadToken()]
            ObjectFactory.bumpMetageneration(&updated, time: now)
            let stored = entry.with(consume updated)
            if store.replace(path, ifCurrent: entry.object, with: stored) { return stored.object }
            guard let current = store.entry(path) else {
                throw .objectNotFound(bucket: bucket, path: path, decision: decision)
            }
            entry = current
        }
        return entry.object
    }

    /// `create`: an upload, new object or overwrite. `resource` is the stored
    /// object if there is one.
    func commitUpload(
        bucket: String, path: String, bytes: [UInt8], attributes: ObjectAttributes
    ) throws(StorageError) -> StoredObject {
        try checkObjectPath(path, bucket: bucket, operation: "putData")
        let store = try bucketStore(bucket)
        let stored = ObjectFactory.serviceDefaults(attributes, name: path)
        while true {
            let operation = operationContext(bucket: bucket)
            let existing = store.object(path)
            let candidate = ObjectFactory.uploadCandidate(
                name: path, bucket: store.sharedName, bytes: bytes, attributes: stored, time: operation.time)
            let incoming = ObjectFactory.incomingForCreate(candidate, givenCustomMetadata: attributes.customMetadata != nil)
            _ = try require(
                .create, bucket: bucket, path: path, incoming: incoming, existing: existing?.fields.intoResourceValue(),
                in: operation)
            // The committed record is the candidate with its generation: the content is not hashed twice.
            let stored = StoredEntry(
                object: ObjectFactory.committing(candidate, generation: nextGeneration(at: operation.time)), bytes: bytes)
            if store.replace(path, ifCurrent: existing, with: stored) {
                return stored.object
            }
        }
    }

    /// `update`: a metadata change. `request.resource` is the stored object
    /// with the change applied (`null` if there is no object).
    func updateObject(bucket: String, path: String, patch: MetadataPatch) throws(StorageError) -> StoredObject {
        try checkObjectPath(path, bucket: bucket, operation: "updateMetadata")
        let store = try bucketStore(bucket)
        while true {
            let operation = operationContext(bucket: bucket)
            let entry = store.entry(path)
            let decision = try require(
                .update, bucket: bucket, path: path,
                incoming: entry.map { ObjectFactory.incomingForUpdate($0.object, patch: patch) },
                existing: entry?.object.fields.intoResourceValue(), in: operation)
            guard let entry else { throw .objectNotFound(bucket: bucket, path: path, decision: decision) }
            let updated = ObjectFactory.committing(patch, to: entry.object, time: operation.time)
            let stored = entry.with(consume updated)
            if store.replace(path, ifCurrent: entry.object, with: stored) { return stored.object }
        }
    }

    /// `delete`.
    func deleteObject(bucket: String, path: String) throws(StorageError) {
        try checkObjectPath(path, bucket: bucket, operation: "delete")
        let store = try bucketStore(bucket)
        while true {
            let operation = operationContext(bucket: bucket)
            let existing = store.object(path)
            let decision = try require(
                .delete, bucket: bucket, path: path, incoming: nil, existing: existing?.fields.intoResourceValue(),
                in: operation)
            guard let existing else { throw .objectNotFound(bucket: bucket, path: path, decision: decision) }
            if store.replace(path, ifCurrent: existing, with: nil) { return }
        }
    }

    /// `list` on a folder, as the SDK lists: prefix `folder + "/"` (or `""`
    /// at the root), delimiter `/`, then the v0 API's removal of names with
    /// an empty segment. The rules see the folder path without a trailing slash.
    func listFolder(bucket: String, folder: String, maxResults: Int, pageToken: String?) throws(StorageError) -> ObjectListing {
        guard (1...1000).contains(maxResults) else { throw .maxResultsOutOfRange(maxResults) }
        let store = try bucketStore(bucket)
        let operation = operationContext(bucket: bucket)
        var folderPath = folder
        while folderPath.hasSuffix("/") { folderPath.removeLast() }
        _ = try require(.list, bucket: bucket, path: folderPath, incoming: nil, existing: nil, in: operation)
        let query = ListingQuery(
            prefix: folderPath.isEmpty ? "" : folderPath + "/", delimiter: "/", maxResults: maxResults,
            pageToken: pageToken)
        var listing = try store.list(query)
        listing.filterItems(ObjectPath.isListableItem)
        listing.prefixes.removeAll { !ObjectPath.isListablePrefix($0) }
        return listing
    }

    /// Refuses the root (every object operation needs a name) and names the
    /// service would refuse.
    private func checkObjectPath(_ path: String, bucket: String, operation: String) throws(StorageError) {
        if path.isEmpty { throw .rootOperation(bucket: bucket, operation: operation) }
        try ObjectPath.validate(path, bucket: bucket)
    }
}
