import RulesEngine

/// One stored object's metadata: every field Cloud Storage keeps for it.
///
/// The bytes are kept next to it in the bucket and read with
/// ``StorageAdmin/data(bucket:path:)`` or the SDK-shaped download calls.
public struct StoredObject: Sendable, Hashable {
    /// The full object name inside the bucket, exactly as stored (no normalization).
    public var name: String
    /// The bucket.
    public var bucket: String
    /// Content generation: microseconds since the epoch at the upload, strictly
    /// increasing within one simulator, so each write gets a new one.
    public var generation: Int64
    /// Metadata generation: 1 after an upload, +1 for each metadata change.
    public var metageneration: Int64
    /// Size in bytes.
    public var size: Int64
    /// When this generation was written.
    public var timeCreated: Timestamp
    /// When the metadata last changed.
    public var updated: Timestamp
    /// Base64 MD5 of the bytes.
    public var md5Hash: String
    /// Base64 of the big-endian CRC32C of the bytes (as GCS reports it).
    public var crc32c: String
    /// Entity tag; changes with each generation and metageneration.
    public var etag: String
    /// `Content-Type`.
    public var contentType: String?
    /// `Cache-Control`.
    public var cacheControl: String?
    /// `Content-Disposition`.
    public var contentDisposition: String?
    /// `Content-Encoding`.
    public var contentEncoding: String?
    /// `Content-Language`.
    public var contentLanguage: String?
    /// Custom metadata (`x-goog-meta-*`); empty when none.
    public var customMetadata: [String: String]
    /// Download tokens, kept apart from custom metadata.
    public var downloadTokens: [String]
    /// Storage class.
    public var storageClass: String

    /// Creates a record. Prefer ``StorageAdmin/put(_:bucket:path:attributes:)``,
    /// which computes the derived fields.
    public init(
        name: String, bucket: String, generation: Int64, metageneration: Int64, size: Int64,
        timeCreated: Timestamp, updated: Timestamp, md5Hash: String, crc32c: String, etag: String,
        contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
        contentEncoding: String? = nil, contentLanguage: String? = nil, customMetadata: [String: String] = [:],
        downloadTokens: [String] = [], storageClass: String = "STANDARD"
    ) {
        self.name = name
        self.bucket = bucket
        self.generation = generation
        self.metageneration = metageneration
        self.size = size
        self.timeCreated = timeCreated
        self.updated = updated
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        self.etag = etag
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.customMetadata = customMetadata
        self.downloadTokens = downloadTokens
        self.storageClass = storageClass
    }

    /// The object as the rules see it through `resource`.
    ///
    /// Custom metadata is `null` when there is none, as the live service
    /// binds it (the emulator binds `{}`; see docs/divergences.md).
    public var fields: StorageObjectFields {
        StorageObjectFields(
            name: name, bucket: bucket, generation: generation, metageneration: metageneration, size: size,
            timeCreated: timeCreated, updated: updated, md5Hash: md5Hash, crc32c: crc32c, etag: etag,
            contentType: contentType, contentEncoding: contentEncoding, contentDisposition: contentDisposition,
            contentLanguage: contentLanguage, cacheControl: cacheControl, storageClass: storageClass,
            metadata: customMetadata.isEmpty ? nil : customMetadata
        )
    }

    /// The last path segment of the name (`"c.txt"` for `"a/b/c.txt"`).
    public var lastPathComponent: String {
        String(ObjectPath.lastSegment(name))
    }
}

/// The writable attributes of an object, as given to an upload.
///
/// `nil` means "not given". For ``customMetadata``, `nil` and `[:]` both
/// store no custom metadata, but `request.resource.metadata` is `null` for
/// `nil` and `{}` for `[:]`.
public struct ObjectAttributes: Sendable, Hashable {
    /// `Content-Type`.
    public var contentType: String?
    /// `Cache-Control`.
    public var cacheControl: String?
    /// `Content-Disposition`.
    public var contentDisposition: String?
    /// `Content-Encoding`.
    public var contentEncoding: String?
    /// `Content-Language`.
    public var contentLanguage: String?
    /// Custom metadata.
    public var customMetadata: [String: String]?

    /// Creates attributes.
    public init(
        contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
        contentEncoding: String? = nil, contentLanguage: String? = nil, customMetadata: [String: String]? = nil
    ) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.customMetadata = customMetadata
    }
}

/// An object's record and bytes, as the index stores them: one immutable
/// box, so index nodes stay small and a listing copies one reference per item.
final class StoredEntry: Sendable {
    let object: StoredObject
    let bytes: [UInt8]
    /// `object.name`, kept apart so hot loops do not copy the whole record.
    let name: String

    init(object: StoredObject, bytes: [UInt8]) {
        self.object = object
        self.bytes = bytes
        self.name = object.name
    }

    /// The same bytes with another record.
    func with(_ object: StoredObject) -> StoredEntry { StoredEntry(object: object, bytes: bytes) }
}
