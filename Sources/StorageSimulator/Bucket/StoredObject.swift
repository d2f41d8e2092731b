import RulesEngine

/// One stored object's metadata: every field Cloud Storage keeps for it.
///
/// The bytes are kept next to it in the bucket and read with
/// ``StorageAdmin/data(bucket:path:)`` or the SDK-shaped download calls.
///
/// The fields live in one shared, copy-on-write box: a lookup, a listing
/// item or a snapshot copies one reference instead of retaining every
/// string of the record (a lookup at a million objects spent half its time
/// there, mostly in cache misses on those strings).
public struct StoredObject: Sendable, Hashable {
    /// Every field; the box around it is what copies share.
    ///
    /// The fields most objects leave at their defaults (an admin `put`
    /// sets none of them) are kept apart, in ``UncommonFields`` behind one
    /// reference that is `nil` while all are (``SparseFields``); so is an
    /// etag other than the one of the record's versions. With ``Times`` and
    /// the shared ``BucketName``, a record takes 128 bytes instead of 256,
    /// and its box 160 instead of 288 (``recordSize``): a bucket of a
    /// million objects holds about 128 MB less, and writes that much less
    /// fresh memory as it fills (on this machine, the kernel's time to
    /// provide fresh pages was about 40 % of a random insert's at a million
    /// objects).
    fileprivate struct Record: Hashable {
        var name: String
        var bucket: BucketName
        var generation: Int64
        var metageneration: Int64
        var size: Int64
        var times: Times
        var md5Hash: String
        var crc32c: String
        var contentType: String?
        var uncommon: SparseFields<UncommonFields>

        /// The etag: the one of the record's own versions unless another is
        /// pinned (``UncommonFields/pinnedEntityTag``).
        var entityTag: EntityTag {
            get { uncommon.nonDefault?.pinnedEntityTag ?? ownEntityTag }
            set {
                let pinned = newValue == ownEntityTag ? nil : newValue
                if pinned != uncommon.nonDefault?.pinnedEntityTag { uncommon.change { $0.pinnedEntityTag = pinned } }
            }
        }

        /// The etag the service makes for this generation and metageneration.
        private var ownEntityTag: EntityTag { .versions(generation: generation, metageneration: metageneration) }

        /// Changes the versions and keeps the etag as it was: a record's
        /// etag changes only when it is set.
        mutating func changeVersions(_ change: (inout Record) -> Void) {
            let tag = entityTag
            change(&self)
            entityTag = tag
        }
    }

    /// `timeCreated` and `updated` in 24 bytes: two timestamps side by side
    /// take 32, each padded after its 4-byte nanoseconds. Those 8 bytes
    /// bring a record's box under a smaller allocation size (160 bytes,
    /// from 176).
    fileprivate struct Times: Hashable {
        private var createdSeconds: Int64
        private var updatedSeconds: Int64
        private var createdNanos: Int32
        private var updatedNanos: Int32

        init(created: Timestamp, updated: Timestamp) {
            createdSeconds = created.seconds
            createdNanos = created.nanos
            updatedSeconds = updated.seconds
            updatedNanos = updated.nanos
        }

        /// The timestamp of `seconds` and `nanos` exactly as stored (not normalized again).
        private static func timestamp(_ seconds: Int64, _ nanos: Int32) -> Timestamp {
            var timestamp = Timestamp(seconds: seconds)
            timestamp.nanos = nanos
            return timestamp
        }

        var created: Timestamp {
            get { Self.timestamp(createdSeconds, createdNanos) }
            set {
                createdSeconds = newValue.seconds
                createdNanos = newValue.nanos
            }
        }

        var updated: Timestamp {
            get { Self.timestamp(updatedSeconds, updatedNanos) }
            set {
                updatedSeconds = newValue.seconds
                updatedNanos = newValue.nanos
            }
        }
    }

    /// The fields of a record most objects leave at their defaults.
    fileprivate struct UncommonFields: DefaultedFields {
        var cacheControl: String?
        var contentDisposition: String?
        var contentEncoding: String?
        var contentLanguage: String?
        var customMetadata: [String: String] = [:]
        var downloadTokens: [String] = []
        var storageClass = UncommonFields.defaultStorageClass
        /// An etag other than the one of the record's versions, such as an
        /// imported one or an upload candidate's empty one; `nil` for the
        /// record's own, which most records keep. Never the record's own
        /// (``Record/entityTag``), so two records are equal exactly when
        /// their etags are.
        var pinnedEntityTag: EntityTag?

        static let defaultStorageClass = "STANDARD"

        var isDefault: Bool {
            cacheControl == nil && contentDisposition == nil && contentEncoding == nil && contentLanguage == nil
                && customMetadata.isEmpty && downloadTokens.isEmpty && storageClass == Self.defaultStorageClass
                && pinnedEntityTag == nil
        }
    }

    /// The shared record. Mutated only through ``mutate(_:)``, which first
    /// copies a box that another value still refers to, so a value never
    /// sees another's change.
    ///
    /// The box of an object stored in a bucket also holds its bytes: it is
    /// the bucket's entry (``StoredEntry``), so a lookup or a listing item
    /// reaches the record without first loading a separate entry object (a
    /// cache miss of its own at a million objects).
    ///
    /// The record skips Swift's dynamic exclusivity checks: a box that
    /// another value refers to is never written (``mutate(_:)`` copies it first).
    fileprivate final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var record: Record
        @exclusivity(unchecked) var bytes: [UInt8]
        init(_ record: Record, bytes: [UInt8] = []) {
            self.record = record
            self.bytes = bytes
        }
    }

    fileprivate var box: Box

    /// The bytes a record takes in its box, which the tests hold to the
    /// size its allocation was cut to: a field added or widened past it
    /// costs every object of a bucket.
    static var recordSize: Int { MemoryLayout<Record>.size }

    /// `object`'s record in a box that also holds `bytes`: `object`'s own
    /// box when no other value refers to it, else a copy.
    fileprivate init(_ object: consuming StoredObject, holding bytes: [UInt8]) {
        if isKnownUniquelyReferenced(&object.box) {
            object.box.bytes = bytes
            box = object.box
        } else {
            box = Box(object.box.record, bytes: bytes)
        }
    }

    /// The same record without the bytes its box may hold (the box of an
    /// object found in a bucket is the bucket's entry): what a value kept
    /// apart from the bucket, such as the SDK's metadata, holds, so that an
    /// object's content is freed with the object, not with the last
    /// metadata handed out for it. One box of its own when there are bytes.
    var detachedFromBytes: StoredObject {
        guard holdsBytes else { return self }
        var detached = self
        detached.box = Box(box.record)
        return detached
    }

    /// Whether this value's box holds an object's bytes.
    var holdsBytes: Bool { !box.bytes.isEmpty }

    private mutating func mutate(_ change: (inout Record) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.record) }
        change(&box.record)
    }

    /// The full object name inside the bucket, exactly as stored (no normalization).
    public var name: String {
        get { box.record.name }
        set { mutate { $0.name = newValue } }
    }
    /// The bucket.
    public var bucket: String {
        get { box.record.bucket.text }
        set { mutate { $0.bucket = BucketName(newValue) } }
    }
    /// Content generation: microseconds since the epoch at the upload, strictly
    /// increasing within one simulator, so each write gets a new one.
    public var generation: Int64 {
        get { box.record.generation }
        set { mutate { $0.changeVersions { $0.generation = newValue } } }
    }
    /// Metadata generation: 1 after an upload, +1 for each metadata change.
    public var metageneration: Int64 {
        get { box.record.metageneration }
        set { mutate { $0.changeVersions { $0.metageneration = newValue } } }
    }
    /// Size in bytes.
    public var size: Int64 {
        get { box.record.size }
        set { mutate { $0.size = newValue } }
    }
    /// When this generation was written.
    public var timeCreated: Timestamp {
        get { box.record.times.created }
        set { mutate { $0.times.created = newValue } }
    }
    /// When the metadata last changed.
    public var updated: Timestamp {
        get { box.record.times.updated }
        set { mutate { $0.times.updated = newValue } }
    }
    /// Base64 MD5 of the bytes.
    public var md5Hash: String {
        get { box.record.md5Hash }
        set { mutate { $0.md5Hash = newValue } }
    }
    /// Base64 of the big-endian CRC32C of the bytes (as GCS reports it).
    public var crc32c: String {
        get { box.record.crc32c }
        set { mutate { $0.crc32c = newValue } }
    }
    /// Entity tag; changes with each generation and metageneration.
    public var etag: String {
        get { box.record.entityTag.text }
        set { mutate { $0.entityTag = EntityTag(newValue) } }
    }
    /// The entity tag as kept: the etag of some versions, or other text.
    var entityTag: EntityTag {
        get { box.record.entityTag }
        set { mutate { $0.entityTag = newValue } }
    }

    /// Sets the generation and the metageneration, and the etag to theirs.
    mutating func setVersions(generation: Int64, metageneration: Int64) {
        mutate { record in
            record.generation = generation
            record.metageneration = metageneration
            record.entityTag = .versions(generation: generation, metageneration: metageneration)
        }
    }
    /// `Content-Type`.
    public var contentType: String? {
        get { box.record.contentType }
        set { mutate { $0.contentType = newValue } }
    }
    /// `Cache-Control`.
    public var cacheControl: String? {
        get { box.record.uncommon.nonDefault?.cacheControl }
        set { mutate { $0.uncommon.change { $0.cacheControl = newValue } } }
    }
    /// `Content-Disposition`.
    public var contentDisposition: String? {
        get { box.record.uncommon.nonDefault?.contentDisposition }
        set { mutate { $0.uncommon.change { $0.contentDisposition = newValue } } }
    }
    /// `Content-Encoding`.
    public var contentEncoding: String? {
        get { box.record.uncommon.nonDefault?.contentEncoding }
        set { mutate { $0.uncommon.change { $0.contentEncoding = newValue } } }
    }
    /// `Content-Language`.
    public var contentLanguage: String? {
        get { box.record.uncommon.nonDefault?.contentLanguage }
        set { mutate { $0.uncommon.change { $0.contentLanguage = newValue } } }
    }
    /// Custom metadata (`x-goog-meta-*`); empty when none.
    public var customMetadata: [String: String] {
        get { box.record.uncommon.nonDefault?.customMetadata ?? [:] }
        set { mutate { $0.uncommon.change { $0.customMetadata = newValue } } }
    }
    /// Download tokens, kept apart from custom metadata.
    public var downloadTokens: [String] {
        get { box.record.uncommon.nonDefault?.downloadTokens ?? [] }
        set { mutate { $0.uncommon.change { $0.downloadTokens = newValue } } }
    }
    /// Storage class.
    public var storageClass: String {
        get { box.record.uncommon.nonDefault?.storageClass ?? UncommonFields.defaultStorageClass }
        set { mutate { $0.uncommon.change { $0.storageClass = newValue } } }
    }

    /// Creates a record. Prefer ``StorageAdmin/put(_:bucket:path:attributes:)``,
    /// which computes the derived fields.
    public init(
        name: String, bucket: String, generation: Int64, metageneration: Int64, size: Int64,
        timeCreated: Timestamp, updated: Timestamp, md5Hash: String, crc32c: String, etag: String,
        contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
        contentEncoding: String? = nil, contentLanguage: String? = nil, customMetadata: [String: String] = [:],
        downloadTokens: [String] = [], storageClass: String = "STANDARD"
    ) {
        self.init(
            name: name, bucket: BucketName(bucket), generation: generation, metageneration: metageneration, size: size,
            timeCreated: timeCreated, updated: updated, md5Hash: md5Hash, crc32c: crc32c, pinnedEntityTag: nil,
            contentType: contentType, cacheControl: cacheControl, contentDisposition: contentDisposition,
            contentEncoding: contentEncoding, contentLanguage: contentLanguage, customMetadata: customMetadata,
            downloadTokens: downloadTokens, storageClass: storageClass)
        box.record.entityTag = EntityTag(etag)
    }

    /// Creates a record whose etag is `pinnedEntityTag`, or, when that is
    /// `nil`, the one of its versions. A caller with an etag that may be
    /// the versions' own sets ``entityTag`` afterwards, which keeps it
    /// only when it is not.
    init(
        name: String, bucket: BucketName, generation: Int64, metageneration: Int64, size: Int64,
        timeCreated: Timestamp, updated: Timestamp, md5Hash: String, crc32c: String, pinnedEntityTag: EntityTag?,
        contentType: String?, cacheControl: String?, contentDisposition: String?,
        contentEncoding: String?, contentLanguage: String?, customMetadata: [String: String],
        downloadTokens: [String], storageClass: String
    ) {
        let uncommon = UncommonFields(
            cacheControl: cacheControl, contentDisposition: contentDisposition, contentEncoding: contentEncoding,
            contentLanguage: contentLanguage, customMetadata: customMetadata, downloadTokens: downloadTokens,
            storageClass: storageClass, pinnedEntityTag: pinnedEntityTag)
        box = Box(Record(
            name: name, bucket: bucket, generation: generation, metageneration: metageneration, size: size,
            times: Times(created: timeCreated, updated: updated), md5Hash: md5Hash, crc32c: crc32c,
            contentType: contentType, uncommon: SparseFields(uncommon)))
    }

    /// Creates a record whose uncommon fields (see ``Record``) are all at
    /// their defaults: an admin write that gives no attribute, made without
    /// building those fields only to find them all defaults (about 300
    /// instructions, a sixteenth of such a write).
    init(
        name: String, bucket: BucketName, generation: Int64, size: Int64, time: Timestamp,
        md5Hash: String, crc32c: String, pinnedEntityTag: EntityTag?, contentType: String
    ) {
        box = Box(Record(
            name: name, bucket: bucket, generation: generation, metageneration: 1, size: size,
            times: Times(created: time, updated: time), md5Hash: md5Hash, crc32c: crc32c,
            contentType: contentType,
            uncommon: pinnedEntityTag.map { SparseFields(UncommonFields(pinnedEntityTag: $0)) } ?? SparseFields()))
    }

    /// Equal when every field is equal (two values sharing a box are).
    public static func == (lhs: StoredObject, rhs: StoredObject) -> Bool {
        lhs.box === rhs.box || lhs.box.record == rhs.box.record
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.record)
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

/// An object's record and bytes, as the index stores them: one reference
/// to an immutable box (the record's own, see ``StoredObject``), so index
/// nodes stay small, a listing copies one reference per item, and an
/// object found in the bucket shares the entry's box.
struct StoredEntry: Sendable {
    /// The record; its box holds the bytes too.
    let object: StoredObject

    /// An entry of `object` and `bytes`. Pass an object no other value
    /// shares (`consume` it) and its box becomes the entry's, uncopied.
    init(object: consuming StoredObject, bytes: [UInt8]) {
        self.object = StoredObject(object, holding: bytes)
    }

    /// The stored bytes.
    var bytes: [UInt8] { object.box.bytes }

    /// `object.name`, read in place rather than through a copy of the record.
    var name: String { object.box.record.name }

    /// The same bytes with another record.
    func with(_ object: consuming StoredObject) -> StoredEntry { StoredEntry(object: object, bytes: bytes) }
}
