import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("Upload records")
struct UploadRecordTests {
    @Test("an SDK upload stores the same derived fields as an admin put of the same bytes at the same time")
    func sameDerivedFields() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let reference = StorageSimulator()
        reference.setTime(Timestamp(seconds: 1_767_225_600))
        for (index, text) in ["", "x", "hello world", String(repeating: "abc", count: 1000)].enumerated() {
            let path = "u/\(index)"
            let uploaded = try await storage.storage().reference(withPath: path).putDataAsync(Data(text.utf8))
            let expected = try reference.admin.put(text: text, path: path)
            guard let object = uploaded.storedObject else {
                Issue.record("no record for \(path)")
                continue
            }
            #expect(object.md5Hash == expected.md5Hash)
            #expect(object.crc32c == expected.crc32c)
            #expect(object.size == expected.size)
            #expect(object.generation == expected.generation)
            #expect(object.metageneration == 1)
            #expect(object.etag == expected.etag)
            #expect(storage.admin.object(path: path) == object)
        }
    }

    @Test("the last path component of stored names", arguments: [
        ("a/b/c.txt", "c.txt"), ("abc", "abc"), ("a/", ""), ("/x", "x"), ("a//b", "b"), ("é/日本.png", "日本.png"),
    ])
    func lastPathComponent(_ example: (String, String)) throws {
        let object = try StorageSimulator().admin.put(text: "x", path: example.0)
        #expect(object.lastPathComponent == example.1)
    }
}
