import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("Export and import in the Firebase emulator's layout")
struct ExportImportTests {
    /// A simulator holding every kind of field and name worth round-tripping.
    static func seeded() throws -> StorageSimulator {
        let storage = StorageSimulator()
        storage.setTime(Timestamp(seconds: 1_767_225_600, nanos: 123_456_789))
        let everyByte = (0...255).map(UInt8.init) + Array("\r\n\0".utf8)
        try storage.admin.put(
            everyByte, path: "binary/all-bytes.bin",
            attributes: ObjectAttributes(
                contentType: "application/x-test", cacheControl: "public, max-age=60",
                contentDisposition: "attachment; filename*=utf-8''a%20b", contentEncoding: "gzip",
                contentLanguage: "de-CH",
                customMetadata: [
                    "colour": "blue", "ünïcødé": "値 \"quoted\" \\ back", "empty": "", "newline": "a\nb",
                    "firebaseStorageDownloadTokens": "token-one,token-two",
                ]))
        try storage.admin.put([], path: "empty-object")
        try storage.admin.put(text: "astral", path: "emoji/😀 and spaces.txt")
        try storage.admin.put(text: "twice", path: "a//b")
        for (index, name) in hostileNames.enumerated() {
            try storage.admin.put(text: "hostile \(index)", path: name)
        }
        try storage.admin.put(text: "other", bucket: "other-bucket.appspot.com", path: "x/y")
        storage.admin.createBucket("empty-bucket")
        storage.setTime(Timestamp(seconds: 1_767_225_700))
        try storage.admin.updateMetadata(
            path: "empty-object", patch: MetadataPatch(contentType: .delete, customMetadata: .merge(["k": "v"])))
        return storage
    }

    @Test("export then import restores every bucket, record field and byte")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        let original = try Self.seeded()
        let summary = try original.admin.export(to: folder.path + "/export")
        #expect(summary.objectCount == 5 + hostileNames.count)
        #expect(summary.bucketCount == 3)

        let copy = StorageSimulator()
        let imported = try copy.admin.importExport(from: folder.path + "/export")
        #expect(imported.warnings == [])
        #expect(imported.objectCount == summary.objectCount)
        expectSameContents(copy, original)
        let restored = try #require(copy.admin.object(path: "binary/all-bytes.bin"))
        #expect(restored.downloadTokens == ["token-one", "token-two"])
        #expect(restored.timeCreated == Timestamp(seconds: 1_767_225_600, nanos: 123_456_789))
        #expect(copy.admin.object(path: "empty-object")?.metageneration == 2)
    }

    @Test("generations handed out after an import come after the imported ones")
    func generationsContinue() throws {
        let folder = try TemporaryFolder()
        let original = try Self.seeded()
        try original.admin.export(to: folder.path)
        let copy = StorageSimulator()
        copy.setTime(Timestamp(seconds: 1))
        try copy.admin.importExport(from: folder.path)
        let highest = original.admin.bucketNames.flatMap { original.admin.objects(bucket: $0) }.map(\.generation).max() ?? 0
        #expect(try copy.admin.put(text: "new", path: "later").generation > highest)
    }

    @Test("the export has exactly the Firebase emulator's files, named by generated ids")
    func layout() throws {
        let folder = try TemporaryFolder()
        let storage = try Self.seeded()
        try storage.admin.export(to: folder.path + "/out")
        let files = folder.files()
        let uuid = #/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/#
        var blobs = 0
        for file in files {
            switch file {
            case "out/firebase-export-metadata.json", "out/storage_export/buckets.json": continue
            case _ where file.wholeMatch(of: #/out/storage_export/blobs/(?<id>.+)/#)?.output.id.wholeMatch(of: uuid) != nil:
                blobs += 1
                #expect(files.contains(file.replacingOccurrences(of: "/blobs/", with: "/metadata/") + ".json"))
            case _ where file.wholeMatch(of: #/out/storage_export/metadata/(?<id>.+)\.json/#)?.output.id.wholeMatch(of: uuid) != nil:
                continue
            default:
                Issue.record("unexpected file \(file)")
            }
        }
        #expect(blobs == 5 + hostileNames.count)
        let hub = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/firebase-export-metadata.json"))) as? [String: Any]
        #expect((hub?["storage"] as? [String: String])?["path"] == "storage_export")
        let buckets = try String(contentsOfFile: folder.path + "/out/storage_export/buckets.json", encoding: .utf8)
        #expect(buckets == """
            {
              "buckets": [
                {
                  "id": "default-bucket"
                },
                {
                  "id": "empty-bucket"
                },
                {
                  "id": "other-bucket.appspot.com"
                }
              ]
            }
            """)
    }

    @Test("hostile object names never leave the export folder, and a second export replaces the first")
    func hostileNamesStayInside() throws {
        let folder = try TemporaryFolder()
        try folder.write("sentinel/keep.txt", "keep")
        let storage = try Self.seeded()
        try storage.admin.export(to: folder.path + "/inside/export")
        #expect(storage.admin.delete(path: "a//b"))
        try storage.admin.export(to: folder.path + "/inside/export")
        for file in folder.files() {
            #expect(file.hasPrefix("inside/export/") || file == "sentinel/keep.txt", "wrote \(file)")
        }
        #expect(folder.files(under: "inside/export/storage_export/blobs").count == 4 + hostileNames.count)
        let copy = StorageSimulator()
        try copy.admin.importExport(from: folder.path + "/inside/export")
        expectSameContents(copy, storage)
    }

    @Test("a storage_export that is a symbolic link is replaced, never written through")
    func symbolicLinkIsReplaced() throws {
        let folder = try TemporaryFolder()
        try folder.write("elsewhere/keep.txt", "keep")
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/out/storage_export", withDestinationPath: folder.path + "/elsewhere")
        let storage = try Self.seeded()
        try storage.admin.export(to: folder.path + "/out")
        #expect(folder.files(under: "elsewhere") == ["keep.txt"])
        let copy = StorageSimulator()
        try copy.admin.importExport(from: folder.path + "/out")
        expectSameContents(copy, storage)
    }

    @Test("a record in the Firebase emulator's own format imports with its fields converted")
    func firebaseRecord() throws {
        let folder = try TemporaryFolder()
        try folder.write("firebase-export-metadata.json", #"{"version":"13.3.0","storage":{"version":"13.3.0","path":"storage_export"}}"#)
        try folder.write("storage_export/buckets.json", #"{"buckets":[{"id":"demo-project.appspot.com"},{"id":"spare"}]}"#)
        let id = "6c4f6f70-1e69-4a3c-9e0e-3b8c8f6e1b2a"
        try folder.write("storage_export/blobs/\(id)", "hello world")
        try folder.write(
            "storage_export/metadata/\(id).json",
            """
            {
              "name": "images/hello.txt",
              "bucket": "demo-project.appspot.com",
              "contentType": "text/plain",
              "metageneration": 3,
              "generation": 1648084940926,
              "storageClass": "STANDARD",
              "contentDisposition": "inline",
              "cacheControl": "public, max-age=3600",
              "contentEncoding": "identity",
              "customMetadata": {"flag": true, "count": -1, "nothing": null, "text": "plain"},
              "downloadTokens": ["c3c71086-95a8-445d-96e7-f625972de4b0", "second"],
              "etag": "PQJQBXRweACX9yRsBEInQjOJ/0s",
              "timeCreated": "2022-03-24T01:22:20.926Z",
              "updated": "2022-03-25T08:00:00.001Z",
              "size": 11,
              "md5Hash": "XrY7u+Ae7tCTyyK7j1rNww==",
              "crc32c": "3381945770",
              "customTime": "2022-03-24T01:22:20.926Z"
            }
            """)
        let storage = StorageSimulator()
        let summary = try storage.admin.importExport(from: folder.path)
        #expect(summary.warnings == [])
        #expect(storage.admin.bucketNames == ["default-bucket", "demo-project.appspot.com", "spare"])
        let object = try #require(storage.admin.object(bucket: "demo-project.appspot.com", path: "images/hello.txt"))
        #expect(object.crc32c == "yZRlqg==")
        #expect(object.crc32c == computedCRC32C(Array("hello world".utf8)))
        #expect(object.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(object.generation == 1_648_084_940_926)
        #expect(object.metageneration == 3)
        #expect(object.size == 11)
        #expect(object.etag == "PQJQBXRweACX9yRsBEInQjOJ/0s")
        #expect(object.timeCreated == Timestamp(seconds: 1_648_084_940, nanos: 926_000_000))
        #expect(object.updated == Timestamp(seconds: 1_648_195_200, nanos: 1_000_000))
        #expect(object.customMetadata == ["flag": "true", "count": "-1", "nothing": "null", "text": "plain"])
        #expect(object.downloadTokens == ["c3c71086-95a8-445d-96e7-f625972de4b0", "second"])
        #expect(object.contentType == "text/plain")
        #expect(object.contentDisposition == "inline")
        #expect(object.cacheControl == "public, max-age=3600")
        #expect(object.contentEncoding == "identity")
        #expect(object.contentLanguage == nil)

        // Written back, the record uses the emulator's types again.
        try storage.admin.export(to: folder.path + "/again")
        let metadata = folder.files(under: "again/storage_export/metadata")
        #expect(metadata.count == 1)
        let record = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/again/storage_export/metadata/" + metadata[0])))
            as? [String: Any]
        #expect(record?["crc32c"] as? String == "3381945770")
        #expect(record?["size"] as? Int == 11)
        #expect(record?["generation"] as? Int == 1_648_084_940_926)
        #expect(record?["timeCreated"] as? String == "2022-03-24T01:22:20.926Z")
        #expect(record?["downloadTokens"] as? [String] == ["c3c71086-95a8-445d-96e7-f625972de4b0", "second"])
    }
}

/// The base64 CRC32C this project stores for `bytes`, computed through an upload.
func computedCRC32C(_ bytes: [UInt8]) -> String {
    (try? StorageSimulator().admin.put(bytes, path: "scratch").crc32c) ?? ""
}
