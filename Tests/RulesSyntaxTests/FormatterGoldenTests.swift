import Foundation
import Testing

@testable import RulesSyntax

/// Golden pairs under `Golden/Format/`: `x.rules` formats to
/// `x.formatted.rules`, which is itself already formatted.
///
/// Run with `UPDATE_GOLDEN=1` to rewrite the expected files; a rewrite
/// always fails the test, so it is never silent.
@Suite("Formatter golden files")
struct FormatterGoldenTests {
    static let directory = Fixtures.goldenDirectory.appendingPathComponent("Format")

    static var names: [String] {
        Fixtures.rulesFiles(in: directory).map(\.lastPathComponent).filter { !$0.hasSuffix(".formatted.rules") }
            .map { String($0.dropLast(".rules".count)) }
    }

    @Test func everyConstructAndCommentPositionHasAPair() {
        #expect(Set(Self.names).isSuperset(of: ["constructs", "comments", "comments-everywhere", "comments-in-headers", "crlf-bom-tabs", "long-conditions", "minimal"]))
    }

    @Test(arguments: names)
    func formatsToGolden(name: String) throws {
        let input = try String(contentsOf: Self.directory.appendingPathComponent(name + ".rules"), encoding: .utf8)
        guard case .formatted(let actual) = RulesFormatter.format(SourceFile(path: name + ".rules", text: input)) else {
            Issue.record("\(name).rules was refused")
            return
        }
        let expectedFile = Self.directory.appendingPathComponent(name + ".formatted.rules")
        let expected = try? String(contentsOf: expectedFile, encoding: .utf8)
        if expected != actual {
            if GoldenTests.updating {
                try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
                Issue.record("rewrote \(expectedFile.lastPathComponent); review the diff and run again without UPDATE_GOLDEN")
            } else {
                #expect(actual == expected, "\(name).formatted.rules differs; run with UPDATE_GOLDEN=1 to rewrite it")
            }
        }
        #expect(FormatInvariants.violations(of: input, name: name + ".rules") == [])
        #expect(FormatInvariants.violations(of: actual, name: name + ".formatted.rules") == [])
    }
}
