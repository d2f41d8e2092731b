import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("Write-through data folder")
struct DataDirectoryTests {
    /// The state after reopening `folder` in a fresh simulator.
    static func reopened(_ folder: String) throws -> StorageSimulator {
        let storage = StorageSimulator()
        let directory = try StorageDataDirectory.open(folder, storage: storage) { Issue.record("unexpected log: \($0)") }
        directory.close()
        return storage
    }

    @Test("every kind of change is on disk when it returns, and a restart reloads the same state")
    func writeThrough() throws {
        let folder = try TemporaryFolder()
        let storage = try StorageSimulator(rules: TestRules.open)
        let directory = try StorageDataDirectory.open(folder.path, storage: storage) { Issue.record("log: \($0)") }
        #expect(directory.loaded.objectCount == 0)

        try storage.admin.put(text: "one", path: "a/one.txt", attributes: ObjectAttributes(customMetadata: ["k": "v"]))
        try storage.admin.put(text: "two", bucket: "second", path: "b/two.txt")
        // The rules-checked service path the emulator's v0 API uses, and a download-token change.
        let service = StorageService(simulator: storage) { _ in try? StorageSimulator.compile(TestRules.open) }
        let user = ServiceRequest(caller: .user(AuthIdentity(uid: "alice", token: [:])))
        let bucket = storage.configuration.defaultBucket
        _ = try service.upload(
            bucket: bucket, path: "sdk/upload.bin", bytes: [0, 1, 2, 255], attributes: ObjectAttributes(), request: user)
        #expect(service.addDownloadToken(bucket: bucket, path: "sdk/upload.bin", time: storage.now) != nil)
        try storage.admin.put(text: "one, overwritten", path: "a/one.txt")
        try storage.admin.updateMetadata(path: "a/one.txt", patch: MetadataPatch(cacheControl: .set("no-store")))
        for name in hostileNames { try storage.admin.put(text: name, path: name) }
        try storage.admin.put(text: "doomed", path: "doomed")
        #expect(storage.admin.delete(path: "doomed"))
        _ = try service.updateMetadata(
            bucket: bucket, path: "sdk/upload.bin", patch: MetadataPatch(contentType: .set("image/png")), request: user)
        storage.admin.createBucket("empty-bucket")

        expectSameContents(try Self.reopened(folder.path), storage)
        let objectCount = 3 + hostileNames.count
        #expect(folder.files(under: "storage_export/blobs").count == objectCount)
        #expect(folder.files(under: "storage_export/metadata").count == objectCount)
        #expect(folder.files(under: "storage_export/.staging") == [])
        for file in folder.files() {
            #expect(file == "firebase-export-metadata.json" || file.hasPrefix("storage_export/"), "wrote \(file)")
        }

        // A reset empties the folder except for the default bucket.
        storage.admin.reset()
        try storage.admin.put(text: "after reset", path: "fresh")
        directory.close()
        let afterReset = try Self.reopened(folder.path)
        expectSameContents(afterReset, storage)
        #expect(folder.files(under: "storage_export/blobs").count == 1)

        // The data folder is an export: the import path reads it too.
        let imported = StorageSimulator()
        try imported.admin.importExport(from: folder.path)
        expectSameContents(imported, storage)
    }

    @Test("a data folder opened on an export loads it, and a restored snapshot replaces it on disk")
    func startsFromExport() throws {
        let folder = try TemporaryFolder()
        let seeded = try ExportImportTests.seeded()
        try seeded.admin.export(to: folder.path)
        let storage = StorageSimulator()
        let directory = try StorageDataDirectory.open(folder.path, storage: storage) { Issue.record("log: \($0)") }
        #expect(directory.loaded.objectCount == 5 + hostileNames.count)
        expectSameContents(storage, seeded)

        let other = StorageSimulator()
        try other.admin.put(text: "only", bucket: "solo", path: "thing")
        storage.admin.restore(other.admin.snapshot())
        directory.close()
        expectSameContents(try Self.reopened(folder.path), storage)
        #expect(folder.files(under: "storage_export/blobs").count == 1)
    }

    @Test("leftovers of a crash are cleaned up and the newer of two records wins")
    func crashLeftovers() throws {
        let folder = try TemporaryFolder()
        let storage = StorageSimulator()
        storage.setTime(Timestamp(seconds: 1_767_225_600))
        var directory = try StorageDataDirectory.open(folder.path, storage: storage) { Issue.record("log: \($0)") }
        try storage.admin.put(text: "old", path: "object")
        let oldID = try #require(folder.files(under: "storage_export/blobs").first)
        directory.close()

        // A crash between committing a new version and removing the old one
        // leaves two records; one during an upload leaves a blob without a
        // record and a staged temporary file.
        let newer = try #require(storage.admin.object(path: "object"))
        let newRecord = try String(contentsOfFile: folder.path + "/storage_export/metadata/\(oldID).json", encoding: .utf8)
            .replacingOccurrences(of: "\"generation\": \(newer.generation)", with: "\"generation\": \(newer.generation + 1)")
        try folder.write("storage_export/blobs/newer-id", "new")
        try folder.write("storage_export/metadata/newer-id.json", newRecord)
        try folder.write("storage_export/blobs/orphan-id", "half an upload")
        try folder.write("storage_export/.staging/3f1c", "torn")

        let restarted = StorageSimulator()
        directory = try StorageDataDirectory.open(folder.path, storage: restarted) { Issue.record("log: \($0)") }
        #expect(restarted.admin.data(path: "object") == Data("new".utf8))
        #expect(restarted.admin.object(path: "object")?.generation == newer.generation + 1)
        #expect(folder.files(under: "storage_export/blobs") == ["newer-id"])
        #expect(folder.files(under: "storage_export/metadata") == ["newer-id.json"])
        #expect(folder.files(under: "storage_export/.staging") == [])
        directory.close()
    }

    @Test("concurrent writes to the same and different objects leave the disk equal to memory")
    func concurrentWrites() async throws {
        let folder = try TemporaryFolder()
        let storage = StorageSimulator()
        let directory = try StorageDataDirectory.open(folder.path, storage: storage) { Issue.record("log: \($0)") }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<40 {
                        let shared = "shared/\(step % 4)"
                        let own = "worker-\(worker)/\(step % 5)"
                        _ = try? storage.admin.put(text: "\(worker)-\(step)", path: shared)
                        _ = try? storage.admin.put(text: "\(worker)-\(step)", path: own)
                        if step % 3 == 0 { _ = storage.admin.delete(path: own) }
                        if step % 7 == 0 {
                            _ = try? storage.admin.updateMetadata(
                                path: shared, patch: MetadataPatch(customMetadata: .merge(["step": "\(step)"])))
                        }
                    }
                }
            }
        }
        directory.close()
        expectSameContents(try Self.reopened(folder.path), storage)
        let count = storage.admin.count()
        #expect(folder.files(under: "storage_export/blobs").count == count)
        #expect(folder.files(under: "storage_export/metadata").count == count)
    }
}
