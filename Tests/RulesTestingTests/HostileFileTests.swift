import Foundation
import Testing

@testable import RulesTesting

/// Suites and rules files that cannot be read: a clear error with file,
/// line and column, and a run that exits with status 2.
struct HostileFileTests {
    /// Writes files into a fresh temporary directory and returns it.
    static func directory(_ files: [String: [UInt8]]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-suites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        return url.path
    }

    static func suite(rules: String) -> [UInt8] { Array("# a suite\nrules: \(rules)\ncases: []\n".utf8) }

    /// The one load error of running `path`, after checking the run exits with status 2.
    static func runError(_ path: String) async -> SuiteLoadError? {
        let run = await TestSession.run(paths: [path], options: Fixtures.options())
        #expect(run.exitCode == 2)
        #expect(run.loadErrors.count == 1)
        return run.loadErrors.first
    }

    @Test("`rules:` naming a directory")
    func rulesIsADirectory() async throws {
        let directory = try Self.directory(["a.test.yaml": Self.suite(rules: "sub"), "sub/x.rules": []])
        let error = await Self.runError(directory + "/a.test.yaml")
        #expect(error?.description == "\(directory)/a.test.yaml:2:8: error: rules file `\(directory)/sub` is a directory, not a file")
    }

    @Test("`rules:` naming a missing file")
    func rulesIsMissing() async throws {
        let directory = try Self.directory(["a.test.yaml": Self.suite(rules: "none.rules")])
        let error = await Self.runError(directory + "/a.test.yaml")
        #expect(error?.description == "\(directory)/a.test.yaml:2:8: error: rules file `\(directory)/none.rules` not found")
    }

    @Test("`rules:` naming a device that never ends", .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func rulesIsEndless() async throws {
        let directory = try Self.directory(["a.test.yaml": Self.suite(rules: "/dev/zero")])
        let error = await Self.runError(directory + "/a.test.yaml")
        #expect(error?.description == "\(directory)/a.test.yaml:2:8: error: rules file `/dev/zero` is larger than 64 MiB")
    }

    @Test("an object's `file:` naming a directory or a missing file")
    func contentFile() throws {
        let directory = try Self.directory(["sub/x": []])
        for (file, reason) in [("sub", "is a directory, not a file"), ("none", "not found")] {
            let error = loadError(ownerRules + "\nobjects:\n  - {path: a, file: \(file)}\ncases: []\n", path: directory + "/a.test.yaml")
            #expect(error?.description == "\(directory)/a.test.yaml:11:21: error: file `\(directory)/\(file)` \(reason)")
        }
    }

    @Test("a rules file that is not UTF-8 points at the bad byte")
    func rulesNotUTF8() async throws {
        let rules = Array("rules_version = '2';\nservice \u{E9}".utf8) + [0xFF, 0x00, 0x01]
        let directory = try Self.directory(["a.test.yaml": Self.suite(rules: "s.rules"), "s.rules": rules])
        let error = await Self.runError(directory + "/a.test.yaml")
        #expect(error?.location == SuiteLocation(file: "\(directory)/s.rules", line: 2, column: 10))
        #expect(error?.message == "rules file `\(directory)/s.rules` is not UTF-8 text (byte 0xFF), used by suite `\(directory)/a.test.yaml`")
    }

    @Test("a suite that is not UTF-8 points at the bad byte")
    func suiteNotUTF8() async throws {
        let suite = Array("rules: x.rules\ncases:\n  - name: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let directory = try Self.directory(["a.test.yaml": suite])
        let error = await Self.runError(directory + "/a.test.yaml")
        #expect(error?.description == "\(directory)/a.test.yaml:3:11: error: the suite file is not UTF-8 text (byte 0xC3)")
    }

    @Test("binary garbage named like a suite")
    func binarySuite() async throws {
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 9) }
        let directory = try Self.directory(["g.test.yaml": bytes])
        let error = await Self.runError(directory + "/g.test.yaml")
        #expect(error?.message.hasPrefix("the suite file is not UTF-8 text") == true, "\(String(describing: error))")
    }

    @Test("a suite that is valid UTF-8 but not YAML")
    func controlCharacters() throws {
        let error = loadError("rules: x.rules\ncases: [{name: \"é\u{1}\"}]\n")
        #expect(error?.description == "inline.test.yaml:2:18: error: invalid YAML: control characters are not allowed (U+0001)")
    }

    @Test("the UTF-8 check", arguments: [
        ([0x61], nil), ([0xC3, 0xA9], nil), ([0xF0, 0x9F, 0x98, 0x80], nil), ([0xEF, 0xBF, 0xBF], nil),
        ([0xC0, 0x80], 0), ([0xC1, 0xBF], 0), ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0),
        ([0xF5, 0x80, 0x80, 0x80], 0), ([0x61, 0xC3], 1), ([0x61, 0xE2, 0x82], 1), ([0x80], 0), ([0x61, 0xFF], 1),
        ([0xE2, 0x28, 0xA1], 0),
    ] as [([UInt8], Int?)])
    func utf8Check(_ example: ([UInt8], Int?)) {
        #expect(TextFile.firstInvalidUTF8(example.0) == example.1)
        #expect((String(validating: example.0, as: UTF8.self) == nil) == (example.1 != nil))
    }
}
