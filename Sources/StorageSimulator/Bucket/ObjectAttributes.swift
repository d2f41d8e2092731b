/// The writable attributes of an object, as given to an upload.
///
/// `nil` means "not given". For ``customMetadata``, `nil` and `[:]` both
/// store no custom metadata, but `request.resource.metadata` is `null` for
/// `nil` and `{}` for `[:]`.
public struct ObjectAttributes: Sendable, Hashable {
    /// The attributes given. Most writes give none (an admin `put` passes
    /// the default): then a copy or the end of one is a single null
    /// reference, where six optional strings and a dictionary cost seven
    /// reference-count calls each way (486 of an admin put's 5,633
    /// instructions).
    private var given: SparseFields<Fields>

    private struct Fields: DefaultedFields {
        var contentType: String?
        var cacheControl: String?
        var contentDisposition: String?
        var contentEncoding: String?
        var contentLanguage: String?
        var customMetadata: [String: String]?

        var isDefault: Bool {
            contentType == nil && cacheControl == nil && contentDisposition == nil && contentEncoding == nil
                && contentLanguage == nil && customMetadata == nil
        }
    }

    /// Attributes that give nothing, every one unset: the default of
    /// every write, made without the arguments of the full initializer.
    public init() { given = SparseFields() }

    /// Whether no attribute is given.
    var givesNothing: Bool { given.isDefault }

    /// Creates attributes.
    public init(
        contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
        contentEncoding: String? = nil, contentLanguage: String? = nil, customMetadata: [String: String]? = nil
    ) {
        given = SparseFields(
            Fields(
                contentType: contentType, cacheControl: cacheControl, contentDisposition: contentDisposition,
                contentEncoding: contentEncoding, contentLanguage: contentLanguage, customMetadata: customMetadata))
    }

    /// `Content-Type`.
    public var contentType: String? {
        get { given.nonDefault?.contentType }
        set { given.change { $0.contentType = newValue } }
    }
    /// `Cache-Control`.
    public var cacheControl: String? {
        get { given.nonDefault?.cacheControl }
        set { given.change { $0.cacheControl = newValue } }
    }
    /// `Content-Disposition`.
    public var contentDisposition: String? {
        get { given.nonDefault?.contentDisposition }
        set { given.change { $0.contentDisposition = newValue } }
    }
    /// `Content-Encoding`.
    public var contentEncoding: String? {
        get { given.nonDefault?.contentEncoding }
        set { given.change { $0.contentEncoding = newValue } }
    }
    /// `Content-Language`.
    public var contentLanguage: String? {
        get { given.nonDefault?.contentLanguage }
        set { given.change { $0.contentLanguage = newValue } }
    }
    /// Custom metadata.
    public var customMetadata: [String: String]? {
        get { given.nonDefault?.customMetadata }
        set { given.change { $0.customMetadata = newValue } }
    }
}

extension ObjectAttributes: CustomReflectable {
    /// The six attributes, so that printing or dumping attributes shows
    /// them (not the box that holds them).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "contentType": contentType as Any, "cacheControl": cacheControl as Any,
                "contentDisposition": contentDisposition as Any, "contentEncoding": contentEncoding as Any,
                "contentLanguage": contentLanguage as Any, "customMetadata": customMetadata as Any,
            ],
            displayStyle: .struct)
    }
}
