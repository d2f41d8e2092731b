import ArgumentParser
import Foundation
import Testing

@testable import StorageRulesCLI

/// `storage-rules test` exit statuses: 0 all passed, 1 a case failed, 2 nothing could be loaded or bad usage.
struct TestCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Runs `storage-rules test` with the arguments (output to a scratch file) and returns its exit status.
    static func status(_ arguments: [String]) async -> Int32 {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("test-command-\(UUID().uuidString).txt").path
        do {
            var command = try StorageRulesCommand.parseAsRoot(["test", "--output", output] + arguments)
            guard let test = command as? TestCommand else {
                try command.run()
                return 0
            }
            try await test.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            return StorageRulesCommand.exitStatus(for: error)
        }
    }

    @Test func passingSuitesExitZero() async {
        #expect(await Self.status([Self.path("rules-examples/images")]) == 0)
    }

    @Test func aFailingCaseExitsOne() async {
        #expect(await Self.status([Self.path("Tests/RulesTestingTests/Fixtures/broken-images")]) == 1)
        #expect(await Self.status(["--format", "junit", Self.path("Tests/RulesTestingTests/Fixtures/broken-images")]) == 1)
    }

    @Test func aFilterCanSelectOnlyPassingCases() async {
        let broken = Self.path("Tests/RulesTestingTests/Fixtures/broken-images")
        #expect(await Self.status(["--filter", "thumbnail", broken]) == 0)
    }

    @Test func loadErrorsAndBadUsageExitTwo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("test-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "rules: missing.rules\ncases: []\n".write(to: directory.appendingPathComponent("a.test.yaml"), atomically: true, encoding: .utf8)
        #expect(await Self.status([directory.path]) == 2)
        #expect(await Self.status(["/nonexistent/folder"]) == 2)
    }

    @Test func coverageBelowTheThresholdExitsOne() async {
        // The images example covers 85% of its branches.
        #expect(await Self.status(["--coverage-threshold", "95", Self.path("rules-examples/images")]) == 1)
        #expect(await Self.status(["--coverage-threshold", "50", Self.path("rules-examples/images")]) == 0)
        #expect(await Self.status(["--coverage-threshold", "101", Self.path("rules-examples/images")]) == 2)
    }

    @Test func anEmptyRunExitsOneUnlessAllowed() async {
        let images = Self.path("rules-examples/images")
        #expect(await Self.status(["--filter", "no case has this name", images]) == 1)
        #expect(await Self.status(["--filter", "no case has this name", "--allow-empty", images]) == 0)
    }
}
