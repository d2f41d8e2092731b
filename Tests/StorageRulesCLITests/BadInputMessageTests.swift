import ArgumentParser
import Foundation
import RulesEngine
import Testing

@testable import StorageRulesCLI

/// Input that used to be accepted or misreported: each is now refused with a message that says what is wrong.
struct BadInputMessageTests {
    /// Runs `eval` and returns its exit status.
    static func eval(_ extra: [String]) throws -> Int32 {
        CommandTests.status(["eval", try CommandTests.file(CommandTests.rules), "--method", "get", "--path", "images/a.png"] + extra)
    }

    @Test("eval refuses what suites refuse", arguments: [
        ["--bucket", "a/b"], ["--bucket", ""], ["--path", "/images/a.png"],
        ["--existing", "{\"timeCreated\": \"2026-01-01\"}"], ["--firestore", "{\"users\": {\"role\": \"admin\"}}"],
        ["--firestore", "{\"users/alice/posts\": {}}"], ["--resource", "{\"size\": 99999999999999999999999}"],
    ])
    func evalRefuses(_ extra: [String]) throws {
        #expect(try Self.eval(extra) == 2)
    }

    @Test("eval still accepts good values")
    func evalAccepts() throws {
        #expect(try Self.eval(["--bucket", "my-project.appspot.com", "--existing", "{\"timeCreated\": \"2026-01-01T00:00:00Z\"}"]) == 0)
        #expect(try Self.eval(["--firestore", "{\"users/alice\": {\"active\": true}}", "--resource", "{\"size\": 9223372036854775807}"]) == 0)
    }

    @Test("eval's messages name the option", arguments: [
        ("a/b", "--bucket must be a bucket name without `/` (got `a/b`)"), ("", "--bucket must not be empty"),
    ])
    func bucketMessages(_ bucket: String, _ message: String) {
        #expect(throws: CLIError.self) { try EvalInput.bucket(bucket) }
        do { _ = try EvalInput.bucket(bucket) } catch { #expect(error.description == message) }
    }

    @Test("other eval messages")
    func evalMessages() {
        func message(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch { return (error as? CLIError)?.description ?? "\(error)" }
        }
        #expect(message { _ = try EvalInput.objectPath("/a") } == "--path is an object path without a leading `/` (got `/a`)")
        #expect(message { _ = try EvalInput.documentPath("users") }
            == "--firestore key `users` is not a document path (collection/document pairs, e.g. `users/alice`)")
        #expect(message { _ = try EvalInput.documentPath("/databases/(default)/documents/users/alice") } == nil)
        #expect(message { _ = try EvalInput.existing(try ValueJSON.parse("{\"updated\": \"yesterday\"}")) }
            == "--existing `updated` is not an RFC 3339 timestamp: `yesterday`")
    }

    @Test("an argument that is not UTF-8 is found (Swift would turn it into U+FFFD)")
    func invalidUTF8() {
        #expect(EvalInput.firstInvalidUTF8([Array("eval".utf8), [0x61, 0xFF, 0x62]]) == 1)
        #expect(EvalInput.firstInvalidUTF8([Array("eval".utf8), Array("é".utf8)]) == nil)
        #expect(EvalInput.invalidUTF8Message([Array("--path".utf8), [0x61, 0xFF, 0x62] + Array("é".utf8)], at: 1)
            == "the value of --path is not valid UTF-8 text: `a\\xFFbé`")
    }

    @Test("--jobs -1 is reported as a bad value, not a missing one")
    func negativeJobs() {
        do {
            _ = try StorageRulesCommand.parseAsRoot(["test", "--jobs", "-1"])
            Issue.record("--jobs -1 was accepted")
        } catch {
            #expect(StorageRulesCommand.message(for: error) == "--jobs must be at least 1")
            #expect(StorageRulesCommand.exitStatus(for: error) == 2)
        }
    }

    @Test("check --format json lists unreadable files with their error; the text summary does not count them")
    func checkUnreadable() throws {
        let good = try CommandTests.file(CommandTests.rules)
        let missing = "/nonexistent-\(UUID().uuidString)/storage.rules"
        let json = CheckCommand.check([good, missing], format: .json, emulator: false, color: false)
        #expect(json.status == 2)
        #expect(json.output.contains("\"error\": \"\(missing): the file does not exist\""))
        #expect(json.output.contains("\"unreadable\": 1"))
        let text = CheckCommand.check([good, missing], format: .text, emulator: false, color: false)
        #expect(text.output.hasSuffix("1 file checked: 0 errors, 0 warnings, 1 unreadable\n"))
        #expect(text.errors == ["\(missing): the file does not exist"])
    }

    @Test("--version prints the version")
    func version() {
        do {
            _ = try StorageRulesCommand.parseAsRoot(["--version"])
            Issue.record("--version parsed as a command")
        } catch {
            #expect(StorageRulesCommand.fullMessage(for: error) == StorageRulesVersion.current)
            #expect(StorageRulesCommand.exitStatus(for: error) == 0)
        }
    }

    @Test("test --help fits 80 columns without ragged wrapping")
    func testHelp() {
        let help = StorageRulesCommand.helpMessage(for: TestCommand.self, columns: 80)
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(help.contains("Exit status: 0 when every case passed; 1 when a case failed, no case ran"))
        #expect(help.contains("NO_COLOR is unset"))
    }
}
