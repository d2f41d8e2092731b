import Foundation
import RulesLint
import Testing

/// The generated documentation in the repository matches the catalogue.
struct DocumentationTests {
    @Test func checkedInDocumentationIsCurrent() throws {
        try LintFixtures.checkGolden(CheckDocumentation.catalogue(), LintFixtures.packageRoot.appendingPathComponent("docs/lint-checks.md"))
    }

    @Test func everyCheckIsDocumentedWithItsExamples() {
        let page = CheckDocumentation.catalogue()
        for check in LintRegistry.checks {
            #expect(page.contains("### `\(check.id)`"))
            for example in check.triggering + check.nonTriggering where example.utf8.count <= CheckDocumentation.longestPrintedExample {
                #expect(page.contains(example))
            }
        }
    }

    @Test func explainPrintsRationaleAndWholeExampleFiles() throws {
        let check = try #require(LintRegistry.check("lint.public-write"))
        let text = CheckDocumentation.explain(check)
        #expect(text.hasPrefix("lint.public-write (security, error)"))
        #expect(text.contains(check.rationale))
        #expect(text.contains("service firebase.storage {"))
    }

    @Test func listHasOneLinePerCheck() {
        let lines = CheckDocumentation.list().split(separator: "\n")
        #expect(lines.count == LintRegistry.checks.count)
        #expect(lines.contains { $0.hasPrefix("lint.public-write ") && $0.contains("security") && $0.contains("error") })
    }
}
