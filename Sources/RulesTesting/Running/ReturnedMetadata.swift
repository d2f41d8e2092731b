import RulesEngine
import StorageSimulator

/// The metadata an operation returned, made into a step's map only when an
/// expectation or a report reads it: most steps expect no metadata, and
/// building the map (eighteen keys hashed, two times formatted) was most of
/// the time a case took.
///
/// It keeps the operation's own `StorageMetadata` object: copying its nine
/// settable fields out (each read of a class's variable is checked for
/// exclusive access at run time) cost a thousand instructions a step. The
/// SDK makes that object for the one call that returned it (from the stored
/// record) and the runner changes nothing in it, so reading it later, from
/// another thread, is safe.
struct ReturnedMetadata: @unchecked Sendable {
    private let metadata: StorageMetadata

    /// The metadata as the operation returned it.
    init(_ metadata: StorageMetadata) {
        self.metadata = metadata
    }

    /// The metadata as a map; times are RFC 3339 strings, absent fields
    /// (custom metadata included) are left out.
    var map: RulesMap {
        var map: [String: Value] = [:]
        map.reserveCapacity(CaseExecutor.metadataKeys.count)
        func put(_ key: String, _ value: String?) { if let value { map[key] = .string(value) } }
        put("bucket", metadata.bucket)
        put("name", metadata.name)
        put("fullPath", metadata.path)
        put("contentType", metadata.contentType)
        put("cacheControl", metadata.cacheControl)
        put("contentDisposition", metadata.contentDisposition)
        put("contentEncoding", metadata.contentEncoding)
        put("contentLanguage", metadata.contentLanguage)
        // Like the SDK's customMetadata: absent when the object has none.
        if let customMetadata = metadata.customMetadata {
            map["metadata"] = .map(RulesMap(customMetadata.mapValues(Value.string)))
        }
        // The complete stored record (size, generations, hashes, times),
        // when the service returned one.
        if let object = metadata.storedObject {
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
