import Testing

@testable import StorageSimulator

/// A metadata patch applied to a stored object, field by field.
@Suite("Applying a metadata patch")
struct MetadataPatchApplyTests {
    private static func stored() throws -> StoredObject {
        let simulator = StorageSimulator()
        try simulator.admin.put(
            [1, 2, 3], path: "a/b.txt",
            attributes: ObjectAttributes(
                contentType: "text/plain", cacheControl: "no-cache", contentLanguage: "en", customMetadata: ["k": "v", "x": "y"]))
        return try #require(simulator.admin.object(path: "a/b.txt"))
    }

    private static func applied(_ patch: MetadataPatch) throws -> (before: StoredObject, after: StoredObject) {
        let before = try stored()
        var after = before
        ObjectFactory.apply(patch, to: &after)
        return (before, after)
    }

    @Test("an empty patch changes nothing")
    func emptyPatch() throws {
        let (before, after) = try Self.applied(MetadataPatch())
        #expect(after == before)
    }

    @Test("set and delete change their fields only, and leave the original untouched")
    func setAndDelete() throws {
        let (before, after) = try Self.applied(
            MetadataPatch(contentType: .set("image/png"), cacheControl: .delete, contentEncoding: .set("gzip")))
        #expect(after.contentType == "image/png")
        #expect(after.cacheControl == nil)
        #expect(after.contentEncoding == "gzip")
        #expect(after.contentLanguage == "en")
        #expect(after.contentDisposition == before.contentDisposition)
        #expect(after.customMetadata == before.customMetadata)
        #expect(before.contentType == "text/plain" && before.cacheControl == "no-cache")
    }

    @Test("custom metadata merges key by key, or is cleared")
    func customMetadata() throws {
        let merged = try Self.applied(MetadataPatch(customMetadata: .merge(["k": "w", "x": nil, "n": "1"]))).after
        #expect(merged.customMetadata == ["k": "w", "n": "1"])
        let cleared = try Self.applied(MetadataPatch(customMetadata: .deleteAll)).after
        #expect(cleared.customMetadata.isEmpty)
    }

    @Test("download tokens given as custom metadata join the object's tokens and leave no key behind")
    func tokensKey() throws {
        let (before, after) = try Self.applied(
            MetadataPatch(customMetadata: .merge([ObjectFactory.tokensKey: "t1,t2", "k": "w"])))
        #expect(after.customMetadata == ["k": "w", "x": "y"])
        #expect(after.downloadTokens == before.downloadTokens + ["t1", "t2"])
        var again = after
        ObjectFactory.apply(MetadataPatch(customMetadata: .merge([ObjectFactory.tokensKey: "t2,t3"])), to: &again)
        #expect(again.downloadTokens == before.downloadTokens + ["t1", "t2", "t3"])
        #expect(again.customMetadata == after.customMetadata)
    }
}
