import Foundation
import Testing

@testable import RulesSyntax

/// Golden files: `Golden/<name>.rules` beside `<name>.ast` (the tree dump)
/// and `<name>.diagnostics` (one plain-rendered diagnostic per line).
///
/// Run with `UPDATE_GOLDEN=1` to rewrite the expected files; a rewrite
/// always fails the test, so it is never silent.
@Suite("Golden files")
struct GoldenTests {
    static var names: [String] {
        Fixtures.rulesFiles(in: Fixtures.goldenDirectory).map { $0.deletingPathExtension().lastPathComponent }
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    @Test func goldenFilesExist() {
        #expect(Self.names.count >= 8)
    }

    @Test(arguments: names)
    func matchesGolden(name: String) throws {
        let directory = Fixtures.goldenDirectory
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".rules"), encoding: .utf8)
        let source = SourceFile(path: name + ".rules", text: text)
        let result = Parser.parse(source)
        let diagnostics = DiagnosticRenderer(style: .plain).render(result.diagnostics, in: source)
        try check(result.ruleset.dump(), against: directory.appendingPathComponent(name + ".ast"))
        try check(diagnostics, against: directory.appendingPathComponent(name + ".diagnostics"))
    }

    private func check(_ actual: String, against file: URL) throws {
        let expected = try? String(contentsOf: file, encoding: .utf8)
        if expected == actual { return }
        if Self.updating {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(file.lastPathComponent); review the diff and run again without UPDATE_GOLDEN")
        } else if let expected {
            #expect(actual == expected, "\(file.lastPathComponent) differs; run with UPDATE_GOLDEN=1 to rewrite it")
        } else {
            Issue.record("missing \(file.lastPathComponent); run with UPDATE_GOLDEN=1 to create it")
        }
    }
}
