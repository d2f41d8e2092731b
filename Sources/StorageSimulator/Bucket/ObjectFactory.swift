import Foundation
import RulesEngine

/// Builds object records: derived fields on commit, the rules' views of
/// incoming objects, and metadata changes.
enum ObjectFactory {
    /// The name of the custom-metadata key that carries download tokens.
    static let tokensKey = "firebaseStorageDownloadTokens"
    /// The content type of an object stored without one.
    static let defaultContentType = "application/octet-stream"

    /// A new record for `bytes` with the attributes as given (`contentType`
    /// defaults to `application/octet-stream`). `firebaseStorageDownloadTokens`
    /// in the custom metadata becomes the token list.
    static func makeObject(
        name: String, bucket: BucketName, bytes: [UInt8], attributes: ObjectAttributes,
        generation: Int64, time: Timestamp
    ) -> StoredObject {
        record(
            name: name, bucket: bucket, bytes: bytes, attributes: attributes, generation: generation,
            pinnedEntityTag: nil, time: time)
    }

    /// An upload's record before the rules allow it and it gets a
    /// generation: what its `request.resource` is made from (which shows no
    /// generation and no etag), and what ``committing(_:generation:)``
    /// stores. Its etag is left empty rather than made for generation 0.
    static func uploadCandidate(
        name: String, bucket: BucketName, bytes: [UInt8], attributes: ObjectAttributes, time: Timestamp
    ) -> StoredObject {
        record(name: name, bucket: bucket, bytes: bytes, attributes: attributes, generation: 0, pinnedEntityTag: .text(""), time: time)
    }

    /// An allowed upload's candidate as stored: its generation, the etag of
    /// that generation, and a download token unless the metadata gave some.
    static func committing(_ candidate: consuming StoredObject, generation: Int64) -> StoredObject {
        var object = candidate
        object.setVersions(generation: generation, metageneration: object.metageneration)
        if object.downloadTokens.isEmpty { object.downloadTokens = [newDownloadToken()] }
        return object
    }

    /// A record whose etag is `pinnedEntityTag`, or, when that is `nil`,
    /// the one of its versions.
    private static func record(
        name: String, bucket: BucketName, bytes: [UInt8], attributes: ObjectAttributes,
        generation: Int64, pinnedEntityTag: EntityTag?, time: Timestamp
    ) -> StoredObject {
        if attributes.givesNothing {
            let hashes = ContentHashes(of: bytes)
            return StoredObject(
                name: name, bucket: bucket, generation: generation, size: Int64(bytes.count), time: time,
                md5Hash: hashes.md5Hash, crc32c: hashes.crc32c, pinnedEntityTag: pinnedEntityTag,
                contentType: defaultContentType)
        }
        var custom = attributes.customMetadata ?? [:]
        // Most objects have no custom metadata: skip hashing the key for nothing.
        let tokens = custom.isEmpty ? [] : custom.removeValue(forKey: tokensKey).map(splitTokens) ?? []
        let hashes = ContentHashes(of: bytes)
        return StoredObject(
            name: name, bucket: bucket, generation: generation, metageneration: 1, size: Int64(bytes.count),
            timeCreated: time, updated: time,
            md5Hash: hashes.md5Hash, crc32c: hashes.crc32c, pinnedEntityTag: pinnedEntityTag,
            contentType: attributes.contentType ?? defaultContentType,
            cacheControl: attributes.cacheControl, contentDisposition: attributes.contentDisposition,
            contentEncoding: attributes.contentEncoding, contentLanguage: attributes.contentLanguage,
            customMetadata: custom, downloadTokens: tokens, storageClass: "STANDARD")
    }

    /// What the Firebase service stores for an SDK upload that leaves these
    /// fields out: `contentEncoding` `identity`, `contentDisposition`
    /// `inline; filename*=utf-8''<last segment>`.
    static func serviceDefaults(_ attributes: ObjectAttributes, name: String) -> ObjectAttributes {
        var result = attributes
        if result.contentEncoding == nil { result.contentEncoding = "identity" }
        if result.contentDisposition == nil { result.contentDisposition = PercentEncoding.inlineDisposition(forName: name) }
        return result
    }

    /// `request.resource` for an upload of `object` (live-service shape:
    /// generation, metageneration, etag and storage class are `null`;
    /// custom metadata is `null` unless the upload gave some).
    static func incomingForCreate(_ object: StoredObject, givenCustomMetadata: Bool) -> Value {
        var fields = object.fields
        fields.generation = nil
        fields.metageneration = nil
        fields.etag = nil
        fields.storageClass = nil
        fields.metadata = givenCustomMetadata ? object.customMetadata : nil
        return fields.intoRequestResourceValue()
    }

    /// `request.resource` for a metadata update: the stored object with the
    /// change applied, generation and metageneration as stored.
    static func incomingForUpdate(_ stored: StoredObject, patch: MetadataPatch) -> Value {
        var changed = stored
        apply(patch, to: &changed)
        var fields = changed.fields
        fields.generation = stored.generation
        fields.metageneration = stored.metageneration
        fields.etag = stored.etag
        if changed.customMetadata.isEmpty { fields.metadata = nil }
        return fields.intoRequestResourceValue()
    }

    /// Applies the writable-field changes of `patch` (no bookkeeping).
    static func apply(_ patch: MetadataPatch, to object: inout StoredObject) {
        // Each field is written only when the patch changes it: passing a
        // field `inout` read it and wrote it back through the record's box.
        if let change = patch.contentType { object.contentType = change.value }
        if let change = patch.cacheControl { object.cacheControl = change.value }
        if let change = patch.contentDisposition { object.contentDisposition = change.value }
        if let change = patch.contentEncoding { object.contentEncoding = change.value }
        if let change = patch.contentLanguage { object.contentLanguage = change.value }
        switch patch.customMetadata {
        case nil: break
        case .deleteAll: object.customMetadata = [:]
        case .merge(let changes):
            for (key, value) in changes {
                object.customMetadata[key] = value
            }
        }
        // Looked up before it is removed: removing a key from a dictionary
        // another record shares copies the dictionary, even when the key is absent.
        if !object.customMetadata.isEmpty, object.customMetadata[tokensKey] != nil,
            let tokens = object.customMetadata.removeValue(forKey: tokensKey)
        {
            for token in splitTokens(tokens) where !object.downloadTokens.contains(token) {
                object.downloadTokens.append(token)
            }
        }
    }

    /// Applies `patch` as a committed metadata update: metageneration + 1,
    /// `updated` refreshed, new etag; generation and creation time unchanged.
    static func committing(_ patch: MetadataPatch, to stored: StoredObject, time: Timestamp) -> StoredObject {
        var object = stored
        apply(patch, to: &object)
        bumpMetageneration(&object, time: time)
        return object
    }

    /// `changes` metadata changes at `time`: metageneration + `changes`,
    /// `updated` refreshed, the etag of the new versions.
    static func bumpMetageneration(_ object: inout StoredObject, by changes: Int64 = 1, time: Timestamp) {
        object.setVersions(generation: object.generation, metageneration: object.metageneration &+ changes)
        object.updated = time
    }

    /// A fresh download token: a lowercase random (version 4) UUID, as the
    /// service issues them. Its bits come from the system's generator
    /// through ``RandomPool``: Foundation's `UUID()` opens, reads and closes
    /// `/dev/urandom` on every call on Linux, a tenth of an upload's time.
    static func newDownloadToken() -> String {
        let (high, low) = RandomPool.next128()
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
            // RFC 4122: version 4 (random) in the high nibble of byte 6, the variant `10` in the top bits of byte 8.
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
        }
        return lowercaseString(of: uuid)
    }

    /// `uuid.uuidString.lowercased()`, written digit by digit: Foundation's
    /// formatting and lowercasing cost more than the rest of an upload's record.
    static func lowercaseString(of uuid: uuid_t) -> String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                let digits: StaticString = "0123456789abcdef"
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    output[position] = digits.utf8Start[Int(byte >> 4)]
                    output[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    private static func splitTokens(_ joined: String) -> [String] {
        joined.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
