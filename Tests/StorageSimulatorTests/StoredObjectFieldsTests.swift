import RulesEngine
import Testing

@testable import StorageSimulator

/// The record keeps the fields most objects leave at their defaults apart
/// (``StoredObject``'s `Record.uncommon`): these tests pin that the split
/// never shows through the public fields, equality or hashing.
@Suite("Stored object fields")
struct StoredObjectFieldsTests {
    static func plain() -> StoredObject {
        StoredObject(
            name: "a/b.txt", bucket: "bucket", generation: 7, metageneration: 1, size: 3,
            timeCreated: Timestamp(seconds: 100, nanos: 5), updated: Timestamp(seconds: 100, nanos: 5),
            md5Hash: "md5", crc32c: "crc", etag: "tag", contentType: "text/plain")
    }

    /// Each uncommon field with a value other than its default, set and read back.
    static let changes: [(name: String, set: @Sendable (inout StoredObject) -> Void, isSet: @Sendable (StoredObject) -> Bool)] = [
        ("cacheControl", { $0.cacheControl = "no-store" }, { $0.cacheControl == "no-store" }),
        ("contentDisposition", { $0.contentDisposition = "inline" }, { $0.contentDisposition == "inline" }),
        ("contentEncoding", { $0.contentEncoding = "gzip" }, { $0.contentEncoding == "gzip" }),
        ("contentLanguage", { $0.contentLanguage = "fr" }, { $0.contentLanguage == "fr" }),
        ("customMetadata", { $0.customMetadata = ["k": "v"] }, { $0.customMetadata == ["k": "v"] }),
        ("downloadTokens", { $0.downloadTokens = ["t"] }, { $0.downloadTokens == ["t"] }),
        ("storageClass", { $0.storageClass = "NEARLINE" }, { $0.storageClass == "NEARLINE" }),
    ]

    @Test("each uncommon field reads back what was set, and the others keep their defaults")
    func uncommonFieldsReadBack() {
        for change in Self.changes {
            var object = Self.plain()
            change.set(&object)
            #expect(Self.changes.filter { $0.isSet(object) }.map(\.name) == [change.name], "setting \(change.name)")
            #expect(object != Self.plain(), "setting \(change.name)")
            #expect(object.name == "a/b.txt" && object.contentType == "text/plain" && object.generation == 7)
        }
        let plain = Self.plain()
        #expect(plain.cacheControl == nil && plain.contentDisposition == nil && plain.contentEncoding == nil)
        #expect(plain.contentLanguage == nil && plain.customMetadata.isEmpty && plain.downloadTokens.isEmpty)
        #expect(plain.storageClass == "STANDARD")
    }

    @Test("a field set and put back to its default leaves a record equal to, and hashed as, one never changed")
    func defaultsAgainAreEqual() {
        let resets: [(inout StoredObject) -> Void] = [
            { $0.cacheControl = nil }, { $0.contentDisposition = nil }, { $0.contentEncoding = nil },
            { $0.contentLanguage = nil }, { $0.customMetadata = [:] }, { $0.downloadTokens = [] },
            { $0.storageClass = "STANDARD" },
        ]
        for (change, reset) in zip(Self.changes, resets) {
            var object = Self.plain()
            change.set(&object)
            reset(&object)
            #expect(object == Self.plain(), "resetting \(change.name)")
            #expect(object.hashValue == Self.plain().hashValue, "resetting \(change.name)")
        }
        // Given to the initializer at their defaults, the same.
        let explicit = StoredObject(
            name: "a/b.txt", bucket: "bucket", generation: 7, metageneration: 1, size: 3,
            timeCreated: Timestamp(seconds: 100, nanos: 5), updated: Timestamp(seconds: 100, nanos: 5),
            md5Hash: "md5", crc32c: "crc", etag: "tag", contentType: "text/plain", cacheControl: nil,
            customMetadata: [:], downloadTokens: [], storageClass: "STANDARD")
        #expect(explicit == Self.plain() && explicit.hashValue == Self.plain().hashValue)
    }

    @Test("records with the same uncommon fields are equal however they were built; different ones are not")
    func uncommonEquality() {
        var changedInTurn = Self.plain()
        changedInTurn.contentLanguage = "fr"
        changedInTurn.customMetadata = ["k": "v"]
        let built = StoredObject(
            name: "a/b.txt", bucket: "bucket", generation: 7, metageneration: 1, size: 3,
            timeCreated: Timestamp(seconds: 100, nanos: 5), updated: Timestamp(seconds: 100, nanos: 5),
            md5Hash: "md5", crc32c: "crc", etag: "tag", contentType: "text/plain", contentLanguage: "fr",
            customMetadata: ["k": "v"])
        #expect(changedInTurn == built && changedInTurn.hashValue == built.hashValue)
        var other = built
        other.customMetadata = ["k": "w"]
        #expect(other != built)
    }

    @Test("timeCreated and updated read back exactly as set, each on its own")
    func timesReadBack() {
        var object = Self.plain()
        let created = Timestamp(seconds: -62_135_596_800, nanos: 999_999_999)
        let updated = Timestamp(seconds: 253_402_300_799, nanos: 1)
        object.timeCreated = created
        #expect(object.timeCreated == created && object.updated == Timestamp(seconds: 100, nanos: 5))
        object.updated = updated
        #expect(object.timeCreated == created && object.updated == updated)
        #expect(object.timeCreated.nanos == 999_999_999 && object.updated.seconds == 253_402_300_799)
        object.timeCreated = Timestamp(seconds: 100, nanos: 5)
        object.updated = Timestamp(seconds: 100, nanos: 5)
        #expect(object == Self.plain() && object.hashValue == Self.plain().hashValue)
    }

    @Test("a copy keeps its uncommon fields when the original changes them")
    func copiesAreIndependent() {
        var original = Self.plain()
        original.cacheControl = "no-store"
        let copy = original
        original.cacheControl = "max-age=60"
        original.downloadTokens = ["t"]
        #expect(copy.cacheControl == "no-store" && copy.downloadTokens.isEmpty)
        #expect(original.cacheControl == "max-age=60" && original.downloadTokens == ["t"])
    }

    @Test("the etag stays as set when the versions change, and is kept the same way whether it is the versions' own or not")
    func entityTagFollowsOnlyWhenSet() {
        let ownText = EntityTag.text(generation: 7, metageneration: 1)
        var own = Self.plain()
        own.etag = ownText
        #expect(own.etag == ownText && own.entityTag == .versions(generation: 7, metageneration: 1))
        // The versions change, the etag does not (the service sets it when it changes them).
        own.generation = 8
        own.metageneration = 2
        #expect(own.etag == ownText)
        own.generation = 7
        own.metageneration = 1
        // Back at its own versions, equal to a record built with that etag, however it got there.
        let built = StoredObject(
            name: "a/b.txt", bucket: "bucket", generation: 7, metageneration: 1, size: 3,
            timeCreated: Timestamp(seconds: 100, nanos: 5), updated: Timestamp(seconds: 100, nanos: 5),
            md5Hash: "md5", crc32c: "crc", etag: ownText, contentType: "text/plain")
        #expect(own == built && own.hashValue == built.hashValue)
        #expect(own != Self.plain())

        var other = Self.plain()
        other.setVersions(generation: 9, metageneration: 3)
        #expect(other.etag == EntityTag.text(generation: 9, metageneration: 3))
        #expect(other.generation == 9 && other.metageneration == 3)
        other.etag = "tag"
        other.setVersions(generation: 7, metageneration: 1)
        other.etag = "tag"
        #expect(other == Self.plain() && other.hashValue == Self.plain().hashValue)
        #expect(other.cacheControl == nil && other.customMetadata.isEmpty)
    }

    @Test("a record takes 128 bytes, so that its box (header, record, bytes) is a 160-byte allocation")
    func recordSize() {
        // The box is a 16-byte object header, the record and the bytes'
        // reference: 152 bytes, the most glibc's 160-byte chunk holds.
        #expect(StoredObject.recordSize == 128)
    }

    @Test("an admin put with no attributes stores the defaults; one with attributes stores them")
    func adminPutFields() throws {
        let storage = StorageSimulator()
        let plain = try storage.admin.put(Array("abc".utf8), path: "p/plain")
        #expect(plain.contentType == "application/octet-stream" && plain.storageClass == "STANDARD")
        #expect(plain.metageneration == 1 && plain.timeCreated == plain.updated && plain.size == 3)
        #expect(plain.customMetadata.isEmpty && plain.downloadTokens.isEmpty && plain.cacheControl == nil)
        let given = try storage.admin.put(
            Array("abc".utf8), path: "p/given",
            attributes: ObjectAttributes(
                cacheControl: "no-store", customMetadata: ["k": "v", "firebaseStorageDownloadTokens": "t1,t2"]))
        #expect(given.cacheControl == "no-store" && given.customMetadata == ["k": "v"])
        #expect(given.downloadTokens == ["t1", "t2"] && given.contentType == "application/octet-stream")
        #expect(given.md5Hash == plain.md5Hash && given.crc32c == plain.crc32c)
    }
}

@Suite("Bucket name")
struct BucketNameTests {
    @Test("two instances of one name are equal and hash alike; different names are not equal")
    func equalityByText() {
        let first = BucketName("demo.appspot.com")
        let second = BucketName(String(decoding: Array("demo.appspot.com".utf8), as: UTF8.self))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first != BucketName("other.appspot.com"))
    }

    @Test("a record's bucket reads back, and records differing only in their bucket's instance are equal")
    func recordsShareOrNot() throws {
        let storage = StorageSimulator()
        let stored = try storage.admin.put(Array("x".utf8), bucket: "demo.appspot.com", path: "a")
        var rebuilt = stored
        rebuilt.bucket = "demo.appspot.com"
        #expect(rebuilt == stored && rebuilt.hashValue == stored.hashValue && rebuilt.bucket == "demo.appspot.com")
        rebuilt.bucket = "other.appspot.com"
        #expect(rebuilt != stored && rebuilt.bucket == "other.appspot.com" && stored.bucket == "demo.appspot.com")
    }
}
