import Foundation
import RulesLint
import Testing

/// The one way `lint`, `fmt` and the benchmark find rules files under a folder.
struct RulesFileDiscoveryTests {
    @Test func findsRegularRulesFilesSortedSkippingHiddenFoldersAndNodeModules() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)").path
        for folder in ["sub", "node_modules/pkg", ".git", "x.rules", "z"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["b.rules", "sub/a.rules", "node_modules/pkg/c.rules", ".git/d.rules", ".hidden.rules", "x.rules/inner.rules", "notes.txt", "z/e.rules"] {
            try "service firebase.storage {}\n".write(toFile: root + "/" + file, atomically: true, encoding: .utf8)
        }
        #expect(RulesFileDiscovery.rulesFiles(under: root) == ["b.rules", "sub/a.rules", "x.rules/inner.rules", "z/e.rules"].map { root + "/" + $0 })
        #expect(RulesFileDiscovery.rulesFiles(under: root + "/missing") == nil)
    }
}
