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
        #expect(ObjectFactory.etag(generation: generation, metageneration: metageneration) == expected)
    }
}
