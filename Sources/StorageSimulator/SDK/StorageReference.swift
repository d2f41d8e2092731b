import Foundation

/// A location in a bucket: the root, a folder or an object, with the SDK's
/// methods in each form it offers (completion handler, async, and `Result`
/// in `StorageReference+Result.swift`).
///
/// Navigation follows the SDK: `child` normalizes slashes, `parent()` is
/// `nil` at the root. Completion handlers and task observers run on the
/// storage's ``Storage/callbackQueue``; the async forms run in the calling
/// task and need no queue.
open class StorageReference: NSObject {
    /// The storage instance this reference belongs to.
    public let storage: Storage
    /// The bucket (`bucket` in `gs://bucket/a/b.txt`).
    public let bucket: String
    /// The object path, `nil` for the root made by `reference()`/`root()`
    /// (the SDK tells it from the empty path `child("a").parent()` has).
    let object: String?

    init(storage: Storage, bucket: String, object: String?) {
        self.storage = storage
        self.bucket = bucket
        self.object = object
        super.init()
    }

    /// The full path inside the bucket (`""` at the root).
    public var fullPath: String { object ?? "" }

    /// The last path segment (`""` at the root).
    public var name: String {
        ObjectPath.lastNonEmptySegmentName(fullPath) ?? ""
    }

    /// The root of the same bucket.
    open func root() -> StorageReference {
        StorageReference(storage: storage, bucket: bucket, object: nil)
    }

    /// The enclosing folder; `nil` at the root.
    open func parent() -> StorageReference? {
        guard !fullPath.isEmpty else { return nil }
        var segments = ObjectPath.segments(fullPath)
        segments.removeLast()
        return StorageReference(storage: storage, bucket: bucket, object: segments.joined(separator: "/"))
    }

    /// A reference below this one; empty segments of `path` are dropped
    /// (`child("/a//b/")` is `child("a/b")`).
    open func child(_ path: String) -> StorageReference {
        if path.isEmpty { return StorageReference(storage: storage, bucket: bucket, object: object) }
        if fullPath.isEmpty, ObjectPath.isNormalizedRelative(path) {
            return StorageReference(storage: storage, bucket: bucket, object: path)
        }
        return StorageReference(storage: storage, bucket: bucket, object: ObjectPath.normalized(fullPath + "/" + path))
    }

    /// `gs://<bucket>/<path>`.
    open override var description: String { "gs://\(bucket)/\(fullPath)" }

    /// Same storage (simulator and bucket) and same path.
    open override func isEqual(_ other: Any?) -> Bool {
        guard let other = other as? StorageReference else { return false }
        guard storage.isEqual(other.storage), bucket == other.bucket else { return false }
        switch (object, other.object) {
        case (nil, nil): return true
        case (let mine?, let theirs?): return UTF8Order.equal(mine, theirs)
        default: return false
        }
    }

    /// The storage's hash combined with the bucket's (not the path's), as in the SDK.
    open override var hash: Int { storage.hash ^ bucket.hashValue }

    /// An equal reference.
    open override func copy() -> Any {
        StorageReference(storage: storage, bucket: bucket, object: object)
    }

    // MARK: - Upload

    /// Uploads `uploadData` (a new object or an overwrite; rules method
    /// `create`) and returns the started task. `metadata` is updated as the
    /// SDK does: `path` and `name` from the reference, a missing content
    /// type becomes `application/octet-stream`. Traps at the root, as the SDK does.
    @discardableResult
    open func putData(_ uploadData: Data, metadata: StorageMetadata? = nil) -> StorageUploadTask {
        putData(uploadData, metadata: metadata, completion: nil)
    }

    /// `putData(_:metadata:)` without metadata.
    @discardableResult
    open func __putData(_ uploadData: Data) -> StorageUploadTask {
        putData(uploadData, metadata: nil, completion: nil)
    }

    /// Uploads `uploadData`; `completion` is called once on the callback
    /// queue with the stored metadata or the error.
    @discardableResult
    open func putData(
        _ uploadData: Data, metadata: StorageMetadata? = nil, completion: ((_: StorageMetadata?, _: Error?) -> Void)?
    ) -> StorageUploadTask {
        startUpload(makeUploadTask(bytes: uploadData.byteArray, metadata: metadata, fileExtension: nil), completion: completion)
    }

    /// Uploads the file at `fileURL`; a missing content type is inferred
    /// from the file's extension, else `application/octet-stream`. A URL
    /// that is not a readable regular file fails the task (`.unknown`).
    @discardableResult
    open func putFile(from fileURL: URL, metadata: StorageMetadata? = nil) -> StorageUploadTask {
        putFile(from: fileURL, metadata: metadata, completion: nil)
    }

    /// `putFile(from:metadata:)` without metadata.
    @discardableResult
    open func __putFile(from fileURL: URL) -> StorageUploadTask {
        putFile(from: fileURL, metadata: nil, completion: nil)
    }

    /// Uploads the file at `fileURL`; `completion` is called once on the
    /// callback queue with the stored metadata or the error.
    @discardableResult
    open func putFile(
        from fileURL: URL, metadata: StorageMetadata? = nil, completion: ((_: StorageMetadata?, _: Error?) -> Void)?
    ) -> StorageUploadTask {
        startUpload(makeFileUploadTask(fileURL, metadata: metadata), completion: completion)
    }

    // MARK: - Download

    /// Downloads the object into memory (rules method `get`); `completion`
    /// gets the bytes, or ``StorageError/downloadSizeExceeded(total:maxSize:)``
    /// when the object is larger than `maxSize`.
    @discardableResult
    open func getData(maxSize: Int64, completion: @escaping ((_: Data?, _: Error?) -> Void)) -> StorageDownloadTask {
        startDataDownload(maxSize: maxSize, completion: completion)
    }

    /// Downloads the object into the file at `fileURL` (created with its folders).
    @discardableResult
    open func write(toFile fileURL: URL) -> StorageDownloadTask {
        startFileDownload(fileURL, completion: nil)
    }

    /// Downloads the object into `fileURL`; `completion` gets `fileURL` or the error.
    @discardableResult
    open func write(toFile fileURL: URL, completion: ((_: URL?, _: Error?) -> Void)?) -> StorageDownloadTask {
        startFileDownload(fileURL, completion: completion)
    }

    /// A download URL with the object's first download token (rules method
    /// `get`); an object without a token gets one (metageneration + 1).
    open func downloadURL(completion: @escaping ((_: URL?, _: Error?) -> Void)) {
        reply(completion) { () throws(StorageError) in try fetchDownloadURL() }
    }

    /// The download URL (rules method `get`).
    open func downloadURL() async throws -> URL {
        try fetchDownloadURL()
    }

    // MARK: - List

    /// The first page of the folder's content (rules method `list`);
    /// `maxResults` (1 to 1000) bounds items plus prefixes together. A bad
    /// `maxResults` is reported at once, on the calling thread.
    open func list(maxResults: Int64, completion: @escaping ((_: StorageListResult?, _: Error?) -> Void)) {
        replyPage(maxResults: maxResults, pageToken: nil, completion)
    }

    /// The page after `pageToken`.
    open func list(
        maxResults: Int64, pageToken: String, completion: @escaping ((_: StorageListResult?, _: Error?) -> Void)
    ) {
        replyPage(maxResults: maxResults, pageToken: pageToken, completion)
    }

    /// Every page, concatenated (rules method `list`, asked once per page).
    open func listAll(completion: @escaping ((_: StorageListResult?, _: Error?) -> Void)) {
        reply(completion) { () throws(StorageError) in try fetchAll() }
    }

    /// Every page, concatenated.
    open func listAll() async throws -> StorageListResult {
        try fetchAll()
    }

    // MARK: - Metadata and delete

    /// The object's metadata (rules method `get`).
    open func getMetadata(completion: @escaping ((_: StorageMetadata?, _: Error?) -> Void)) {
        reply(completion) { () throws(StorageError) in try fetchMetadata() }
    }

    /// The object's metadata (rules method `get`).
    open func getMetadata() async throws -> StorageMetadata {
        try fetchMetadata()
    }

    /// Changes the writable metadata (rules method `update`): the fields
    /// that differ from what `metadata` was made from are sent, a field set
    /// to `nil` is deleted, custom metadata changes key by key.
    open func updateMetadata(_ metadata: StorageMetadata, completion: ((_: StorageMetadata?, _: Error?) -> Void)?) {
        reply(completion) { () throws(StorageError) in try applyUpdate(MetadataPatch(changesIn: metadata)) }
    }

    /// Changes the writable metadata (rules method `update`) and returns the result.
    open func updateMetadata(_ metadata: StorageMetadata) async throws -> StorageMetadata {
        try applyUpdate(MetadataPatch(changesIn: metadata))
    }

    /// Deletes the object (rules method `delete`); `completion` gets `nil` on success.
    open func delete(completion: ((_: Error?) -> Void)?) {
        let outcome = Result { () throws(StorageError) in try deleteObject() }
        guard let completion else { return }
        storage.deliver {
            if case .failure(let error) = outcome { completion(error) } else { completion(nil) }
        }
    }

    /// Deletes the object (rules method `delete`).
    open func delete() async throws {
        try deleteObject()
    }

    /// A reference in the same bucket at a listed name (listed names are
    /// already normalized but for one leading and one trailing slash).
    func listed(_ name: String) -> StorageReference {
        StorageReference(storage: storage, bucket: bucket, object: ObjectPath.normalizedListed(name))
    }
}
