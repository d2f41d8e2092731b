/// A change to an object's writable metadata, as `updateMetadata` sends it.
///
/// For each field, `nil` leaves it unchanged, ``Change/set(_:)`` sets it and
/// ``Change/delete`` removes it (the JSON `null` of the service's PATCH).
public struct MetadataPatch: Sendable, Hashable {
    /// The change to one string field.
    public enum Change: Sendable, Hashable {
        /// Set the field to this value.
        case set(String)
        /// Remove the field.
        case delete

        /// The field's value after the change.
        var value: String? {
            switch self {
            case .set(let value): value
            case .delete: nil
            }
        }
    }

    /// The change to the custom metadata.
    public enum CustomMetadataChange: Sendable, Hashable {
        /// Remove every custom key.
        case deleteAll
        /// Merge key by key: a value sets the key, `nil` removes it.
        case merge([String: String?])
    }

    /// `Content-Type`.
    public var contentType: Change?
    /// `Cache-Control`.
    public var cacheControl: Change?
    /// `Content-Disposition`.
    public var contentDisposition: Change?
    /// `Content-Encoding`.
    public var contentEncoding: Change?
    /// `Content-Language`.
    public var contentLanguage: Change?
    /// Custom metadata.
    public var customMetadata: CustomMetadataChange?

    /// Creates a patch.
    public init(
        contentType: Change? = nil, cacheControl: Change? = nil, contentDisposition: Change? = nil,
        contentEncoding: Change? = nil, contentLanguage: Change? = nil, customMetadata: CustomMetadataChange? = nil
    ) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.customMetadata = customMetadata
    }

    /// Whether the patch changes nothing.
    public var isEmpty: Bool {
        contentType == nil && cacheControl == nil && contentDisposition == nil && contentEncoding == nil
            && contentLanguage == nil && customMetadata == nil
    }
}

extension MetadataPatch {
    /// The change `updateMetadata(_ metadata:)` sends, as the SDK computes
    /// it: each writable field whose value differs from the dictionary the
    /// metadata was made from (a field cleared to `nil` is deleted); custom
    /// metadata key by key, a removed key deleted.
    public init(changesIn metadata: StorageMetadata) {
        let base = metadata.initialDictionary
        func change(_ key: String, _ new: String?) -> Change? {
            let old = base[key] as? String
            if old == new { return nil }
            return new.map(Change.set) ?? (old == nil ? nil : .delete)
        }
        self.init(
            contentType: change("contentType", metadata.contentType),
            cacheControl: change("cacheControl", metadata.cacheControl),
            contentDisposition: change("contentDisposition", metadata.contentDisposition),
            contentEncoding: change("contentEncoding", metadata.contentEncoding),
            contentLanguage: change("contentLanguage", metadata.contentLanguage))
        let old = base["metadata"] as? [String: String]
        switch (old, metadata.customMetadata) {
        case (nil, nil): break
        case (.some, nil): customMetadata = .deleteAll
        case (let old, .some(let new)):
            var changes: [String: String?] = [:]
            for (key, value) in new where old?[key] != value { changes[key] = .some(value) }
            for key in (old ?? [:]).keys where new[key] == nil { changes[key] = .some(nil) }
            if !changes.isEmpty { customMetadata = .merge(changes) }
        }
    }
}
