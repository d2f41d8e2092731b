import Foundation
import RulesEngine
import Testing

@testable import StorageSimulator

@Suite("Admin path and the object record")
struct AdminTests {
    @Test("a record is a value: changing a copy leaves the stored record and other copies as they were")
    func recordsAreValues() throws {
        let storage = StorageSimulator()
        let stored = try storage.admin.put(text: "a", path: "f", attributes: ObjectAttributes(contentType: "text/plain"))
        var copy = stored
        let second = copy
        copy.contentType = "image/png"
        copy.customMetadata["k"] = "v"
        copy.metageneration += 1
        #expect(stored.contentType == "text/plain" && stored.customMetadata.isEmpty && stored.metageneration == 1)
        #expect(second == stored && second.hashValue == stored.hashValue)
        #expect(copy != stored)
        #expect(copy.contentType == "image/png" && copy.customMetadata == ["k": "v"] && copy.metageneration == 2)
        #expect(storage.admin.object(path: "f") == stored)
        var restored = copy
        restored.contentType = "text/plain"
        restored.customMetadata = [:]
        restored.metageneration = 1
        #expect(restored == stored && restored.hashValue == stored.hashValue)
    }

    /// A stored object's record and bytes share one box with the values
    /// handed out for it; storing the record again with other bytes must
    /// give the bucket a box of its own, never write into the shared one.
    @Test("storing a record again with other bytes leaves snapshots and earlier values as they were")
    func sharedRecordsKeepTheirBytes() throws {
        let storage = StorageSimulator()
        let first = try storage.admin.put(text: "old", path: "f")
        let snapshot = storage.admin.snapshot()
        let found = try #require(storage.admin.object(path: "f"))
        try storage.admin.put(record: found, bytes: Array("new!".utf8))
        #expect(storage.admin.data(path: "f") == Data("new!".utf8))
        #expect(storage.admin.object(path: "f") == first)
        let restored = StorageSimulator(restoring: snapshot)
        #expect(restored.admin.data(path: "f") == Data("old".utf8))
        // The put's own fresh record becomes the entry as is; later changes
        // to the returned value stay out of the bucket.
        var returned = try storage.admin.put(text: "x", path: "g", attributes: ObjectAttributes(contentType: "text/plain"))
        returned.contentType = "image/png"
        #expect(storage.admin.object(path: "g")?.contentType == "text/plain")
        #expect(storage.admin.data(path: "g") == Data("x".utf8))
    }

    /// An object found in the bucket shares the entry's box, bytes
    /// included; the SDK's metadata keeps the record alone, so holding it
    /// does not keep the object's content alive after the object is gone.
    @Test("the SDK's metadata holds the record without the object's bytes")
    func metadataHoldsNoBytes() async throws {
        let storage = try TestRules.simulator(TestRules.storage("match /{f} { allow read, write; }"))
        try storage.admin.put(text: "content", path: "f")
        let found = try #require(storage.admin.object(path: "f"))
        #expect(found.holdsBytes)
        let metadata = try await storage.storage().reference(withPath: "f").getMetadata()
        let kept = try #require(metadata.storedObject)
        #expect(!kept.holdsBytes)
        #expect(kept == found)
        let uploaded = try await storage.storage().reference(withPath: "g").putDataAsync(Data("more".utf8))
        #expect(uploaded.storedObject.map { !$0.holdsBytes } == true)
        #expect(storage.admin.data(path: "g") == Data("more".utf8))
    }

    /// Content of zeros alone is hashed once per size and remembered; the
    /// hashes must be those of the bytes, remembered or not, and content
    /// with one byte set anywhere (first, last, past the last whole 64-byte
    /// block the check reads at once, past the last whole eight bytes) must
    /// be hashed as itself.
    @Test("hashes of zero-filled and nearly zero-filled content, the first time and again")
    func zeroContentHashes() throws {
        let storage = StorageSimulator()
        let empty = try storage.admin.put([], path: "empty")
        #expect(empty.md5Hash == "1B2M2Y8AsgTpgAmY7PhCfg==" && empty.crc32c == "AAAAAA==")
        #expect(try storage.admin.put([UInt8](repeating: 0, count: 2048), path: "zeros").md5Hash == "yZp0xVU3GkM9Eh9VHWxjmA==")
        for size in [0, 1, 7, 8, 9, 63, 64, 65, 2048, 100_003] {
            var contents = [[UInt8](repeating: 0, count: size)]
            for position in Set([0, size / 2, size - 1, size & ~63, size & ~7]) where position >= 0 && position < size {
                var bytes = contents[0]
                bytes[position] = 1
                contents.append(bytes)
            }
            for bytes in contents {
                let expected = (md5: Hashing.base64(Hashing.md5(bytes)), crc: Hashing.crc32c(bytes))
                for round in 0..<2 {
                    let object = try storage.admin.put(bytes, path: "o\(size)-\(round)")
                    #expect(object.md5Hash == expected.md5, "\(size) bytes, round \(round)")
                    let crc = try #require(Data(base64Encoded: object.crc32c))
                    #expect(crc.reduce(0) { $0 << 8 | UInt32($1) } == expected.crc, "\(size) bytes, round \(round)")
                }
            }
        }
    }

    @Test("derived fields of a seeded object")
    func derivedFields() throws {
        let storage = StorageSimulator()
        storage.setTime(Timestamp(seconds: 1_767_225_600, nanos: 123_456_000))
        let object = try storage.admin.put(
            text: "hello world", path: "dir/someFile",
            attributes: ObjectAttributes(cacheControl: "no-cache", customMetadata: ["owner": "alice"]))
        #expect(object.name == "dir/someFile")
        #expect(object.bucket == "default-bucket")
        #expect(object.size == 11)
        #expect(object.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(object.crc32c == "yZRlqg==")
        #expect(object.generation == 1_767_225_600_123_456)
        #expect(object.metageneration == 1)
        #expect(object.timeCreated == Timestamp(seconds: 1_767_225_600, nanos: 123_456_000))
        #expect(object.updated == object.timeCreated)
        #expect(object.contentType == "application/octet-stream")
        #expect(object.cacheControl == "no-cache")
        #expect(object.contentDisposition == nil)
        #expect(object.customMetadata == ["owner": "alice"])
        #expect(object.storageClass == "STANDARD")
        #expect(object.etag == "CMDEiLGE6ZEDEAE=")
        #expect(storage.admin.object(path: "dir/someFile") == object)
        #expect(storage.admin.data(path: "dir/someFile") == Data("hello world".utf8))
    }

    /// The pair comes from a live object's metadata: the etag is the two
    /// numbers as protocol-buffer varint fields, so it changes with each.
    @Test("the etag is Cloud Storage's, for the generation and the metageneration")
    func entityTag() throws {
        let storage = StorageSimulator()
        storage.setTime(Timestamp(seconds: 1_660_122_857, nanos: 11_260_000))
        let object = try storage.admin.put(text: "x", path: "photo.jpg")
        #expect(object.generation == 1_660_122_857_011_260)
        #expect(object.etag == "CLzws8n3u/kCEAE=")
        let updated = try storage.admin.updateMetadata(path: "photo.jpg", patch: MetadataPatch(cacheControl: .set("no-cache")))
        #expect(updated.etag == "CLzws8n3u/kCEAI=")
    }

    @Test("generations strictly increase even under a fixed clock")
    func generations() throws {
        let storage = StorageSimulator()
        storage.setTime(Timestamp(seconds: 100))
        let first = try storage.admin.put(text: "1", path: "x")
        let second = try storage.admin.put(text: "2", path: "x")
        #expect(second.generation > first.generation)
        #expect(second.etag != first.etag)
    }

    @Test("the resource projection carries every field the rules read")
    func resourceProjection() throws {
        let object = try StorageSimulator().admin.put(text: "abc", path: "a/b.txt", attributes: ObjectAttributes(contentType: "text/plain"))
        guard case .map(let map) = object.fields.resourceValue else {
            Issue.record("resource is not a map")
            return
        }
        #expect(map["name"]?.stringValue == "a/b.txt")
        #expect(map["size"]?.intValue == 3)
        #expect(map["contentType"]?.stringValue == "text/plain")
        #expect(map["generation"]?.intValue == object.generation)
        // No custom metadata binds null, as the live service does.
        #expect(map["metadata"]?.isNull == true)
        let tagged = try StorageSimulator().admin.put(
            text: "abc", path: "a/c.txt", attributes: ObjectAttributes(customMetadata: ["owner": "alice"]))
        guard case .map(let taggedMap) = tagged.fields.resourceValue, case .map(let custom)? = taggedMap["metadata"] else {
            Issue.record("metadata is not a map")
            return
        }
        #expect(custom["owner"]?.stringValue == "alice")
    }

    @Test("admin metadata update: set, delete, merge, bookkeeping")
    func adminUpdate() throws {
        let storage = StorageSimulator()
        let before = try storage.admin.put(
            text: "x", path: "f", attributes: ObjectAttributes(contentType: "text/plain", contentLanguage: "en", customMetadata: ["a": "1", "b": "2"]))
        let after = try storage.admin.updateMetadata(
            path: "f",
            patch: MetadataPatch(contentType: .set("image/png"), contentLanguage: .delete, customMetadata: .merge(["a": nil, "c": "3"])))
        #expect(after.contentType == "image/png")
        #expect(after.contentLanguage == nil)
        #expect(after.customMetadata == ["b": "2", "c": "3"])
        #expect(after.metageneration == 2)
        #expect(after.generation == before.generation)
        #expect(after.timeCreated == before.timeCreated)
        #expect(after.etag != before.etag)
        let cleared = try storage.admin.updateMetadata(path: "f", patch: MetadataPatch(customMetadata: .deleteAll))
        #expect(cleared.customMetadata.isEmpty)
        #expect(cleared.metageneration == 3)
    }

    @Test("download tokens in custom metadata become tokens")
    func tokensFromCustomMetadata() throws {
        let object = try StorageSimulator().admin.put(
            text: "x", path: "f", attributes: ObjectAttributes(customMetadata: ["firebaseStorageDownloadTokens": "t1,t2", "k": "v"]))
        #expect(object.downloadTokens == ["t1", "t2"])
        #expect(object.customMetadata == ["k": "v"])
    }

    @Test("several buckets, delete, reset")
    func buckets() throws {
        let storage = StorageSimulator()
        try storage.admin.put(text: "1", bucket: "b2", path: "x")
        try storage.admin.put(text: "2", path: "x")
        #expect(storage.admin.bucketNames == ["b2", "default-bucket"])
        #expect(storage.admin.data(bucket: "b2", path: "x") == Data("1".utf8))
        #expect(storage.admin.delete(bucket: "b2", path: "x"))
        #expect(!storage.admin.delete(bucket: "b2", path: "x"))
        storage.admin.reset()
        #expect(storage.admin.bucketNames == ["default-bucket"])
        #expect(storage.admin.count() == 0)
    }

    @Test("StorageMetadata sends only what changed since it was read")
    func metadataDiff() {
        let fresh = StorageMetadata()
        fresh.contentType = "image/png"
        fresh.customMetadata = ["k": "v"]
        #expect(MetadataPatch(changesIn: fresh) == MetadataPatch(contentType: .set("image/png"), customMetadata: .merge(["k": "v"])))
        #expect(MetadataPatch(changesIn: StorageMetadata()).isEmpty)
    }
}
