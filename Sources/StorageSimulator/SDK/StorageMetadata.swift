import Foundation
import RulesEngine

/// An object's metadata, as the SDK models it: an `open class` whose five
/// content headers and ``customMetadata`` are settable, everything else
/// read-only (server-controlled).
///
/// ```swift
/// let metadata = StorageMetadata()
/// metadata.contentType = "image/jpeg"
/// ref.putData(data, metadata: metadata)
/// ```
///
/// `updateMetadata` sends what changed since the object was made (from
/// `init(dictionary:)` or from the service), so setting a read field to
/// `nil` deletes it and a fresh `StorageMetadata()` deletes nothing.
///
/// The settable properties skip Swift's dynamic exclusivity checks, as the
/// SDK's Objective-C properties have none: in an open class every store,
/// even one in an initializer, was checked (eighteen checks for each
/// metadata the service returns, 60 instructions each).
open class StorageMetadata: NSObject {
    /// The bucket (`""` when absent).
    public let bucket: String
    /// `Cache-Control`.
    @exclusivity(unchecked) public var cacheControl: String?
    /// `Content-Disposition`.
    @exclusivity(unchecked) public var contentDisposition: String?
    /// `Content-Encoding`.
    @exclusivity(unchecked) public var contentEncoding: String?
    /// `Content-Language`.
    @exclusivity(unchecked) public var contentLanguage: String?
    /// `Content-Type`.
    @exclusivity(unchecked) public var contentType: String?
    /// Base64 MD5 of the content.
    public let md5Hash: String?
    /// Content generation (0 when absent).
    public let generation: Int64
    /// Custom metadata.
    @exclusivity(unchecked) public var customMetadata: [String: String]?
    /// Metadata generation (0 when absent).
    public let metageneration: Int64
    /// The last segment of ``path``.
    @exclusivity(unchecked) public internal(set) var name: String?
    /// The object's full path.
    @exclusivity(unchecked) public internal(set) var path: String?
    /// Size in bytes (0 when absent).
    public let size: Int64
    /// Creation time of this generation.
    public let timeCreated: Date?
    /// Last metadata change.
    public let updated: Date?

    /// Whether the service returned this metadata (upload success,
    /// `getMetadata`, `updateMetadata`).
    public var isFile: Bool { fromService }
    /// Whether this describes a folder (never, as in the SDK).
    public var isFolder: Bool { false }

    /// The complete stored record, when the service returned this metadata
    /// (a simulator addition: crc32c, etag, storage class, download tokens...).
    @exclusivity(unchecked) public internal(set) var storedObject: StoredObject?

    @exclusivity(unchecked) var fromService = false
    /// The dictionary this metadata was made from: the base of `updateMetadata`'s diff.
    var initialDictionary: [String: AnyHashable] {
        switch origin {
        case .dictionary(let dictionary):
            return dictionary
        case .service(let object):
            // The base of the diff needs only the writable keys.
            var initial: [String: AnyHashable] = ["contentEncoding": Self.contentEncoding(of: object)]
            initial["cacheControl"] = object.cacheControl
            initial["contentDisposition"] = object.contentDisposition
            initial["contentLanguage"] = object.contentLanguage
            initial["contentType"] = object.contentType
            initial["metadata"] = Self.customMetadata(of: object)
            return initial
        }
    }

    /// The content encoding the service returns: `identity` when none was stored.
    private static func contentEncoding(of object: StoredObject) -> String { object.contentEncoding ?? "identity" }

    /// The custom metadata the service returns: none rather than an empty map.
    private static func customMetadata(of object: StoredObject) -> [String: String]? {
        object.customMetadata.isEmpty ? nil : object.customMetadata
    }

    /// What this metadata was made from. The service's record is kept as it
    /// is and read as a dictionary only if `updateMetadata` is given this
    /// metadata, which most metadata the service returns never is.
    private enum Origin {
        case dictionary([String: AnyHashable])
        case service(StoredObject)
    }

    private let origin: Origin

    /// Empty metadata, for an upload or a metadata change: what
    /// `init(dictionary: [:])` makes, without looking up each key in an
    /// empty dictionary (every upload of a test suite makes one).
    public override init() {
        bucket = ""
        md5Hash = nil
        size = 0
        generation = 0
        metageneration = 0
        timeCreated = nil
        updated = nil
        origin = .dictionary([:])
        super.init()
    }

    /// Metadata from the service's JSON keys (`contentType`, `metadata`,
    /// `size`, `timeCreated`, `name`...). Numbers may be `Int`, `Int64` or
    /// numeric strings; dates are RFC 3339 with milliseconds.
    public init(dictionary: [String: AnyHashable]) {
        bucket = dictionary["bucket"] as? String ?? ""
        cacheControl = dictionary["cacheControl"] as? String
        contentDisposition = dictionary["contentDisposition"] as? String
        contentEncoding = dictionary["contentEncoding"] as? String
        contentLanguage = dictionary["contentLanguage"] as? String
        contentType = dictionary["contentType"] as? String
        md5Hash = dictionary["md5Hash"] as? String
        customMetadata = dictionary["metadata"] as? [String: String]
        size = Self.int64(dictionary["size"])
        generation = Self.int64(dictionary["generation"])
        metageneration = Self.int64(dictionary["metageneration"])
        timeCreated = Self.date(dictionary["timeCreated"])
        updated = Self.date(dictionary["updated"])
        path = dictionary["name"] as? String
        name = path.map { ObjectPath.lastNonEmptySegmentName($0) ?? "" }
        origin = .dictionary(dictionary)
        super.init()
    }

    /// Metadata the service returns for `object`, as `init(dictionary:)`
    /// would read its JSON (times to the millisecond), without the JSON. As
    /// in the Firebase API's metadata, an object stored without a content
    /// encoding reads as `identity`. The record kept (``storedObject``) holds
    /// none of the object's bytes.
    init(object found: StoredObject) {
        let object = found.detachedFromBytes
        bucket = object.bucket
        cacheControl = object.cacheControl
        contentDisposition = object.contentDisposition
        contentEncoding = Self.contentEncoding(of: object)
        contentLanguage = object.contentLanguage
        contentType = object.contentType
        md5Hash = object.md5Hash
        customMetadata = Self.customMetadata(of: object)
        size = object.size
        generation = object.generation
        metageneration = object.metageneration
        timeCreated = Self.millisecondDate(object.timeCreated)
        updated = Self.millisecondDate(object.updated)
        path = object.name
        name = ObjectPath.lastNonEmptySegmentName(object.name) ?? ""
        origin = .service(object)
        fromService = true
        storedObject = object
        super.init()
    }

    /// A field-for-field copy.
    private init(copying other: StorageMetadata) {
        bucket = other.bucket
        cacheControl = other.cacheControl
        contentDisposition = other.contentDisposition
        contentEncoding = other.contentEncoding
        contentLanguage = other.contentLanguage
        contentType = other.contentType
        md5Hash = other.md5Hash
        customMetadata = other.customMetadata
        size = other.size
        generation = other.generation
        metageneration = other.metageneration
        timeCreated = other.timeCreated
        updated = other.updated
        path = other.path
        name = other.name
        origin = other.origin
        fromService = other.fromService
        storedObject = other.storedObject
        super.init()
    }

    /// The service's JSON keys: `bucket` always; strings when set; `size`
    /// (`Int64`) and `generation`/`metageneration` (strings) when non-zero;
    /// dates as `yyyy-MM-dd'T'HH:mm:ss.SSSZ` in UTC; `name` = ``path``;
    /// `metadata` = ``customMetadata``.
    open func dictionaryRepresentation() -> [String: AnyHashable] {
        var dictionary: [String: AnyHashable] = ["bucket": bucket]
        dictionary["cacheControl"] = cacheControl
        dictionary["contentDisposition"] = contentDisposition
        dictionary["contentEncoding"] = contentEncoding
        dictionary["contentLanguage"] = contentLanguage
        dictionary["contentType"] = contentType
        dictionary["md5Hash"] = md5Hash
        if size != 0 { dictionary["size"] = size }
        if generation != 0 { dictionary["generation"] = String(generation) }
        if metageneration != 0 { dictionary["metageneration"] = String(metageneration) }
        dictionary["timeCreated"] = timeCreated.map(Self.text)
        dictionary["updated"] = updated.map(Self.text)
        dictionary["name"] = path
        dictionary["metadata"] = customMetadata
        return dictionary
    }

    /// Equal when the dictionary representations are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? StorageMetadata else { return false }
        return dictionaryRepresentation() == other.dictionaryRepresentation()
    }

    /// Hashes the dictionary representation.
    open override var hash: Int { dictionaryRepresentation().hashValue }

    /// `StorageMetadata <dictionary>`.
    open override var description: String { "StorageMetadata \(dictionaryRepresentation())" }

    /// A copy with the same fields (and the same base for `updateMetadata`).
    open override func copy() -> Any {
        StorageMetadata(copying: self)
    }

    /// The attributes of an upload with this metadata.
    var attributes: ObjectAttributes {
        ObjectAttributes(
            contentType: contentType, cacheControl: cacheControl, contentDisposition: contentDisposition,
            contentEncoding: contentEncoding, contentLanguage: contentLanguage, customMetadata: customMetadata)
    }

    // MARK: - JSON values

    private static func int64(_ value: AnyHashable?) -> Int64 {
        switch value {
        case let number as Int64: number
        case let number as Int: Int64(number)
        case let text as String: Int64(text) ?? 0
        default: 0
        }
    }

    private static func date(_ value: AnyHashable?) -> Date? {
        guard let text = value as? String, let time = Timestamp(rfc3339: text) else { return nil }
        return date(time)
    }

    private static func date(_ time: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(time.seconds) + Double(time.nanos) / 1_000_000_000)
    }

    /// The instant as the service's JSON gives it: to the millisecond.
    private static func millisecondDate(_ time: Timestamp) -> Date {
        date(Timestamp(seconds: time.seconds, nanos: Int64(time.nanos / 1_000_000) * 1_000_000))
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSSZ`: always three fraction digits, as the SDK writes.
    static func text(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        return Timestamp(seconds: 0, nanos: millis &* 1_000_000).rfc3339Milliseconds
    }
}
