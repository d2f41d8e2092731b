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
