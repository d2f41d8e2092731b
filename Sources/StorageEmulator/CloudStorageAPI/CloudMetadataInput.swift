import Foundation
import StorageSimulator

/// An object resource sent by a client (upload metadata, PATCH body, copy
/// overrides), parsed into the simulator's types.
struct CloudMetadataInput: Sendable {
    /// The writable fields, as given: absent, `null`, or a value.
    var fields: [String: FieldValue] = [:]
    /// The custom metadata: absent, `null`, or keys to set (`nil`: remove that key).
    var custom: CustomValue = .absent
    /// The `name` field, if it was a string.
    var name: String?

    enum FieldValue: Sendable, Equatable {
        case null
        case value(String)
    }

    enum CustomValue: Sendable, Equatable {
        case absent
        case null
        case entries([String: String?])
    }

    static let writableFields = ["contentType", "contentDisposition", "contentEncoding", "contentLanguage", "cacheControl"]

    /// Parses a JSON object body; an empty body is an empty resource.
    init(json body: [UInt8]) throws(EmulatorHTTPError) {
        guard !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            self.init()
            return
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(body)), let object = parsed as? [String: Any] else {
            throw EmulatorHTTPError(.badRequest, "The request body is not a JSON object.")
        }
        self.init(object)
    }

    init(_ object: [String: Any]) {
        name = object["name"] as? String
        for key in Self.writableFields {
            guard let value = object[key] else { continue }
            if value is NSNull {
                fields[key] = .null
            } else if let text = Self.text(value) {
                fields[key] = .value(text)
            }
        }
        if let metadata = object["metadata"] {
            if metadata is NSNull {
                custom = .null
            } else if let map = metadata as? [String: Any] {
                var entries: [String: String?] = [:]
                for (key, value) in map {
                    entries[key] = value is NSNull ? .some(nil) : Self.text(value)
                }
                custom = .entries(entries)
            }
        }
    }

    init() {}

    /// The attributes of a new object: `null` values and `null` custom keys are left out.
    func attributes(defaultContentType: String? = nil) -> ObjectAttributes {
        func value(_ key: String) -> String? {
            if case .value(let text)? = fields[key] { return text }
            return nil
        }
        var customMetadata: [String: String]?
        if case .entries(let entries) = custom {
            customMetadata = entries.compactMapValues { $0 }
        }
        return ObjectAttributes(
            contentType: value("contentType") ?? defaultContentType, cacheControl: value("cacheControl"),
            contentDisposition: value("contentDisposition"), contentEncoding: value("contentEncoding"),
            contentLanguage: value("contentLanguage"), customMetadata: customMetadata)
    }

    /// The change a PATCH makes (storage-service.md §3.6).
    var patch: MetadataPatch {
        func change(_ key: String) -> MetadataPatch.Change? {
            switch fields[key] {
            case nil: nil
            case .null: .delete
            case .value(let text): .set(text)
            }
        }
        var customChange: MetadataPatch.CustomMetadataChange?
        switch custom {
        case .absent: customChange = nil
        case .null: customChange = .deleteAll
        case .entries(let entries): customChange = .merge(entries)
        }
        return MetadataPatch(
            contentType: change("contentType"), cacheControl: change("cacheControl"),
            contentDisposition: change("contentDisposition"), contentEncoding: change("contentEncoding"),
            contentLanguage: change("contentLanguage"), customMetadata: customChange)
    }

    /// A string as given; numbers and booleans as their JSON text (`true` → `"true"`).
    private static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
