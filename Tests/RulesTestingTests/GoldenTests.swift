import Foundation
import Testing

@testable import RulesTesting

/// Reporter output compared with files under `Golden/`. Run with
/// `UPDATE_GOLDEN=1` to rewrite them; a rewrite fails the test so it is never silent.
@Suite("Reporter golden files", .serialized)
struct GoldenTests {
    static func fixtureRun() async -> RunResult {
        await TestSession.run(paths: [Fixtures.path("Fixtures/golden")], options: Fixtures.options())
    }

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = Fixtures.path("Golden/" + name)
        let portable = Fixtures.portable(actual)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try portable.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(name); run again without UPDATE_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        if portable != expected {
            let actualLines = portable.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = Array(zip(actualLines, expectedLines)).firstIndex { $0.0 != $0.1 } ?? min(actualLines.count, expectedLines.count)
            let got = first < actualLines.count ? String(actualLines[first]) : "<end>"
            let want = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
            Issue.record("\(name) differs at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)", sourceLocation: sourceLocation)
        }
    }

    @Test("human report (verbose, with the coverage summary)")
    func human() async throws {
        let run = await Self.fixtureRun()
        var text = HumanReporter(verbose: true).report(run)
        #expect(text.hasSuffix("3 passed, 5 failed, 1 skipped\n"))
        text += CoverageSummaryWriter.write(CoverageCollector.collect(run))
        try Self.check(text, against: "report.human.txt")
    }

    @Test("human report with colour uses ANSI codes but keeps the closing line plain")
    func humanColor() async throws {
        let text = HumanReporter(color: true).report(await Self.fixtureRun())
        #expect(text.contains("\u{1B}[31m✗\u{1B}[0m"))
        #expect(text.hasSuffix("\n3 passed, 5 failed, 1 skipped\n"))
    }

    @Test("json report")
    func json() async throws {
        let run = await Self.fixtureRun()
        let text = JSONReporter(includeTimings: false).report(run, coverage: CoverageCollector.collect(run))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
        try Self.check(text, against: "report.json")
    }

    @Test("junit report")
    func junit() async throws {
        let text = JUnitReporter(includeTimings: false).report(await Self.fixtureRun())
        #expect(text.contains("<testsuites name=\"storage-rules\" tests=\"9\" failures=\"5\" errors=\"0\" skipped=\"1\">"))
        try Self.check(text, against: "report.junit.xml")
    }

    @Test("lcov tracefile")
    func lcov() async throws {
        let text = LcovWriter.write(CoverageCollector.collect(await Self.fixtureRun()))
        #expect(text.hasPrefix("TN:\nSF:"))
        #expect(text.hasSuffix("end_of_record\n"))
        try Self.check(text, against: "coverage.lcov")
    }

    @Test("html coverage page")
    func html() async throws {
        let text = HTMLCoverageWriter.write(CoverageCollector.collect(await Self.fixtureRun()))
        #expect(text.components(separatedBy: "<span").count == text.components(separatedBy: "</span>").count)
        try Self.check(text, against: "coverage.html")
    }
}
