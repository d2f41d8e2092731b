import Foundation
import StorageSimulator
import Testing

/// The layouts older Firebase CLI versions exported, which the Firebase
/// emulator still imports: identity from the record, never from file names.
@Suite("Import of older export layouts")
struct LegacyLayoutTests {
    static let bucket = "fake-project-id.appspot.com"

    /// A Firebase-style record for `name` in the test bucket.
    static func record(_ name: String) -> String {
        """
        {
          "name": "\(name.replacingOccurrences(of: "\\", with: "\\\\"))",
          "bucket": "\(bucket)",
          "contentType": "image/jpeg",
          "metageneration": 1,
          "generation": 1648084940926,
          "storageClass": "STANDARD",
          "downloadTokens": ["c3c71086-95a8-445d-96e7-f625972de4b0"],
          "etag": "PQJQBXRweACX9yRsBEInQjOJ/0s",
          "timeCreated": "2022-03-24T01:22:20.926Z",
          "updated": "2022-03-24T01:22:20.926Z",
          "size": 4,
          "md5Hash": "XUFAKrxLKna5cZ2REBfFkg==",
          "crc32c": "0"
        }
        """
    }

    /// Writes one object's blob and record under `storage_export/` at `relative` (no `.json`).
    static func writeObject(_ folder: TemporaryFolder, relative: String, name: String) throws {
        try folder.write("storage_export/blobs/\(relative)", "jpeg")
        try folder.write("storage_export/metadata/\(relative).json", record(name))
    }

    static func hub(_ folder: TemporaryFolder) throws {
        try folder.write("firebase-export-metadata.json", #"{"version":"10.4.2","storage":{"version":"10.4.2","path":"storage_export"}}"#)
        try folder.write("storage_export/buckets.json", #"{"buckets":[{"id":"\#(bucket)"}]}"#)
    }

    @Test(
        "each layout imports the objects under the names their records give",
        arguments: [
            ("nested", "\(bucket)/test_upload.jpg", "test_upload.jpg", "test_upload.jpg"),
            ("nested folders", "\(bucket)/test-directory/test_nested_upload.jpg", "test-directory/test_nested_upload.jpg",
             "test-directory/test_nested_upload.jpg"),
            ("flattened", "\(bucket)%2Ftest_upload.jpg", "test_upload.jpg", "test_upload.jpg"),
            ("flattened folders", "\(bucket)%2Ftest-directory%2Ftest_nested_upload.jpg",
             "test-directory/test_nested_upload.jpg", "test-directory/test_nested_upload.jpg"),
            ("windows", "\(bucket)%5Ctest_upload.jpg", "test_upload.jpg", "test_upload.jpg"),
            ("windows folders", "\(bucket)%5Ctest-directory%5Ctest_nested_upload.jpg",
             "test-directory\\test_nested_upload.jpg", "test-directory/test_nested_upload.jpg"),
            ("uuid mapped", "1309f53f-1606-4290-93a2-4760f944a6b7", "test_upload.jpg", "test_upload.jpg"),
        ])
    func layout(label: String, relative: String, recordName: String, storedName: String) throws {
        let folder = try TemporaryFolder()
        try Self.hub(folder)
        try Self.writeObject(folder, relative: relative, name: recordName)
        let storage = StorageSimulator()
        let summary = try storage.admin.importExport(from: folder.path)
        #expect(summary.warnings == [], "\(label)")
        #expect(storage.admin.objects(bucket: Self.bucket).map(\.name) == [storedName], "\(label)")
        #expect(storage.admin.data(bucket: Self.bucket, path: storedName) == Data("jpeg".utf8), "\(label)")

        // Re-exporting the import yields exactly one blob.
        try storage.admin.export(to: folder.path + "/re-export")
        #expect(folder.files(under: "re-export/storage_export/blobs").count == 1)
    }

    @Test("a record whose blob is missing is skipped with a warning; the others load")
    func missingBlob() throws {
        let folder = try TemporaryFolder()
        try Self.hub(folder)
        try Self.writeObject(folder, relative: "present", name: "present.jpg")
        try folder.write("storage_export/metadata/absent.json", Self.record("absent.jpg"))
        let storage = StorageSimulator()
        let summary = try storage.admin.importExport(from: folder.path)
        #expect(summary.objectCount == 1)
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings.first?.contains("absent.json: no blob at") == true)
        #expect(storage.admin.objects(bucket: Self.bucket).map(\.name) == ["present.jpg"])
    }

    @Test("without blobs/ and metadata/ only the buckets are restored")
    func bucketsOnly() throws {
        let folder = try TemporaryFolder()
        try Self.hub(folder)
        let storage = StorageSimulator()
        let summary = try storage.admin.importExport(from: folder.path)
        #expect((summary.bucketCount, summary.objectCount, summary.warnings) == (1, 0, []))
        #expect(storage.admin.bucketNames == ["default-bucket", Self.bucket])
    }

    @Test("a broken record is skipped with a warning naming the file")
    func brokenRecord() throws {
        let folder = try TemporaryFolder()
        try Self.hub(folder)
        try folder.write("storage_export/blobs/x", "data")
        try folder.write("storage_export/metadata/x.json", "{\"name\": ")
        try folder.write("storage_export/blobs/y", "data")
        try folder.write("storage_export/metadata/y.json", #"{"bucket": "b"}"#)
        try folder.write("storage_export/blobs/z", "data")
        try folder.write("storage_export/metadata/z.json", #"{"bucket": "b", "name": "bad\nname"}"#)
        let summary = try StorageSimulator().admin.importExport(from: folder.path)
        #expect(summary.objectCount == 0)
        #expect(summary.warnings.count == 3)
        #expect(summary.warnings[0].contains("x.json: not valid JSON"))
        #expect(summary.warnings[1].contains("y.json: missing the string field \"name\""))
        #expect(summary.warnings[2].contains("z.json: Object names must not contain"))
    }

    @Test("a hub file pointing outside the folder is refused", arguments: ["../elsewhere", "/etc", "a/../../b"])
    func escapingHubPath(path: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("firebase-export-metadata.json", #"{"storage":{"path":"\#(path)"}}"#)
        #expect(throws: PersistenceError.self) { try StorageSimulator().admin.importExport(from: folder.path) }
    }

    @Test("a folder with no export in it is an error naming the folder")
    func noExport() throws {
        let folder = try TemporaryFolder()
        do {
            try StorageSimulator().admin.importExport(from: folder.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == folder.path)
            #expect(error.message.contains("no storage export here"))
        }
    }
}
