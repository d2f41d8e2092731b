import RulesEngine
import StorageSimulator

/// Metadata sent by clients as JSON: upload metadata (multipart part,
/// resumable `start` body) and PATCH bodies (storage-service.md §3.1, §3.6).
enum MetadataInput {
    /// Parses a JSON object; an empty body is `{}`.
    static func object(_ text: String) throws(EmulatorHTTPError) -> RulesMap {
        if text.allSatisfy(\.isWhitespace) { return RulesMap() }
        guard let value = try? ValueJSON.parse(text), case .map(let map) = value else {
            throw EmulatorHTTPError(.badRequest, "The request body must be a JSON object.")
        }
        return map
    }

    /// The attributes of an upload: the five header-like fields and custom
    /// metadata; `null` values count as absent; `name`, `md5Hash` and other
    /// fields are ignored.
    static func attributes(_ map: RulesMap) -> ObjectAttributes {
        func field(_ key: String) -> String? { map[key].flatMap(text) }
        var custom: [String: String]?
        if case .map(let entries)? = map["metadata"] {
            var values: [String: String] = [:]
            for (key, value) in entries.entries {
                if let text = text(value) { values[key] = text }
            }
            custom = values
        }
        return ObjectAttributes(
            contentType: field("contentType"), cacheControl: field("cacheControl"),
            contentDisposition: field("contentDisposition"), contentEncoding: field("contentEncoding"),
            contentLanguage: field("contentLanguage"), customMetadata: custom)
    }

    /// A metadata change: absent leaves a field, `null` removes it, a value
    /// sets it (numbers and booleans as their text); custom metadata merges key by key.
    static func patch(_ map: RulesMap) -> MetadataPatch {
        func change(_ key: String) -> MetadataPatch.Change? {
            guard let value = map[key] else { return nil }
            return text(value).map { .set($0) } ?? .delete
        }
        var custom: MetadataPatch.CustomMetadataChange?
        switch map["metadata"] {
        case nil: custom = nil
        case .null?: custom = .deleteAll
        case .map(let entries)?:
            var changes: [String: String?] = [:]
            for (key, value) in entries.entries { changes[key] = .some(text(value)) }
            custom = .merge(changes)
        default: custom = nil
        }
        return MetadataPatch(
            contentType: change("contentType"), cacheControl: change("cacheControl"),
            contentDisposition: change("contentDisposition"), contentEncoding: change("contentEncoding"),
            contentLanguage: change("contentLanguage"), customMetadata: custom)
    }

    /// A JSON scalar as stored text (`true` → `"true"`, `-1` → `"-1"`); `nil` for `null`.
    static func text(_ value: Value) -> String? {
        switch value {
        case .null: nil
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .float(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: value.rulesDescription
        }
    }
}
