import Foundation
import Testing

@testable import StorageRulesCLI

/// Exit statuses and options of `storage-rules lint`.
struct LintCommandTests {
    static let good = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{uid}/{file} {
              allow read: if request.auth != null && request.auth.uid == uid;
              allow create: if request.auth.uid == uid && request.resource.size < 1024 * 1024
                && request.resource.contentType.matches('image/.*');
            }
          }
        }
        """

    static let publicWrite = good.replacingOccurrences(of: "allow read: if request.auth != null && request.auth.uid == uid;", with: "allow write: if true;")

    @Test func exitsZeroWhenCleanOneOnErrorsTwoOnUnreadableFiles() throws {
        #expect(CommandTests.status(["lint", try CommandTests.file(Self.good)]) == 0)
        #expect(CommandTests.status(["lint", try CommandTests.file(Self.publicWrite)]) == 1)
        #expect(CommandTests.status(["lint", "/nonexistent/storage.rules"]) == 2)
        #expect(CommandTests.status(["lint", "--format", "yaml", try CommandTests.file(Self.good)]) == 2)
        #expect(CommandTests.status(["lint", "--explain", "lint.nope"]) == 2)
        #expect(CommandTests.status(["lint", "--explain", "lint.public-write"]) == 0)
        #expect(CommandTests.status(["lint", "--list-checks"]) == 0)
    }

    @Test func binaryInputIsAnErrorWithExitTwo() throws {
        let path = try CommandTests.file("")
        try Data([0xFF, 0xFE, 0x00, 0x81, 0xC3]).write(to: URL(fileURLWithPath: path))
        #expect(CommandTests.status(["lint", path]) == 2)
    }

    @Test func failOnLowersTheThreshold() throws {
        let withWarning = Self.good.replacingOccurrences(of: "rules_version = '2';\n", with: "")
        let path = try CommandTests.file(withWarning)
        #expect(CommandTests.status(["lint", path]) == 0)
        #expect(CommandTests.status(["lint", "--fail-on", "warning", path]) == 1)
    }

    @Test func aConfigurationFileChangesTheOutcome() throws {
        let path = try CommandTests.file(Self.publicWrite)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try "checks:\n  lint.public-write: warning\n".write(to: folder.appendingPathComponent(".storage-rules.yaml"), atomically: true, encoding: .utf8)
        #expect(CommandTests.status(["lint", path]) == 0)
        try "checks:\n  lint.public-write: [\n".write(to: folder.appendingPathComponent(".storage-rules.yaml"), atomically: true, encoding: .utf8)
        #expect(CommandTests.status(["lint", path]) == 2)
    }

    @Test func fixRewritesTheFileAndFoldersAreSearched() throws {
        let path = try CommandTests.file(Self.good.replacingOccurrences(of: "request.auth.uid == uid;", with: "request.auth.uid === uid;"))
        #expect(CommandTests.status(["lint", path]) == 1)
        #expect(CommandTests.status(["lint", "--fix", path]) == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.good)
        #expect(CommandTests.status(["lint", URL(fileURLWithPath: path).deletingLastPathComponent().path]) == 0)
        #expect(CommandTests.status(["lint", "--fix", "-"]) == 2)
    }

    /// Runs lint with standard output captured in a file; returns the status and the output.
    static func captured(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lint-out-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let status = OutputFile.$standardOutput.withValue(descriptor) { CommandTests.status(arguments) }
        close(descriptor)
        return (status, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// An unreadable file is in the JSON with its error and counted, and in
    /// SARIF as a tool execution notification.
    @Test func unreadableFilesAreInTheMachineReadableOutput() throws {
        let good = try CommandTests.file(Self.good + "\n")
        let json = try Self.captured(["lint", "--format", "json", good, "/nonexistent/missing.rules"])
        #expect(json.status == 2)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(root["unreadable"] as? Int == 1)
        let files = try #require(root["files"] as? [[String: Any]])
        #expect(files.count == 2)
        let missing = try #require(files.first { $0["file"] as? String == "/nonexistent/missing.rules" })
        #expect((missing["error"] as? String)?.contains("/nonexistent/missing.rules") == true)
        let sarif = try Self.captured(["lint", "--format", "sarif", "/nonexistent/missing.rules"])
        #expect(sarif.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let invocation = try #require(((document["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] as? String == "error")
    }

    /// lint and fmt expand a folder to the same files.
    @Test func lintAndFmtFindTheSameFiles() throws {
        let file = try CommandTests.file(Self.good)
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/node_modules/p", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/dir.rules", withIntermediateDirectories: true)
        try Self.good.write(toFile: folder + "/node_modules/p/x.rules", atomically: true, encoding: .utf8)
        let lint = LintFiles.expand([folder])
        let fmt = try FmtRunner.expand(folder).get()
        #expect(lint.paths == [file])
        #expect(fmt == lint.paths)
    }

    /// `--fix` writes like `fmt --write`: through a link to its target, keeping
    /// the target's permissions and leaving no temporary file.
    @Test func fixWritesThroughASymbolicLink() throws {
        let target = try CommandTests.file(Self.good.replacingOccurrences(of: "request.auth.uid == uid;", with: "request.auth.uid === uid;"))
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let folder = manager.temporaryDirectory.appendingPathComponent("lint-link-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("storage.rules").path
        try manager.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(CommandTests.status(["lint", "--fix", link]) == 0)
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == target, "the link stays a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.good)
        #expect(try manager.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o640)
        #expect(try manager.contentsOfDirectory(atPath: (target as NSString).deletingLastPathComponent) == ["storage.rules"])
        #expect(try manager.contentsOfDirectory(atPath: folder.path) == ["storage.rules"])
    }
}
