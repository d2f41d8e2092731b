import Foundation
import StorageEmulator
import Testing

@testable import StorageRulesCLI

/// `storage-rules serve`: its flags and the project it prepares.
@Suite struct ServeCommandTests {
    func projectFolder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    @Test func flagsOverrideTheFirebaseConfiguration() throws {
        let directory = try projectFolder([
            "firebase.json": #"{"storage":{"rules":"storage.rules"},"emulators":{"storage":{"port":9300}}}"#,
            ".firebaserc": #"{"projects":{"default":"my-app"}}"#,
            "storage.rules": "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read;\n  }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = try #require(
            try StorageRulesCommand.parseAsRoot(["serve", "--port", "0", "--host", "127.0.0.2", "--verbose", "--max-body-bytes", "1000"])
                as? ServeCommand)
        let (configuration, _) = try command.prepare(directory: directory.path, log: EmulatorLog { _ in })
        #expect(configuration.port == 0)
        #expect(configuration.host == "127.0.0.2")
        #expect(configuration.projectID == "my-app")
        #expect(configuration.verbose)
        #expect(configuration.maximumBodyBytes == 1000)
        let defaults = try #require(try StorageRulesCommand.parseAsRoot(["serve"]) as? ServeCommand)
        let (plain, _) = try defaults.prepare(directory: directory.path, log: EmulatorLog { _ in })
        #expect(plain.port == 9300)
        #expect(plain.host == "127.0.0.1")
    }

    @Test func aProjectWithoutRulesIsRefused() throws {
        let directory = try projectFolder([".firebaserc": #"{"projects":{"default":"prod-app"}}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = try #require(try StorageRulesCommand.parseAsRoot(["serve"]) as? ServeCommand)
        #expect(throws: EmulatorSetupError.self) { try command.prepare(directory: directory.path, log: EmulatorLog { _ in }) }
    }

    @Test func aNonPositiveBodyLimitIsAUsageError() {
        #expect(throws: (any Error).self) { try StorageRulesCommand.parseAsRoot(["serve", "--max-body-bytes", "0"]) }
    }
}
