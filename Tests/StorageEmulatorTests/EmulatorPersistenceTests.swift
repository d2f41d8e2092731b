import Foundation
import StorageSimulator
import Testing

@testable import StorageEmulator

/// `--data`, `--import` and `--export-on-exit` wired to a running server.
@Suite(.serialized) struct EmulatorPersistenceTests {
    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("emulator-persistence-\(UUID().uuidString)").path
    }

    @Test func dataFolderSurvivesARestartAndExportOnExitWritesTheLayout() async throws {
        let data = Self.temporaryFolder()
        let exported = Self.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: exported)
        }
        let first = try await EmulatorFixture.start(rules: ConformanceRules.text)
        let persistence = try EmulatorPersistence.start(
            PersistenceOptions(exportOnExit: exported, dataFolder: data), state: first.server.state)
        for name in ["a", "b/c", "d"] {
            let response = try await first.send(
                "POST", "/upload/storage/v1/b/kept/o?name=\(Fixtures.encode(name))", text: "content of \(name)")
            #expect(response.status == 200)
        }
        #expect(try await first.send("DELETE", "/storage/v1/b/kept/o/d").status == 204)
        await first.stop()
        try persistence.stop()
        #expect(FileManager.default.fileExists(atPath: exported + "/firebase-export-metadata.json"))

        // A new server on the same data folder, and one importing the export, hold the same objects.
        for options in [PersistenceOptions(dataFolder: data), PersistenceOptions(importFolder: exported)] {
            let second = try await EmulatorFixture.start(rules: ConformanceRules.text)
            let restarted = try EmulatorPersistence.start(options, state: second.server.state)
            let listing = try await second.send("GET", "/b/kept/o")
            let names = (listing.json["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names == ["a", "b/c"])
            #expect(try await second.send("GET", "/kept/b/c").text == "content of b/c")
            if options.dataFolder != nil {
                #expect(try await second.send("POST", "/internal/reset").status == 200)
            }
            await second.stop()
            try restarted.stop()
        }
        let afterReset = try StorageDataDirectoryProbe.objectCount(data)
        #expect(afterReset == 0)
    }
}

/// Reads a data folder back through a fresh simulator.
enum StorageDataDirectoryProbe {
    static func objectCount(_ folder: String) throws -> Int {
        let storage = StorageSimulator()
        let directory = try StorageDataDirectory.open(folder, storage: storage) { _ in }
        directory.close()
        return storage.admin.bucketNames.reduce(0) { $0 + storage.admin.count(bucket: $1) }
    }
}
