import ArgumentParser
import Foundation
import RulesEngine
import RulesSyntax
import Testing

@testable import StorageRulesCLI

/// Exit statuses of `check` and `eval`: 0 clean / allowed, 1 errors / denied, 2 bad input.
struct CommandTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /images/{imageId} {
              allow read;
              allow write: if request.resource.size < 5 * 1024 * 1024 && request.resource.contentType.matches('image/.*');
            }
            match /users/{uid}/{file} {
              allow get: if request.auth.uid == uid
                && firestore.get(/databases/(default)/documents/users/$(uid)).data.active == true;
            }
          }
        }
        """

    /// Writes text to a fresh temporary file and returns its path.
    static func file(_ text: String, name: String = "storage.rules") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-rules-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs a subcommand and returns its exit status.
    static func status(_ arguments: [String]) -> Int32 {
        do {
            var command = try StorageRulesCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            return StorageRulesCommand.exitStatus(for: error)
        }
    }

    @Test func checkExitsZeroOnCleanRulesAndOneOnErrors() throws {
        #expect(Self.status(["check", try Self.file(Self.rules)]) == 0)
        #expect(Self.status(["check", try Self.file("service firebase.storage { match /b/{bucket}/o { allow read: if }")]) == 1)
        #expect(Self.status(["check", "--format", "json", try Self.file(Self.rules)]) == 0)
    }

    @Test func checkJSONDescribesEachDiagnostic() {
        let source = SourceFile(path: "s.rules", text: "service firebase.storage {\n  match /b/{bucket}/o { allow read: if }\n}\n")
        let diagnostic = CompiledRuleset.compile(source).diagnostics.first { $0.severity == .error }
        #expect(diagnostic.map { CheckCommand.json($0, in: source).serialized() } == """
            {
              "id": "syntax.unexpected-token",
              "severity": "error",
              "message": "Unexpected '}'.",
              "file": "s.rules",
              "line": 2,
              "column": 40,
              "endLine": 2,
              "endColumn": 41
            }

            """)
    }

    @Test func checkExitsTwoOnUnreadableFiles() {
        #expect(Self.status(["check", "/nonexistent/storage.rules"]) == 2)
    }

    @Test func evalExitsZeroWhenAllowedAndOneWhenDenied() throws {
        let path = try Self.file(Self.rules)
        let allowed = ["eval", path, "--method", "create", "--path", "images/a.png",
                       "--resource", #"{"size": 2048, "contentType": "image/png"}"#]
        #expect(Self.status(allowed) == 0)
        let denied = ["eval", path, "--method", "create", "--path", "images/a.png",
                      "--resource", #"{"size": 6291456, "contentType": "image/png"}"#, "--format", "json"]
        #expect(Self.status(denied) == 1)
        #expect(Self.status(["eval", path, "--method", "get", "--path", "images/a.png"]) == 0)
    }

    @Test func evalReadsAuthTimeAndFirestore() throws {
        let path = try Self.file(Self.rules)
        let base = ["eval", path, "--method", "get", "--path", "users/alice/a.txt", "--auth", #"{"uid": "alice"}"#,
                    "--time", "2026-01-01T00:00:00Z"]
        #expect(Self.status(base + ["--firestore", #"{"users/alice": {"active": true}}"#]) == 0)
        #expect(Self.status(base + ["--firestore", #"{"users/alice": {"active": false}}"#]) == 1)
        #expect(Self.status(base + ["--firestore", #"{"users/alice": null}"#]) == 1)
        #expect(Self.status(base) == 1)
    }

    @Test(arguments: [
        ["--method", "read", "--path", "a"],
        ["--method", "get", "--path", "a", "--auth", "{not json"],
        ["--method", "get", "--path", "a", "--auth", #"{"token": {}}"#],
        ["--method", "get", "--path", "a", "--time", "yesterday"],
        ["--method", "get", "--path", "a", "--resource", "[1, 2]"],
    ])
    func evalExitsTwoOnBadInput(_ options: [String]) throws {
        #expect(Self.status(["eval", try Self.file(Self.rules)] + options) == 2)
    }

    @Test(arguments: [["check"], ["eval", "storage.rules", "--method", "get"], ["frobnicate"], ["check", "--bogus", "a.rules"]])
    func usageMistakesExitTwo(_ arguments: [String]) {
        #expect(Self.status(arguments) == 2)
    }

    @Test func evalExitsTwoWhenTheRulesDoNotCompile() throws {
        #expect(Self.status(["eval", try Self.file("service {"), "--method", "get", "--path", "a"]) == 2)
    }

    @Test(arguments: [
        (true, [:], true), (false, [:], false), (true, ["NO_COLOR": "1"], false), (true, ["NO_COLOR": ""], true),
        (false, ["NO_COLOR": "1"], false), (true, ["TERM": "xterm"], true),
    ] as [(Bool, [String: String], Bool)])
    func colourOnlyOnATerminalWithoutNoColor(_ isTerminal: Bool, _ environment: [String: String], _ expected: Bool) {
        #expect(Terminal.wantsColor(isTerminal: isTerminal, environment: environment) == expected)
    }
}
