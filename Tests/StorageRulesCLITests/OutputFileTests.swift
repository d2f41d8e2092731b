import Foundation
import Testing

@testable import StorageRulesCLI

/// Every write of a report is checked, and a failure names the destination and the reason.
struct OutputFileTests {
    @Test("failures name the path and the reason", arguments: [
        ("/tmp", "cannot write /tmp: Is a directory"),
        ("/nonexistent-folder/report.txt", "cannot write /nonexistent-folder/report.txt: No such file or directory"),
    ])
    func failures(_ path: String, _ message: String) {
        #expect(throws: CLIError.self) { try OutputFile.write("report", toFile: path) }
        do {
            try OutputFile.write("report", toFile: path)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a full device fails instead of losing the report", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDevice() throws {
        do {
            try OutputFile.write("report", toFile: "/dev/full")
            Issue.record("writing /dev/full succeeded")
        } catch {
            #expect(error.description == "cannot write /dev/full: No space left on device")
        }
        // Standard output redirected to a full device: the same check on an open descriptor.
        let descriptor = open("/dev/full", O_WRONLY)
        defer { close(descriptor) }
        do {
            try OutputFile.write("report", to: descriptor, name: "standard output")
            Issue.record("writing to a full descriptor succeeded")
        } catch {
            #expect(error.description == "cannot write standard output: No space left on device")
        }
    }

    /// Standard output on a full device: every command that prints exits 2
    /// instead of losing its output with status 0.
    @Test("commands exit 2 when standard output is full", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: [
        ["lint", "RULES"], ["lint", "--format", "json", "RULES"], ["lint", "--format", "sarif", "RULES"],
        ["lint", "--list-checks"], ["lint", "--docs"], ["lint", "--explain", "lint.public-write"],
        ["fmt", "RULES"], ["fmt", "--check", "MESSY"], ["check", "RULES"],
    ])
    func fullStandardOutput(_ arguments: [String]) throws {
        let rules = try CommandTests.file(LintCommandTests.good + "\n")
        let messy = try CommandTests.file("service firebase.storage { match /b/{bucket}/o { match /a/{f} { allow get: if true; } } }")
        let resolved = arguments.map { $0 == "RULES" ? rules : $0 == "MESSY" ? messy : $0 }
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let writable = OutputFile.$standardOutput.withValue(null) { CommandTests.status(resolved) }
        #expect(writable == (arguments.contains("--check") ? 1 : 0), "the status on a writable output")
        let descriptor = open("/dev/full", O_WRONLY)
        defer { close(descriptor) }
        let status = OutputFile.$standardOutput.withValue(descriptor) { CommandTests.status(resolved) }
        #expect(status == 2, "\(arguments)")
    }

    @Test("a written file holds the whole report")
    func writes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString).txt").path
        let text = String(repeating: "line of the report\n", count: 10_000)
        try OutputFile.write(text, toFile: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("test exits 2 when a report cannot be written")
    func testCommandExitsTwo() async {
        let images = TestCommandTests.path("rules-examples/images")
        #expect(await TestCommandTests.status(["--output", "/tmp", images]) == 2)
        #expect(await TestCommandTests.status(["--coverage-html", "/nonexistent-folder/c.html", images]) == 2)
        #expect(await TestCommandTests.status(["--coverage-lcov", "/dev/full", images]) == 2)
    }
}
