/// The writable attributes of an object, as given to an upload.
///
/// `nil` means "not given". For ``customMetadata``, `nil` and `[:]` both
/// store no custom metadata, but `request.resource.metadata` is `null` for
/// `nil` and `{}` for `[:]`.
public struct ObjectAttributes: Sendable, Hashable {
    /// The attributes given, `nil` when none is. Most writes give none (an
    /// admin `put` passes the default): then a copy or the end of one is a
    /// single null reference, where six optional strings and a dictionary
    /// cost seven reference-count calls each way (486 of an admin put's
    /// 5,633 instructions).
    private var given: Given?

    /// The attributes of a value that gives at least one: shared by its
    /// copies, and changed in place only while one value holds it
    /// (copy-on-write), so that setting several attributes in a row (as the
    /// service's defaults for an upload do) makes one box.
    private final class Given: @unchecked Sendable {
        var fields: Fields
        private init(_ fields: Fields) { self.fields = fields }

        /// A box of `fields`, `nil` when they give nothing.
        static func holding(_ fields: Fields) -> Given? {
            fields.givesNothing ? nil : Given(fields)
        }
    }

    private struct Fields: Hashable, Sendable {
        var contentType: String?
        var cacheControl: String?
        var contentDisposition: String?
        var contentEncoding: String?
        var contentLanguage: String?
        var customMetadata: [String: String]?

        var givesNothing: Bool {
            contentType == nil && cacheControl == nil && contentDisposition == nil && contentEncoding == nil
                && contentLanguage == nil && customMetadata == nil
        }
    }

    /// Attributes that give nothing, every one unset: the default of
    /// every write, made without the arguments of the full initializer.
    public init() { given = nil }

    /// Whether no attribute is given.
    var givesNothing: Bool { given == nil }

    /// Creates attributes.
    public init(
        contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
        contentEncoding: String? = nil, contentLanguage: String? = nil, customMetadata: [String: String]? = nil
    ) {
        given = Given.holding(
            Fields(
                contentType: contentType, cacheControl: cacheControl, contentDisposition: contentDisposition,
                contentEncoding: contentEncoding, contentLanguage: contentLanguage, customMetadata: customMetadata))
    }

    private var fields: Fields { given?.fields ?? Fields() }

    /// Applies `change` to the attributes: in the box itself when this
    /// value is its only holder, else to a new box.
    private mutating func change(_ change: (inout Fields) -> Void) {
        guard given != nil, isKnownUniquelyReferenced(&given) else {
            var changed = fields
            change(&changed)
            given = Given.holding(changed)
            return
        }
        change(&given!.fields)
        if given!.fields.givesNothing { given = nil }
    }

    /// `Content-Type`.
    public var contentType: String? {
        get { given?.fields.contentType }
        set { change { $0.contentType = newValue } }
    }
    /// `Cache-Control`.
    public var cacheControl: String? {
        get { given?.fields.cacheControl }
        set { change { $0.cacheControl = newValue } }
    }
    /// `Content-Disposition`.
    public var contentDisposition: String? {
        get { given?.fields.contentDisposition }
        set { change { $0.contentDisposition = newValue } }
    }
    /// `Content-Encoding`.
    public var contentEncoding: String? {
        get { given?.fields.contentEncoding }
        set { change { $0.contentEncoding = newValue } }
    }
    /// `Content-Language`.
    public var contentLanguage: String? {
        get { given?.fields.contentLanguage }
        set { change { $0.contentLanguage = newValue } }
    }
    /// Custom metadata.
    public var customMetadata: [String: String]? {
        get { given?.fields.customMetadata }
        set { change { $0.customMetadata = newValue } }
    }

    /// Whether both give the same attributes.
    public static func == (lhs: ObjectAttributes, rhs: ObjectAttributes) -> Bool {
        lhs.given === rhs.given || lhs.fields == rhs.fields
    }

    /// Hashes the attributes given.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
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
