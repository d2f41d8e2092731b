import Foundation
import RulesEngine

/// The Firebase emulator's on-disk record of one object
/// (`storage_export/metadata/<id>.json`): the emulator's internal field
/// names and types, so exports move both ways between the two emulators.
///
/// Differences from this project's in-memory record are converted here:
/// `crc32c` is a decimal string on disk and base64 in memory; `size`,
/// `generation` and `metageneration` are JSON numbers on disk.
enum ExportRecord {
    /// The record as pretty-printed JSON, fields in the order the Firebase
    /// emulator writes them.
    static func encode(_ object: StoredObject) -> [UInt8] {
        var json = JSONObjectWriter()
        json.string("name", object.name)
        json.string("bucket", object.bucket)
        json.optionalString("contentType", object.contentType)
        json.number("metageneration", object.metageneration)
        json.number("generation", object.generation)
        json.string("storageClass", object.storageClass)
        json.optionalString("contentDisposition", object.contentDisposition)
        json.optionalString("cacheControl", object.cacheControl)
        json.optionalString("contentLanguage", object.contentLanguage)
        json.optionalString("contentEncoding", object.contentEncoding)
        if !object.customMetadata.isEmpty {
            json.stringMap("customMetadata", object.customMetadata)
        }
        json.stringArray("downloadTokens", object.downloadTokens)
        json.string("etag", object.etag)
        json.string("timeCreated", formatTime(object.timeCreated))
        json.string("updated", formatTime(object.updated))
        json.number("size", object.size)
        json.string("md5Hash", object.md5Hash)
        json.string("crc32c", decimalCRC32C(object.crc32c) ?? object.crc32c)
        return json.finish()
    }

    /// Reads a record written by this project or by any version of the
    /// Firebase emulator. Identity comes from `name` and `bucket` only.
    /// Missing derived fields are recomputed from `bytes`; `size` is always
    /// the length of `bytes`.
    static func decode(_ data: Data, bytes: [UInt8], file: String) throws(PersistenceError) -> StoredObject {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw PersistenceError(path: file, message: "not valid JSON (\(error.localizedDescription))")
        }
        guard let fields = parsed as? [String: Any] else {
            throw PersistenceError(path: file, message: "expected a JSON object")
        }
        guard let name = fields["name"] as? String, !name.isEmpty else {
            throw PersistenceError(path: file, message: "missing the string field \"name\"")
        }
        guard let bucket = fields["bucket"] as? String, !bucket.isEmpty else {
            throw PersistenceError(path: file, message: "missing the string field \"bucket\"")
        }
        let generation = integer(fields["generation"]) ?? 1
        let metageneration = integer(fields["metageneration"]) ?? 1
        let created = (fields["timeCreated"] as? String).flatMap(Timestamp.init(rfc3339:))
        let updated = (fields["updated"] as? String).flatMap(Timestamp.init(rfc3339:))
        let timeCreated = created ?? updated ?? Timestamp(seconds: 0)
        // Computed only if the export lacks one of them.
        lazy var hashes = ContentHashes(of: bytes)
        var object = StoredObject(
            name: name, bucket: BucketName(bucket), generation: generation, metageneration: metageneration,
            size: Int64(bytes.count), timeCreated: timeCreated, updated: updated ?? timeCreated,
            md5Hash: fields["md5Hash"] as? String ?? hashes.md5Hash,
            crc32c: crc32c(fields["crc32c"]) ?? hashes.crc32c,
            pinnedEntityTag: nil,
            contentType: fields["contentType"] as? String, cacheControl: fields["cacheControl"] as? String,
            contentDisposition: fields["contentDisposition"] as? String,
            contentEncoding: fields["contentEncoding"] as? String, contentLanguage: fields["contentLanguage"] as? String,
            customMetadata: stringMap(fields["customMetadata"]), downloadTokens: tokens(fields["downloadTokens"]),
            storageClass: fields["storageClass"] as? String ?? "STANDARD")
        if let etag = fields["etag"] as? String { object.entityTag = EntityTag(etag) }
        return object
    }

    /// `YYYY-MM-DDTHH:mm:ss.sssZ` as the emulator writes dates, with more
    /// fraction digits only when the instant has them (so nothing is lost).
    static func formatTime(_ time: Timestamp) -> String {
        time.nanos % 1_000_000 == 0 ? time.rfc3339Milliseconds : time.rfc3339
    }

    /// The unsigned decimal of a base64 big-endian CRC32C (`nil` if it is not one).
    static func decimalCRC32C(_ base64: String) -> String? {
        guard let data = Data(base64Encoded: base64), data.count == 4 else { return nil }
        let value = data.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return String(value)
    }

    /// A CRC32C read from disk: a decimal string or number (the emulator's
    /// format) becomes base64; a base64 value is kept.
    private static func crc32c(_ value: Any?) -> String? {
        let text: String
        if let string = value as? String {
            text = string
        } else if let number = integer(value) {
            text = String(number)
        } else {
            return nil
        }
        if let decimal = UInt32(text) { return ContentHashes.text(crc32c: decimal) }
        return decimalCRC32C(text) == nil ? nil : text
    }

    /// A whole number given as a JSON number or a decimal string.
    private static func integer(_ value: Any?) -> Int64? {
        if let string = value as? String { return Int64(string) }
        if let number = value as? NSNumber {
            let double = number.doubleValue
            guard double.rounded() == double, abs(double) < 9.2e18 else { return nil }
            return number.int64Value
        }
        return nil
    }

    /// Download tokens: a JSON array of strings or one comma-joined string.
    private static func tokens(_ value: Any?) -> [String] {
        if let list = value as? [Any] { return list.compactMap { $0 as? String }.filter { !$0.isEmpty } }
        if let joined = value as? String { return joined.split(separator: ",").map(String.init) }
        return []
    }

    /// Custom metadata; values that are not strings become their JSON text
    /// (`true` → `"true"`, `null` → `"null"`), as the emulator stringifies them.
    private static func stringMap(_ value: Any?) -> [String: String] {
        guard let map = value as? [String: Any] else { return [:] }
        var result: [String: String] = [:]
        for (key, item) in map {
            if let string = item as? String {
                result[key] = string
            } else if let data = try? JSONSerialization.data(withJSONObject: item, options: [.fragmentsAllowed]),
                let text = String(data: data, encoding: .utf8)
            {
                result[key] = text
            }
        }
        return result
    }
}

/// A file in an export or data folder that could not be read or written.
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// The file or folder concerned.
    public var path: String
    /// What is wrong with it.
    public var message: String

    /// Creates the error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
