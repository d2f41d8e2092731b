import Foundation
import Testing

@testable import RulesSyntax

/// The formatter over every real rules file the project has: the shared
/// real-world corpus, `rules-examples/` and `conformance/`. Each file is
/// formatted idempotently to the same tree with its comments kept.
@Suite("Formatter over real rules files")
struct FormatterCorpusTests {
    /// `.rules` files under a directory, at any depth, sorted by path.
    static func rulesFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "rules" }
            .sorted { $0.path < $1.path }
    }

    static func check(_ files: [URL]) throws {
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for problem in FormatInvariants.violations(of: text, name: file.lastPathComponent) {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    @Test(.enabled(if: Fixtures.corpusDirectory != nil, "the shared corpus (../shared/corpus/real-world) is missing"))
    func realWorldCorpus() throws {
        let files = Self.rulesFiles(under: try #require(Fixtures.corpusDirectory))
        #expect(files.count > 50)
        try Self.check(files)
    }

    @Test func rulesExamplesAndConformance() throws {
        let files = Self.rulesFiles(under: Fixtures.packageRoot.appendingPathComponent("rules-examples"))
            + Self.rulesFiles(under: Fixtures.packageRoot.appendingPathComponent("conformance"))
        #expect(files.count >= 8)
        try Self.check(files)
    }

    @Test func corpusFilesThatDoNotParseAreRefusedWithTheirErrors() throws {
        let directory = try #require(Fixtures.corpusDirectory)
        let text = try String(contentsOf: directory.appendingPathComponent("122.rules"), encoding: .utf8)
        guard case .unparseable(let diagnostics) = RulesFormatter.format(SourceFile(path: "122.rules", text: text)) else {
            Issue.record("a fragment without a service was formatted")
            return
        }
        #expect(diagnostics.map(\.id).contains("syntax.missing-service"))
    }
}
