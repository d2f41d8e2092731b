import RulesEngine
import StorageSimulator

/// The metadata an operation returned, kept as the fields a step's map is
/// made of and made into that map only when an expectation or a report
/// reads it: most steps expect no metadata, and building the map (eighteen
/// keys hashed, two times formatted) was most of the time a case took.
struct ReturnedMetadata: Sendable {
    let bucket: String
    let name: String?
    let fullPath: String?
    let contentType: String?
    let cacheControl: String?
    let contentDisposition: String?
    let contentEncoding: String?
    let contentLanguage: String?
    let customMetadata: [String: String]?
    /// The complete stored record (size, generations, hashes, times), when
    /// the service returned one; one reference, as its fields share a box.
    let object: StoredObject?

    /// The fields of `metadata` as the operation returned them.
    init(_ metadata: StorageMetadata) {
        bucket = metadata.bucket
        name = metadata.name
        fullPath = metadata.path
        contentType = metadata.contentType
        cacheControl = metadata.cacheControl
        contentDisposition = metadata.contentDisposition
        contentEncoding = metadata.contentEncoding
        contentLanguage = metadata.contentLanguage
        customMetadata = metadata.customMetadata
        object = metadata.storedObject
    }

    /// The metadata as a map; times are RFC 3339 strings, absent fields
    /// (custom metadata included) are left out.
    var map: RulesMap {
        var map: [String: Value] = [:]
        map.reserveCapacity(CaseExecutor.metadataKeys.count)
        func put(_ key: String, _ value: String?) { if let value { map[key] = .string(value) } }
        put("bucket", bucket)
        put("name", name)
        put("fullPath", fullPath)
        put("contentType", contentType)
        put("cacheControl", cacheControl)
        put("contentDisposition", contentDisposition)
        put("contentEncoding", contentEncoding)
        put("contentLanguage", contentLanguage)
        // Like the SDK's customMetadata: absent when the object has none.
        if let customMetadata {
            map["metadata"] = .map(RulesMap(customMetadata.mapValues(Value.string)))
        }
        if let object {
            map["size"] = .int(object.size)
            map["generation"] = .int(object.generation)
            map["metageneration"] = .int(object.metageneration)
            put("md5Hash", object.md5Hash)
            put("crc32c", object.crc32c)
            put("etag", object.etag)
            put("storageClass", object.storageClass)
            put("timeCreated", object.timeCreated.rfc3339)
            put("updated", object.updated.rfc3339)
        }
        return RulesMap(map)
    }
}
