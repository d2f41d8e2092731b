import Foundation
import Testing

@testable import RulesSyntax

/// Every real-world ruleset in the shared corpus parses without errors,
/// except the files known to be broken.
@Suite("Real-world corpus")
struct CorpusTests {
    /// Files that must produce errors, with the reason.
    static let expectedToFail: [String: String] = [
        "040.rules": "rules_version '2+modules' and import statements",
        "122.rules": "a fragment: match block without a service",
    ]

    static var corpusFiles: [URL] {
        Fixtures.corpusDirectory.map(Fixtures.rulesFiles(in:)) ?? []
    }

    /// The `rules_version` column of MANIFEST.tsv, by file name.
    static func manifestVersions(in directory: URL) throws -> [String: String] {
        let manifest = try String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var versions: [String: String] = [:]
        for line in manifest.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count > 4 { versions[String(columns[0])] = String(columns[4]) }
        }
        return versions
    }

    @Test(.enabled(if: Fixtures.corpusDirectory != nil))
    func everyFileParsesAsExpected() throws {
        let directory = try #require(Fixtures.corpusDirectory)
        let files = Self.corpusFiles
        #expect(files.count > 50)
        let versions = try Self.manifestVersions(in: directory)
        for file in files {
            let name = file.lastPathComponent
            let source = SourceFile(path: name, text: try String(contentsOf: file, encoding: .utf8))
            let result = Parser.parse(source)
            let errors = result.diagnostics.filter { $0.severity == .error }
            if Self.expectedToFail[name] != nil {
                #expect(!errors.isEmpty, "\(name) should not parse cleanly")
                continue
            }
            #expect(errors.isEmpty, "\(name):\n\(Fixtures.describe(errors, in: source))")
            #expect(result.ruleset.service != nil, "\(name) has no service")
            if let version = versions[name], version.hasPrefix("1") {
                #expect(result.ruleset.version == .v1, "\(name) is a version-1 ruleset")
            } else if versions[name] == "2" {
                #expect(result.ruleset.version == .v2, "\(name) is a version-2 ruleset")
            }
        }
    }

    @Test(.enabled(if: Fixtures.corpusDirectory != nil))
    func knownBrokenFilesReportTheRightErrors() throws {
        let directory = try #require(Fixtures.corpusDirectory)
        let modules = Fixtures.parse(try String(contentsOf: directory.appendingPathComponent("040.rules"), encoding: .utf8))
        let moduleIDs = modules.diagnostics.map(\.id)
        #expect(moduleIDs.contains("syntax.invalid-version"))
        #expect(modules.diagnostics.contains { $0.message == "Unexpected 'import'." })
        #expect(modules.ruleset.service != nil, "recovery continues to the service block")

        let fragment = Fixtures.parse(try String(contentsOf: directory.appendingPathComponent("122.rules"), encoding: .utf8))
        #expect(fragment.diagnostics.first?.message == "mismatched input 'match' expecting {'function', 'service', 'syntax'}")
        #expect(fragment.diagnostics.map(\.id).contains("syntax.missing-service"))
    }
}
