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
