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

extension EmulatorPersistenceTests {
    /// storage-service.md §6.10 #79: each of the Firebase emulator's export
    /// layouts, imported with `--import`, serves `test_upload.jpg` to the admin.
    @Test(arguments: [
        "fake-project-id.appspot.com%2Ftest_upload.jpg", "fake-project-id.appspot.com/test_upload.jpg",
        "fake-project-id.appspot.com%5Ctest_upload.jpg", "1309f53f-1606-4290-93a2-4760f944a6b7",
    ])
    func firebaseExportLayoutsImport(relative: String) async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files: [(String, String)] = [
            ("firebase-export-metadata.json", #"{"version":"10.4.2","storage":{"version":"10.4.2","path":"storage_export"}}"#),
            ("storage_export/buckets.json", #"{"buckets":[{"id":"fake-project-id.appspot.com"}]}"#),
            ("storage_export/blobs/\(relative)", "jpeg bytes"),
            ("storage_export/metadata/\(relative).json", #"{"name":"test_upload.jpg","bucket":"fake-project-id.appspot.com","contentType":"image/jpeg","metageneration":1,"generation":1648084940926,"storageClass":"STANDARD","contentDisposition":"inline","downloadTokens":["c3c71086-95a8-445d-96e7-f625972de4b0"],"etag":"PQJQBXRweACX9yRsBEInQjOJ/0s","timeCreated":"2022-03-24T01:22:20.926Z","updated":"2022-03-24T01:22:20.926Z","size":10,"md5Hash":"","crc32c":"0"}"#),
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        let persistence = try EmulatorPersistence.start(PersistenceOptions(importFolder: folder), state: fixture.server.state)
        let metadata = try await fixture.send("GET", "/v0/b/fake-project-id.appspot.com/o/test_upload.jpg", headers: Fixtures.admin)
        #expect(metadata.status == 200, "\(relative): \(metadata.text)")
        #expect(metadata.json["downloadTokens"] as? String == "c3c71086-95a8-445d-96e7-f625972de4b0")
        let media = try await fixture.send(
            "GET", "/v0/b/fake-project-id.appspot.com/o/test_upload.jpg?alt=media&token=c3c71086-95a8-445d-96e7-f625972de4b0")
        #expect(media.text == "jpeg bytes")
        await fixture.stop()
        try persistence.stop()
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
