import RulesEngine
import StorageSimulator

/// The v0 API's object metadata JSON (storage-service.md §1.3).
enum FirebaseMetadataJSON {
    /// Field order as the Firebase emulator writes it; absent optional fields are left out.
    static func object(_ object: StoredObject) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("name", .string(object.name)),
            ("bucket", .string(object.bucket)),
            ("generation", .string(String(object.generation))),
            ("metageneration", .string(String(object.metageneration))),
        ]
        if let contentType = object.contentType { fields.append(("contentType", .string(contentType))) }
        fields += [
            ("timeCreated", .string(object.timeCreated.rfc3339Milliseconds)),
            ("updated", .string(object.updated.rfc3339Milliseconds)),
            ("storageClass", .string(object.storageClass)),
            ("size", .string(String(object.size))),
            ("md5Hash", .string(object.md5Hash)),
            ("contentEncoding", .string(object.contentEncoding ?? "identity")),
        ]
        if let value = object.contentDisposition { fields.append(("contentDisposition", .string(value))) }
        if let value = object.contentLanguage { fields.append(("contentLanguage", .string(value))) }
        if let value = object.cacheControl { fields.append(("cacheControl", .string(value))) }
        fields += [
            ("crc32c", .string(object.crc32c)),
            ("etag", .string(object.etag)),
            ("downloadTokens", .string(object.downloadTokens.joined(separator: ","))),
        ]
        if !object.customMetadata.isEmpty {
            let custom = object.customMetadata.sorted { $0.key < $1.key }.map { ($0.key, JSONOutput.string($0.value)) }
            fields.append(("metadata", .object(custom)))
        }
        return .object(fields)
    }
}
