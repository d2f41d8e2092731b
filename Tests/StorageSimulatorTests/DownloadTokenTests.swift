import Foundation
import Testing

@testable import StorageSimulator

@Suite("Download tokens")
struct DownloadTokenTests {
    /// Extreme and mixed bytes: every nibble value appears in both places.
    static let uuids: [uuid_t] = [
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255),
        (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10),
        (0xC3, 0xC7, 0x10, 0x86, 0x95, 0xA8, 0x44, 0x5D, 0x96, 0xE7, 0xF6, 0x25, 0x97, 0x2D, 0xE4, 0xB0),
    ]

    @Test("a token is Foundation's UUID string in lowercase", arguments: uuids.indices)
    func formatting(_ index: Int) {
        let uuid = Self.uuids[index]
        #expect(ObjectFactory.lowercaseString(of: uuid) == UUID(uuid: uuid).uuidString.lowercased())
    }

    /// 300 tokens take 600 words from the pool, which draws 256 at a time:
    /// the sequence crosses two refills.
    @Test("fresh tokens are lowercase version-4 UUIDs of RFC 4122's variant, all different")
    func freshTokens() {
        let tokens = (0..<300).map { _ in ObjectFactory.newDownloadToken() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(UUID(uuidString: token) != nil && token == token.lowercased() && token.count == 36, "\(token)")
            #expect(Array(token)[14] == "4", "\(token)")
            #expect("89ab".contains(Array(token)[19]), "\(token)")
        }
    }

    @Test("tokens drawn on several threads at once are all different")
    func concurrentTokens() async {
        let tokens = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { (0..<200).map { _ in ObjectFactory.newDownloadToken() } } }
            var all: [String] = []
            for await batch in group { all += batch }
            return all
        }
        #expect(tokens.count == 800)
        #expect(Set(tokens).count == 800)
    }
}
