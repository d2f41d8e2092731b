import Foundation
import Testing

@testable import RulesTesting

/// A run in which no case ran is a failure (CI would read it as success), unless allowed.
@Suite("Empty runs")
struct EmptyRunTests {
    static func session(_ text: String, filter: String? = nil, allowsEmpty: Bool = false) async throws -> RunResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("empty-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: directory.appendingPathComponent("a.test.yaml"), atomically: true, encoding: .utf8)
        var options = Fixtures.options(filter: filter)
        options.allowsEmpty = allowsEmpty
        return await TestSession.run(paths: [directory.path], options: options)
    }

    @Test("a filter that matches nothing exits 1 and says so")
    func filterMatchesNothing() async throws {
        let result = try await Self.session(RunnerTests.suiteText, filter: "no such case")
        #expect(result.summaryLine == "0 passed, 0 failed")
        #expect(result.exitCode == 1)
        #expect(result.emptyRunMessage == "no case ran: --filter 'no such case' matched none of 6 cases (--allow-empty accepts an empty run)")
    }

    @Test("a suite without cases exits 1 and says so")
    func noCases() async throws {
        let result = try await Self.session(ownerRules + "\ncases: []\n")
        #expect(result.exitCode == 1)
        #expect(result.emptyRunMessage == "no case ran: the suites hold no cases (--allow-empty accepts an empty run)")
    }

    @Test("only skipped cases is an empty run too")
    func onlySkipped() async throws {
        let result = try await Self.session(RunnerTests.suiteText, filter: "skipped one")
        #expect(result.summaryLine == "0 passed, 0 failed, 1 skipped")
        #expect(result.exitCode == 1)
    }

    @Test("--allow-empty accepts an empty run")
    func allowed() async throws {
        let result = try await Self.session(ownerRules + "\ncases: []\n", allowsEmpty: true)
        #expect(result.exitCode == 0)
        #expect(result.emptyRunMessage == nil)
    }

    @Test("a run in which a case ran is not empty")
    func notEmpty() async throws {
        let result = try await Self.session(RunnerTests.suiteText, filter: "owner")
        #expect(result.exitCode == 0)
        #expect(result.emptyRunMessage == nil)
    }
}
