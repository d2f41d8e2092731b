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

    @Test func catalogueIsLargeUniqueAndCoversEveryCategory() {
        let ids = LintRegistry.checks.map(\.id)
        #expect(ids.count >= 30)
        #expect(Set(ids).count == ids.count)
        for category in LintCategory.allCases {
            #expect(LintRegistry.checks.contains { $0.category == category }, "no \(category) check")
        }
    }
}
