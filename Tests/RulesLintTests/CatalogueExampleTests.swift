import Foundation
import RulesLint
import RulesSyntax
import Testing

/// Every check's documented examples run: each triggering example produces
/// a finding with the check's id, each non-triggering one produces none.
struct CatalogueExampleTests {
    static let linter = Linter(now: Date(timeIntervalSince1970: 1_790_000_000))

    static func ids(_ snippet: String) -> [String] {
        let source = SourceFile(path: "example.rules", text: LintExample.file(snippet))
        return linter.lint(source).map(\.diagnostic.id)
    }

    @Test(arguments: LintRegistry.checks.map(\.id))
    func triggeringExamplesTrigger(_ id: String) throws {
        let check = try #require(LintRegistry.check(id))
        #expect(!check.triggering.isEmpty)
        for example in check.triggering {
            #expect(Self.ids(example).contains(id), "\(id) not reported for:\n\(example)")
        }
    }

    @Test(arguments: LintRegistry.checks.map(\.id))
    func nonTriggeringExamplesAreQuiet(_ id: String) throws {
        let check = try #require(LintRegistry.check(id))
        #expect(!check.nonTriggering.isEmpty)
        for example in check.nonTriggering {
            let ids = Self.ids(example)
            #expect(!ids.contains(id), "\(id) reported for:\n\(example)")
            #expect(!ids.contains { $0.hasPrefix("syntax.") }, "example does not parse:\n\(example)\n\(ids)")
        }
    }

    /// Every id lint emits (on the catalogue's examples, the real-world corpus
    /// and a nested-quantifier snippet) is in the registry, so `--explain`,
    /// the configuration and SARIF know it.
    @Test func everyEmittedIdIsInTheRegistry() throws {
        var emitted = Set(LintRegistry.checks.flatMap { $0.triggering + $0.nonTriggering }.flatMap(Self.ids))
        emitted.formUnion(Self.ids("match /a/{f} {\n  allow read: if f.matches('(x*)*y');\n}"))
        #expect(emitted.contains("check.nested-quantifier"))
        let corpus = try #require(LintFixtures.corpusDirectory, "the real-world corpus is missing")
        for url in LintFixtures.rulesFiles(in: corpus) {
            let source = SourceFile(path: url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8))
            emitted.formUnion(Self.linter.lint(source).map(\.diagnostic.id))
        }
        let unknown = emitted.filter { LintRegistry.check($0) == nil }.sorted()
        #expect(unknown.isEmpty, "emitted but not in the registry: \(unknown)")
    }

    @Test func catalogueIsLargeUniqueAndCoversEveryCategory() {
        let ids = LintRegistry.checks.map(\.id)
        #expect(ids.count >= 30)
        #expect(Set(ids).count == ids.count)
        for category in LintCategory.allCases {
            #expect(LintRegistry.checks.contains { $0.category == category }, "no \(category) check")
        }
    }
}
