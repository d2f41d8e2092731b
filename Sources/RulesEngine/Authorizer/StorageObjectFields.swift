/// The fields of a stored or incoming Cloud Storage object, as the rules see
/// them through `resource` and `request.resource`.
///
/// The bucket model fills this in; the two projections build the maps with
/// the live service's shape (see `docs/divergences.md`).
public struct StorageObjectFields: Sendable, Hashable {
    /// Full object name inside the bucket, no leading slash.
    public var name: String
    /// The bucket.
    public var bucket: String
    /// Object generation (`nil` binds `null`).
    public var generation: Int64?
    /// Metadata generation (`nil` binds `null`).
    public var metageneration: Int64?
    /// Size in bytes.
    public var size: Int64
    /// Creation time.
    public var timeCreated: Timestamp?
    /// Last update time.
    public var updated: Timestamp?
    /// Base64 MD5 of the content.
    public var md5Hash: String?
    /// Base64 big-endian CRC32C of the content.
    public var crc32c: String?
    /// Entity tag.
    public var etag: String?
    /// `Content-Type`.
    public var contentType: String?
    /// `Content-Encoding`.
    public var contentEncoding: String?
    /// `Content-Disposition`.
    public var contentDisposition: String?
    /// `Content-Language`.
    public var contentLanguage: String?
    /// `Cache-Control`.
    public var cacheControl: String?
    /// Storage class (`STANDARD`).
    public var storageClass: String?
    /// Custom metadata; `nil` binds `null`.
    public var metadata: [String: String]?

    /// Creates the fields.
    public init(
        name: String, bucket: String, generation: Int64? = nil, metageneration: Int64? = nil, size: Int64 = 0,
        timeCreated: Timestamp? = nil, updated: Timestamp? = nil, md5Hash: String? = nil, crc32c: String? = nil,
        etag: String? = nil, contentType: String? = nil, contentEncoding: String? = nil,
        contentDisposition: String? = nil, contentLanguage: String? = nil, cacheControl: String? = nil,
        storageClass: String? = nil, metadata: [String: String]? = nil
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
        self.contentEncoding = contentEncoding
        self.contentDisposition = contentDisposition
        self.contentLanguage = contentLanguage
        self.cacheControl = cacheControl
        self.storageClass = storageClass
        self.metadata = metadata
    }

    /// `resource`: the stored object, every field including the times.
    /// The map keeps these fields and makes a value only when a rule reads it.
    public var resourceValue: Value {
        .map(RulesMap(object: ObjectRecord(self, includesTimes: true)))
    }

    /// `request.resource`: the incoming state. The live service exposes
    /// fifteen keys and no `timeCreated` / `updated`.
    public var requestResourceValue: Value {
        .map(RulesMap(object: ObjectRecord(self, includesTimes: false)))
    }

    /// ``resourceValue``, holding these fields themselves: made from a
    /// value about to go (a stored object's fields, read for one request),
    /// it moves them rather than copying every string and freeing the
    /// original, a thousand instructions a request.
    public consuming func intoResourceValue() -> Value {
        .map(RulesMap(object: ObjectRecord(self, includesTimes: true)))
    }

    /// ``requestResourceValue``, holding these fields themselves (see
    /// ``intoResourceValue()``).
    public consuming func intoRequestResourceValue() -> Value {
        .map(RulesMap(object: ObjectRecord(self, includesTimes: false)))
    }
}
