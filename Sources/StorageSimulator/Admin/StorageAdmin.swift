import Foundation
import RulesEngine

/// Reads and writes a simulator's buckets without asking the rules: the
/// admin path, for test set-up and inspection.
///
/// Names are taken exactly as given (no slash normalization), so objects
/// such as `a//b` or `folder/` that the SDK cannot create can be seeded.
public struct StorageAdmin: Sendable {
    /// The simulator.
    public let storage: StorageSimulator

    /// Creates a bucket (no-op if it exists).
    public func createBucket(_ name: String) {
        _ = storage.createBucket(name)
    }

    /// Every bucket name, sorted.
    public var bucketNames: [String] { storage.bucketNames }

    /// Stores an object (new or overwrite) with derived fields computed now:
    /// size, MD5, CRC32C, a new generation, metageneration 1, times, etag.
    /// `contentType` defaults to `application/octet-stream`; other attributes
    /// are stored as given. The bucket is created if needed.
    @discardableResult
    public func put(
        _ bytes: [UInt8], bucket: String? = nil, path: String, attributes: ObjectAttributes = ObjectAttributes()
    ) throws(StorageError) -> StoredObject {
        let bucket = bucket ?? storage.configuration.defaultBucket
        try ObjectPath.validate(path, bucket: bucket)
        let store = storage.createBucket(bucket)
        let (time, generation) = storage.nextWrite()
        let stored = StoredEntry(
            object: ObjectFactory.makeObject(
                name: path, bucket: store.sharedName, bytes: bytes, attributes: attributes, generation: generation,
                time: time),
            bytes: bytes)
        store.put(stored, named: path)
        return stored.object
    }

    /// Stores an object from `Data`.
    @discardableResult
    public func put(
        _ data: Data, bucket: String? = nil, path: String, attributes: ObjectAttributes = ObjectAttributes()
    ) throws(StorageError) -> StoredObject {
        try put(data.byteArray, bucket: bucket, path: path, attributes: attributes)
    }

    /// Stores an object whose content is the UTF-8 of `text`.
    @discardableResult
    public func put(
        text: String, bucket: String? = nil, path: String, attributes: ObjectAttributes = ObjectAttributes()
    ) throws(StorageError) -> StoredObject {
        try put(Array(text.utf8), bucket: bucket, path: path, attributes: attributes)
    }

    /// Stores a complete record as given (no field is recomputed), e.g. to
    /// reproduce exact metadata.
    public func put(record: StoredObject, bytes: [UInt8]) throws(StorageError) {
        try ObjectPath.validate(record.name, bucket: record.bucket)
        storage.createBucket(record.bucket).put(StoredEntry(object: record, bytes: bytes), named: record.name)
    }

    /// The stored record, or `nil`.
    public func object(bucket: String? = nil, path: String) -> StoredObject? {
        storage.existingBucket(bucket ?? storage.configuration.defaultBucket)?.object(path)
    }

    /// The stored bytes, or `nil`.
    public func data(bucket: String? = nil, path: String) -> Data? {
        storage.existingBucket(bucket ?? storage.configuration.defaultBucket)?.entry(path).map { Data($0.bytes) }
    }

    /// Applies a metadata change as `updateMetadata` would, without rules;
    /// an invalid name is ``StorageErrorCode/invalidArgument``, as for `put`.
    @discardableResult
    public func updateMetadata(bucket: String? = nil, path: String, patch: MetadataPatch) throws(StorageError) -> StoredObject {
        let bucket = bucket ?? storage.configuration.defaultBucket
        try ObjectPath.validate(path, bucket: bucket)
        guard let store = storage.existingBucket(bucket) else { throw .bucketNotFound(bucket) }
        while true {
            guard let entry = store.entry(path) else { throw .objectNotFound(bucket: bucket, path: path) }
            let updated = ObjectFactory.committing(patch, to: entry.object, time: storage.now)
            let stored = entry.with(consume updated)
            if store.replace(path, ifCurrent: entry.object, with: stored) { return stored.object }
        }
    }

    /// Removes an object; `false` if there was none.
    @discardableResult
    public func delete(bucket: String? = nil, path: String) -> Bool {
        storage.existingBucket(bucket ?? storage.configuration.defaultBucket)?.remove(path) != nil
    }

    /// One page of a raw listing with any prefix and delimiter (the GCS
    /// list API, no rules, no filtering of odd names).
    public func list(bucket: String? = nil, _ query: ListingQuery = ListingQuery()) throws(StorageError) -> ObjectListing {
        let bucket = bucket ?? storage.configuration.defaultBucket
        guard let store = storage.existingBucket(bucket) else { throw .bucketNotFound(bucket) }
        return try store.list(query)
    }

    /// Every object of a bucket, in name order.
    public func objects(bucket: String? = nil) -> [StoredObject] {
        storage.existingBucket(bucket ?? storage.configuration.defaultBucket)?.allObjects() ?? []
    }

    /// The number of objects in a bucket.
    public func count(bucket: String? = nil) -> Int {
        storage.existingBucket(bucket ?? storage.configuration.defaultBucket)?.count ?? 0
    }

    /// Removes every object of every bucket; the default bucket stays, empty.
    public func reset() {
        storage.removeAllBuckets()
        _ = storage.createBucket(storage.configuration.defaultBucket)
    }
}
