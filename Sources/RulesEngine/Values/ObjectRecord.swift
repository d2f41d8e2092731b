import RulesSyntax

/// A key of the `resource` and `request.resource` maps.
enum ObjectField: String, CaseIterable, Sendable {
    case name, bucket, generation, metageneration, size, md5Hash, crc32c, etag
    case contentType, contentEncoding, contentDisposition, contentLanguage, cacheControl, storageClass, metadata
    /// Only in `resource`: the live service gives `request.resource` neither time.
    case timeCreated, updated

    /// The field named `rawValue`, byte for byte, as map keys match.
    init?(rawValue: String) {
        guard let position = Self.names.position(of: rawValue) else { return nil }
        self = Self.allCases[position]
    }

    /// The fields by name (see ``CaseNames``).
    private static let names = CaseNames(allCases.map(\.rawValue))
}

/// `resource` or `request.resource` kept as the object's fields: a map
/// whose values are made when a rule reads them, so building a request
/// costs one allocation instead of a dictionary of fifteen or seventeen
/// hashed keys.
///
/// It reads exactly as the map it stands for: ``entries`` is that map, made
/// from ``value(of:)`` for every key the projection has.
final class ObjectRecord: Sendable {
    let fields: StorageObjectFields
    /// Whether `timeCreated` and `updated` are keys (`resource`, not `request.resource`).
    let includesTimes: Bool
    /// `metadata`, made once: a rule may read it several times.
    private let metadataValue: Value

    init(_ fields: StorageObjectFields, includesTimes: Bool) {
        self.fields = fields
        self.includesTimes = includesTimes
        metadataValue = fields.metadata.map { .map(RulesMap($0.mapValues(Value.string))) } ?? .null
    }

    /// The number of keys.
    var count: Int { includesTimes ? Self.fieldCount : Self.fieldCount - 2 }

    /// `ObjectField.allCases.count`, counted once: `allCases` makes an array.
    private static let fieldCount = ObjectField.allCases.count

    /// The value of a key, `nil` when this projection does not have it.
    func value(of field: ObjectField) -> Value? {
        switch field {
        case .name: .string(fields.name)
        case .bucket: .string(fields.bucket)
        case .generation: Self.int(fields.generation)
        case .metageneration: Self.int(fields.metageneration)
        case .size: .int(fields.size)
        case .md5Hash: Self.string(fields.md5Hash)
        case .crc32c: Self.string(fields.crc32c)
        case .etag: Self.string(fields.etag)
        case .contentType: Self.string(fields.contentType)
        case .contentEncoding: Self.string(fields.contentEncoding)
        case .contentDisposition: Self.string(fields.contentDisposition)
        case .contentLanguage: Self.string(fields.contentLanguage)
        case .cacheControl: Self.string(fields.cacheControl)
        case .storageClass: Self.string(fields.storageClass)
        case .metadata: metadataValue
        case .timeCreated: includesTimes ? fields.timeCreated.map(Value.timestamp) ?? .null : nil
        case .updated: includesTimes ? fields.updated.map(Value.timestamp) ?? .null : nil
        }
    }

    /// Every key and value, as a dictionary.
    var entries: [String: Value] {
        var entries: [String: Value] = [:]
        entries.reserveCapacity(count)
        for field in ObjectField.allCases {
            if let value = value(of: field) { entries[field.rawValue] = value }
        }
        return entries
    }

    private static func string(_ value: String?) -> Value { value.map(Value.string) ?? .null }
    private static func int(_ value: Int64?) -> Value { value.map(Value.int) ?? .null }
}
