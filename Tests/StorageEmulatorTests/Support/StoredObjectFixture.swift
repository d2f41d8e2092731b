import RulesEngine
import StorageSimulator

enum StoredObjectFixture {
    static func make(contentEncoding: String?, contentType: String?, size: Int) -> StoredObject {
        StoredObject(
            name: "dir/file.txt", bucket: "b", generation: 1, metageneration: 1, size: Int64(size),
            timeCreated: Timestamp(seconds: 0), updated: Timestamp(seconds: 0), md5Hash: "m", crc32c: "c", etag: "e",
            contentType: contentType, contentEncoding: contentEncoding)
    }
}
