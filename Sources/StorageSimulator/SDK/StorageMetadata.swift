import Foundation
import RulesEngine

/// An object's metadata in the SDK's shape.
///
/// Make one with `StorageMetadata()` to describe an upload or a metadata
/// change (only the fields you set are sent), or get one from
/// `getMetadata()`; as in the SDK, `updateMetadata` sends what changed
/// since the metadata was read, so setting a read field to `nil` deletes it.
public struct StorageMetadata: Sendable {
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

    /// The full stored record, when this metadata came from the service.
    public private(set) var object: StoredObject?
    /// The reference this metadata describes, when it came from the service.
    public private(set) var storageReference: StorageReference?
    /// The writable fields as read, the base of the change `updateMetadata` sends.
    private var initial: Writable?

    /// Empty metadata, for an upload or a metadata change.
    public init() {}

    /// Metadata for an upload or a change with the given fields.
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

    /// Metadata read from the service. As in the Firebase API's metadata, an
    /// object stored without a content encoding reads as `identity`.
    init(object: StoredObject, reference: StorageReference) {
        self.init(
            contentType: object.contentType, cacheControl: object.cacheControl,
            contentDisposition: object.contentDisposition, contentEncoding: object.contentEncoding ?? "identity",
            contentLanguage: object.contentLanguage,
            customMetadata: object.customMetadata.isEmpty ? nil : object.customMetadata)
        self.object = object
        self.storageReference = reference
        self.initial = writable
    }

    /// The bucket (empty for metadata not read from the service).
    public var bucket: String { object?.bucket ?? "" }
    /// The object's full path.
    public var path: String? { object?.name }
    /// The last segment of the path.
    public var name: String? { object?.lastPathComponent }
    /// Size in bytes.
    public var size: Int64 { object?.size ?? 0 }
    /// Content generation.
    public var generation: Int64 { object?.generation ?? 0 }
    /// Metadata generation.
    public var metageneration: Int64 { object?.metageneration ?? 0 }
    /// Base64 MD5 of the content.
    public var md5Hash: String? { object?.md5Hash }
    /// Creation time of this generation.
    public var timeCreated: Date? { object.map { StorageMetadata.date($0.timeCreated) } }
    /// Last metadata change.
    public var updated: Date? { object.map { StorageMetadata.date($0.updated) } }
    /// Whether this describes an object (always, for metadata from the service).
    public var isFile: Bool { object != nil }
    /// Whether this describes a folder (never: folders are not objects).
    public var isFolder: Bool { false }

    /// The attributes of an upload with this metadata.
    var attributes: ObjectAttributes {
        ObjectAttributes(
            contentType: contentType, cacheControl: cacheControl, contentDisposition: contentDisposition,
            contentEncoding: contentEncoding, contentLanguage: contentLanguage, customMetadata: customMetadata)
    }

    /// The change `updateMetadata` sends: every writable field that differs
    /// from what was read (a field set to `nil` is deleted); custom keys
    /// merged one by one, removed keys deleted.
    public var patch: MetadataPatch {
        let base = initial ?? Writable()
        func change(_ old: String?, _ new: String?) -> MetadataPatch.Change? {
            if old == new { return nil }
            return new.map(MetadataPatch.Change.set) ?? .delete
        }
        var patch = MetadataPatch(
            contentType: change(base.contentType, contentType),
            cacheControl: change(base.cacheControl, cacheControl),
            contentDisposition: change(base.contentDisposition, contentDisposition),
            contentEncoding: change(base.contentEncoding, contentEncoding),
            contentLanguage: change(base.contentLanguage, contentLanguage))
        switch (base.customMetadata, customMetadata) {
        case (nil, nil): break
        case (.some, nil): patch.customMetadata = .deleteAll
        case (let old, .some(let new)):
            var changes: [String: String?] = [:]
            for (key, value) in new where old?[key] != value { changes[key] = .some(value) }
            for key in (old ?? [:]).keys where new[key] == nil { changes[key] = .some(nil) }
            if !changes.isEmpty { patch.customMetadata = .merge(changes) }
        }
        return patch
    }

    private var writable: Writable {
        Writable(
            contentType: contentType, cacheControl: cacheControl, contentDisposition: contentDisposition,
            contentEncoding: contentEncoding, contentLanguage: contentLanguage, customMetadata: customMetadata)
    }

    private struct Writable: Sendable {
        var contentType: String?
        var cacheControl: String?
        var contentDisposition: String?
        var contentEncoding: String?
        var contentLanguage: String?
        var customMetadata: [String: String]?
    }

    static func date(_ time: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(time.seconds) + Double(time.nanos) / 1_000_000_000)
    }
}
