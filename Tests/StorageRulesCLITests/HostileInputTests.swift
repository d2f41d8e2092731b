import Foundation
import Testing

@testable import StorageRulesCLI

/// Files that are not rules at all: each is a clear error with exit status
/// 2, while text that merely does not compile is exit status 1 in `check`.
struct HostileInputTests {
    /// A fresh temporary directory.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("storage-rules-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes raw bytes to a new file and returns its path.
    static func file(_ bytes: [UInt8], name: String = "storage.rules") throws -> String {
        let url = try directory().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func eval(_ path: String) -> [String] { ["eval", path, "--method", "get", "--path", "a"] }

    @Test("binary garbage that is not UTF-8 is exit status 2")
    func binaryGarbage() throws {
        // `é` then 0xC0 (never valid in UTF-8), then a fixed pseudo-random tail.
        var bytes = Array("rules_version = '2';\né".utf8) + [0xC0]
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
        let path = try Self.file(bytes)
        #expect(CommandTests.status(["check", path]) == 2)
        #expect(CommandTests.status(Self.eval(path)) == 2)
        guard case .failure(let error) = Terminal.read(path) else {
            Issue.record("garbage was read as text")
            return
        }
        #expect(error.description == "\(path):2:2: the file is not UTF-8 text (byte 0xC0)")
    }

    @Test("a directory given as a rules file is exit status 2")
    func directoryAsRules() throws {
        let path = try Self.directory().path
        #expect(CommandTests.status(["check", path]) == 2)
        #expect(CommandTests.status(Self.eval(path)) == 2)
        guard case .failure(let error) = Terminal.read(path) else {
            Issue.record("a directory was read as text")
            return
        }
        #expect(error.description == "\(path): the file is a directory, not a file")
    }

    @Test("a device that never ends is read up to a bound", .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func endlessDevice() {
        #expect(CommandTests.status(["check", "/dev/zero"]) == 2)
        guard case .failure(let error) = Terminal.read("/dev/zero") else { return }
        #expect(error.description == "/dev/zero: the file is larger than 64 MiB")
    }

    @Test("a missing file is exit status 2")
    func missing() {
        let path = "/nonexistent-\(UUID().uuidString)/storage.rules"
        #expect(CommandTests.status(["check", path]) == 2)
        #expect(CommandTests.status(Self.eval(path)) == 2)
        guard case .failure(let error) = Terminal.read(path) else { return }
        #expect(error.description == "\(path): the file does not exist")
    }

    @Test("UTF-8 garbage is a compile error: exit status 1 in check, 2 in eval", arguments: [
        [UInt8](repeating: 0, count: 2000), Array("\u{FEFF}{{{{((((''''\"\"\"\"".utf8), Array(repeating: 0x7B, count: 100_000),
        Array("service firebase.storage { match /b/{bucket}/o { allow read: if \u{0}; } }".utf8),
    ])
    func textGarbage(_ bytes: [UInt8]) throws {
        let path = try Self.file(bytes)
        #expect(CommandTests.status(["check", path]) == 1)
        #expect(CommandTests.status(Self.eval(path)) == 2)
    }
}
