import Testing

@testable import StorageSimulator

@Suite("Entity tags")
struct EtagTests {
    /// Expected values: base64 of the two varint fields, computed apart
    /// (protobuf's encoding by hand in Python). The last two are the longest
    /// messages, 22 bytes: every varint byte and the padding are exercised.
    static let cases: [(generation: Int64, metageneration: Int64, etag: String)] = [
        (1_660_122_857_011_260, 1, "CLzws8n3u/kCEAE="),
        (1_764_547_200_000_000, 3, "CIDArsiKm5EDEAM="),
        (0, 0, "CAAQAA=="),
        (1, 1, "CAEQAQ=="),
        (127, 128, "CH8QgAE="),
        (.max, .max, "CP//////////fxD//////////38="),
        (-1, -1, "CP///////////wEQ////////////AQ=="),
    ]

    @Test("an etag is base64 of the generation and metageneration as varint fields 1 and 2", arguments: cases.indices)
    func etag(_ index: Int) {
        let (generation, metageneration, expected) = Self.cases[index]
        #expect(EntityTag.text(generation: generation, metageneration: metageneration) == expected)
    }

    @Test("the service's etag of a pair is kept as the pair, and reads back as the same text", arguments: cases.indices)
    func canonicalText(_ index: Int) {
        let (generation, metageneration, text) = Self.cases[index]
        let tag = EntityTag(text)
        #expect(tag == .versions(generation: generation, metageneration: metageneration))
        #expect(tag.text == text)
    }

    /// Texts that decode to the two fields but are not the service's text
    /// for them (padding left off, other padding bits, an overlong varint,
    /// a bit past 64, a byte after the fields, the fields swapped), and
    /// texts that are not etags at all.
    static let otherTexts = [
        "CAEQAQ", "CAEQAR==", "CAEQAQA=", "EAEIAQ==", "CIAAEAE=", "CP////////////8DEAE=",
        "CAEQAQ== ", "", "abc", "\"CLzws8n3u/kCEAE=\"", "CLzws8n3u/kCEAF=", "not base64 at all!!",
    ]

    @Test("any other text is kept as given", arguments: otherTexts)
    func otherText(_ text: String) {
        let tag = EntityTag(text)
        #expect(tag == .text(text))
        #expect(tag.text == text)
    }

    @Test("a record's etag is a field of its own: equal texts are equal records, and it stays when the versions change")
    func recordField() {
        func object(etag: String) -> StoredObject {
            StoredObject(
                name: "a", bucket: "b", generation: 1, metageneration: 1, size: 0, timeCreated: .init(seconds: 0),
                updated: .init(seconds: 0), md5Hash: "", crc32c: "", etag: etag)
        }
        var derived = object(etag: "")
        derived.entityTag = .versions(generation: 1_660_122_857_011_260, metageneration: 1)
        let given = object(etag: "CLzws8n3u/kCEAE=")
        #expect(derived == given)
        #expect(derived.hashValue == given.hashValue)
        #expect(derived != object(etag: "CLzws8n3u/kCEAI="))

        derived.generation = 2
        derived.metageneration = 5
        #expect(derived.etag == "CLzws8n3u/kCEAE=")
        derived.etag = "custom"
        #expect(derived.etag == "custom")
        #expect(derived.entityTag == .text("custom"))
    }
}
