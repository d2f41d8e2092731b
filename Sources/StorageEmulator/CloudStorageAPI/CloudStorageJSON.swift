import Foundation
import RulesEngine
import StorageSimulator

/// The Google Cloud Storage JSON API's resources (storage-service.md §1.8),
/// fields in the order the Firebase emulator writes them.
enum CloudStorageJSON {
    /// `storage#object`. `host` is `scheme://host:port` of the request.
    static func object(_ object: StoredObject, host: String) -> JSONOutput {
        let encodedName = PathEncoding.component(object.name)
        let encodedBucket = PathEncoding.component(object.bucket)
        var fields: [(String, JSONOutput)] = [
            ("kind", .string("storage#object")),
            ("id", .string("\(object.bucket)/\(object.name)/\(object.generation)")),
            ("selfLink", .string("\(host)/storage/v1/b/\(encodedBucket)/o/\(encodedName)")),
            ("mediaLink", .string(
                "\(host)/download/storage/v1/b/\(encodedBucket)/o/\(encodedName)?generation=\(object.generation)&alt=media")),
            ("name", .string(object.name)),
            ("bucket", .string(object.bucket)),
            ("generation", .string(String(object.generation))),
            ("metageneration", .string(String(object.metageneration))),
        ]
        if let contentType = object.contentType { fields.append(("contentType", .string(contentType))) }
        fields += [
            ("storageClass", .string(object.storageClass)),
            ("size", .string(String(object.size))),
            ("md5Hash", .string(object.md5Hash)),
        ]
        if let value = object.contentEncoding { fields.append(("contentEncoding", .string(value))) }
        if let value = object.contentDisposition { fields.append(("contentDisposition", .string(value))) }
        if let value = object.contentLanguage { fields.append(("contentLanguage", .string(value))) }
        if let value = object.cacheControl { fields.append(("cacheControl", .string(value))) }
        fields += [
            ("crc32c", .string(object.crc32c)),
            ("etag", .string(object.etag)),
            ("timeCreated", .string(object.timeCreated.rfc3339Milliseconds)),
            ("updated", .string(object.updated.rfc3339Milliseconds)),
            ("timeStorageClassUpdated", .string(object.timeCreated.rfc3339Milliseconds)),
        ]
        var metadata = object.customMetadata
        if !object.downloadTokens.isEmpty {
            metadata["firebaseStorageDownloadTokens"] = object.downloadTokens.joined(separator: ",")
        }
        if !metadata.isEmpty {
            fields.append(("metadata", .object(metadata.keys.sorted().map { ($0, .string(metadata[$0] ?? "")) })))
        }
        return .object(fields)
    }

    /// `storage#bucket`.
    static func bucket(_ name: String, host: String, created: Timestamp) -> JSONOutput {
        .object([
            ("kind", .string("storage#bucket")),
            ("selfLink", .string("\(host)/v1/b/\(PathEncoding.component(name))")),
            ("id", .string(name)),
            ("name", .string(name)),
            ("projectNumber", .string("000000000000")),
            ("metageneration", .string("1")),
            ("location", .string("US")),
            ("storageClass", .string("STANDARD")),
            ("etag", .string("====")),
            ("timeCreated", .string(created.rfc3339Milliseconds)),
            ("updated", .string(created.rfc3339Milliseconds)),
            ("locationType", .string("multi-region")),
        ])
    }

    /// `storage#objects`: keys omitted when empty.
    static func list(_ objects: [StoredObject], prefixes: [String], nextPageToken: String?, host: String) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [("kind", .string("storage#objects"))]
        if let nextPageToken { fields.append(("nextPageToken", .string(nextPageToken))) }
        if !prefixes.isEmpty { fields.append(("prefixes", .array(prefixes.map { .string($0) }))) }
        if !objects.isEmpty { fields.append(("items", .array(objects.map { object($0, host: host) }))) }
        return .object(fields)
    }
}

/// Percent-encoding of object and bucket names in URLs, as
/// `encodeURIComponent` does (RFC 3986 unreserved characters and `!*'()` kept).
enum PathEncoding {
    private static let allowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
        return set
    }()

    static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
