import Foundation
import Testing

/// `.pre-commit-hooks.yaml` declares both hooks as the pre-commit framework
/// expects (the integration test runs the lint hook through the framework).
struct HooksFileTests {
    @Test func bothHooksAreSwiftHooksForRulesFiles() throws {
        let text = try String(contentsOf: LintFixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let hooks = text.components(separatedBy: "\n- id: ").dropFirst()
        let byID = Dictionary(uniqueKeysWithValues: hooks.map { ($0.prefix { $0 != "\n" }.description, $0) })
        #expect(Set(byID.keys) == ["storage-rules-lint", "storage-rules-fmt"])
        #expect(byID["storage-rules-lint"]?.contains("\n  entry: storage-rules lint\n") == true)
        #expect(byID["storage-rules-fmt"]?.contains("\n  entry: storage-rules fmt --write\n") == true)
        for hook in byID.values {
            #expect(hook.contains("\n  language: swift\n"))
            #expect(hook.contains("\n  files: \\.rules$"))
        }
    }
}
