import Foundation
import RulesEngine
import StorageSimulator
import Testing

/// The Firebase docs' and the JS SDK conformance suite's behaviour
/// (storage-service.md §6.7), under open rules.
@Suite("SDK behaviour")
struct SDKBehaviourTests {
    @Test("putData then getMetadata, getData and downloadURL")
    func uploadAndRead() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let ref = storage.storage().reference().child("testing/storage_ref/testFile")
        let uploaded = try await ref.putDataAsync(Data("hello world".utf8))
        #expect(uploaded.path == "testing/storage_ref/testFile")
        #expect(uploaded.name == "testFile")
        #expect(uploaded.bucket == "default-bucket")
        #expect(uploaded.size == 11)
        #expect(uploaded.contentType == "application/octet-stream")
        #expect(uploaded.contentEncoding == "identity")
        #expect(uploaded.contentDisposition == "inline; filename*=utf-8''testFile")
        #expect(uploaded.metageneration == 1)
        #expect(uploaded.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(uploaded.timeCreated == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(uploaded.storedObject?.downloadTokens.count == 1)

        #expect(try await ref.data(maxSize: 11) == Data("hello world".utf8))
        let tooSmall = await storageError { _ = try await ref.data(maxSize: 10) }
        #expect(tooSmall?.code == .downloadSizeExceeded)
        #expect(tooSmall?.message.hasPrefix("Attempted to download object with size of 11 bytes, which exceeds the maximum size of 10 bytes.") == true)

        let url = try await ref.downloadURL()
        let token = try #require(uploaded.storedObject?.downloadTokens.first)
        #expect(url.absoluteString == "https://firebasestorage.googleapis.com:443/v0/b/default-bucket/o/testing%2Fstorage_ref%2FtestFile?alt=media&token=\(token)")
        // The URL leads back to the same reference.
        #expect(storage.storage().reference(forURL: url.absoluteString) == ref)
    }

    @Test("an object stored without a content encoding reads as identity (§1.3, §6.7.51)")
    func identityEncoding() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        try storage.admin.put(text: "", path: "testing/storage_ref/empty")
        let ref = storage.storage().reference(withPath: "testing/storage_ref/empty")
        let read = try await ref.getMetadata()
        #expect(read.storedObject?.contentEncoding == nil)
        #expect(read.contentEncoding == "identity")
        // Writing the read metadata back changes nothing.
        #expect(MetadataPatch(changesIn: read).isEmpty)
    }

    @Test("downloadURL base is configurable; an object without a token gets one lazily")
    func lazyToken() async throws {
        let storage = try TestRules.simulator(TestRules.open, configuration: .init(downloadBaseURL: "http://127.0.0.1:9199/"))
        try storage.admin.put(text: "", path: "gcs/empty file")
        let url = try await storage.storage().reference(withPath: "gcs/empty file").downloadURL()
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:9199/v0/b/default-bucket/o/gcs%2Fempty%20file?alt=media&token="))
        let object = try #require(storage.admin.object(path: "gcs/empty file"))
        #expect(object.metageneration == 2)
        #expect(object.downloadTokens.count == 1)
        // A second call reuses the token.
        #expect(try await storage.storage().reference(withPath: "gcs/empty file").downloadURL() == url)
    }

    @Test("putData with metadata, and an empty upload")
    func uploadWithMetadata() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let metadata = makeMetadata(
            contentType: "image/jpeg", cacheControl: "public,max-age=300", contentLanguage: "en",
            customMetadata: ["location": "Yosemite, CA, USA", "activity": "Hiking"])
        let stored = try await storage.storage().reference(withPath: "images/mountains.jpg").putDataAsync(Data([1, 2, 3]), metadata: metadata)
        #expect(stored.contentType == "image/jpeg")
        #expect(stored.cacheControl == "public,max-age=300")
        #expect(stored.contentLanguage == "en")
        #expect(stored.customMetadata == ["location": "Yosemite, CA, USA", "activity": "Hiking"])
        let empty = try await storage.storage().reference(withPath: "testing/empty").putDataAsync(Data())
        #expect(empty.size == 0)
        #expect(empty.contentType == "application/octet-stream")
    }

    @Test("putFile infers the content type from the file's extension unless given")
    func uploadFile() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bucket-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rivers.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: file)

        let inferred = try await storage.storage().reference(withPath: "images/rivers.jpg").putFileAsync(from: file)
        #expect(inferred.contentType == "image/jpeg")
        #expect(inferred.size == 3)
        let explicit = try await storage.storage().reference(withPath: "images/rivers.bin").putFileAsync(
            from: file, metadata: makeMetadata(contentType: "application/x-custom"))
        #expect(explicit.contentType == "application/x-custom")
        let unknown = directory.appendingPathComponent("notes.unknownext")
        try Data("x".utf8).write(to: unknown)
        #expect(try await storage.storage().reference(withPath: "n").putFileAsync(from: unknown).contentType == "application/octet-stream")

        let missing = await storageError { _ = try await storage.storage().reference(withPath: "x").putFileAsync(from: directory.appendingPathComponent("nope.png")) }
        #expect(missing?.code == .unknown)
        let folder = await storageError { _ = try await storage.storage().reference(withPath: "x").putFileAsync(from: directory) }
        #expect(folder?.code == .unknown)
    }

    @Test("other operations on the root reference are refused")
    func rootOperations() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        #expect(await storageError { _ = try await storage.storage().reference().getMetadata() }?.code == .invalidArgument)
        #expect(await storageError { try await storage.storage().reference().delete() }?.code == .invalidArgument)
    }

    @Test("updateMetadata: set, merge custom keys, delete fields by nil")
    func updateMetadata() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let ref = storage.storage().reference(withPath: "images/forest.jpg")
        let first = try await ref.putDataAsync(
            Data("x".utf8),
            metadata: makeMetadata(
                contentType: "image/jpeg", cacheControl: "no-cache", contentDisposition: "attachment",
                contentEncoding: "gzip", contentLanguage: "en", customMetadata: ["removeMe": "1", "keep": "2"]))

        storage.setTime(Timestamp(seconds: 1_767_225_700))
        let changed = try await ref.updateMetadata(
            makeMetadata(contentType: "application/awesome-stream", customMetadata: ["testable": "true"]))
        #expect(changed.contentType == "application/awesome-stream")
        #expect(changed.customMetadata == ["removeMe": "1", "keep": "2", "testable": "true"])
        #expect(changed.cacheControl == "no-cache")
        #expect(changed.metageneration == 2)
        #expect(changed.generation == first.generation)
        #expect(changed.updated == Date(timeIntervalSince1970: 1_767_225_700))
        #expect(changed.timeCreated == first.timeCreated)

        // Read, set fields to nil, write back: those fields are deleted.
        let read = try await ref.getMetadata()
        read.cacheControl = nil
        read.contentDisposition = nil
        read.contentEncoding = nil
        read.contentLanguage = nil
        read.contentType = nil
        read.customMetadata?["removeMe"] = nil
        let cleared = try await ref.updateMetadata(read)
        #expect(cleared.cacheControl == nil)
        #expect(cleared.contentDisposition == nil)
        #expect(cleared.contentEncoding == "identity")  // removed, read as the default again
        #expect(cleared.contentLanguage == nil)
        #expect(cleared.contentType == nil)
        #expect(cleared.customMetadata == ["keep": "2", "testable": "true"])
        #expect(cleared.metageneration == 3)

        let all = try await ref.getMetadata()
        all.customMetadata = nil
        #expect(try await ref.updateMetadata(all).customMetadata == nil)

        let missing = await storageError { _ = try await storage.storage().reference(withPath: "nope").updateMetadata(makeMetadata(contentType: "a/b")) }
        #expect(missing?.code == .objectNotFound)
    }

    @Test("delete, then every read is objectNotFound")
    func deleteThenRead() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let ref = storage.storage().reference(withPath: "images/desert.jpg")
        _ = try await ref.putDataAsync(Data("x".utf8))
        try await ref.delete()
        #expect(await storageError { _ = try await ref.getMetadata() }?.message == "Object images/desert.jpg does not exist.")
        #expect(await storageError { _ = try await ref.data(maxSize: 10) }?.code == .objectNotFound)
        #expect(await storageError { _ = try await ref.downloadURL() }?.code == .objectNotFound)
        #expect(await storageError { try await ref.delete() }?.code == .objectNotFound)
    }

    /// The Firebase docs ("List files"): at the root, `correctPrefix`,
    /// `lonelyItem` and `wrongPrefix` are prefixes and no odd name is an item;
    /// listing `wrongPrefix/` or `lonelyItem/` returns nothing.
    @Test("the Firebase docs' list example: odd names are left out")
    func docsListExample() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        try storage.admin.put(text: "", path: "correctPrefix/happyItem")
        try storage.admin.put(text: "", path: "wrongPrefix//sadItem")
        try storage.admin.put(text: "", path: "lonelyItem/")
        let result = try await storage.storage().reference().listAll()
        #expect(result.prefixes.map(\.fullPath) == ["correctPrefix", "lonelyItem", "wrongPrefix"])
        #expect(result.items.isEmpty)
        #expect(result.pageToken == nil)
        let inside = try await storage.storage().reference(withPath: "correctPrefix").listAll()
        #expect(inside.items.map(\.fullPath) == ["correctPrefix/happyItem"])
        #expect(inside.items.first?.name == "happyItem")
        #expect(inside.prefixes.isEmpty)
        for folder in ["wrongPrefix", "lonelyItem"] {
            let empty = try await storage.storage().reference(withPath: folder).listAll()
            #expect(empty.items.isEmpty && empty.prefixes.isEmpty, "\(folder)")
        }
    }

    @Test("JS SDK conformance list scenarios (storage-service.md §6.7, 43-47)")
    func conformanceLists() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        for name in ["listAll/some/deeply/nested/directory/item1", "listAll/item1", "listAll/item2"] {
            try storage.admin.put(text: "", path: name)
        }
        let listAll = storage.storage().reference(withPath: "listAll")
        var result = try await listAll.listAll()
        #expect(result.items.map(\.name) == ["item1", "item2"])
        #expect(result.prefixes.map(\.name) == ["some"])

        let empty = try await storage.storage().reference(withPath: "nothing/here").listAll()
        #expect(empty.items.isEmpty && empty.prefixes.isEmpty)

        storage.admin.reset()
        try storage.admin.put(text: "", path: "listAll/abc/")
        result = try await listAll.listAll()
        #expect(result.prefixes.map(\.name) == ["abc"])
        #expect(result.items.isEmpty)
        result = try await listAll.child("abc").listAll()
        #expect(result.prefixes.isEmpty && result.items.isEmpty)

        storage.admin.reset()
        for name in ["listAll//foo", "listAll/bar//", "listAll/baz//qux"] { try storage.admin.put(text: "", path: name) }
        result = try await listAll.listAll()
        #expect(result.prefixes.map(\.name) == ["bar", "baz"])
        #expect(result.items.isEmpty)

        storage.admin.reset()
        for index in 0..<10 { try storage.admin.put(text: "", path: "listAll/item#\(index)") }
        let page = try await listAll.list(maxResults: 4)
        #expect(page.items.count == 4)
        var token = try #require(page.pageToken)
        var names = page.items.map(\.name)
        var pages = 1
        while true {
            let next = try await listAll.list(maxResults: 4, pageToken: token)
            pages += 1
            names += next.items.map(\.name)
            guard let nextToken = next.pageToken else { break }
            token = nextToken
        }
        #expect(pages == 3)
        #expect(names == (0..<10).map { "item#\($0)" })
    }

    @Test("list validates maxResults and page tokens", arguments: [0, 1001, -1])
    func listArguments(maxResults: Int64) async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let error = await storageError { _ = try await storage.storage().reference().list(maxResults: maxResults) }
        #expect(error?.code == .invalidArgument)
        let badToken = await storageError { _ = try await storage.storage().reference().list(maxResults: 5, pageToken: "%%%") }
        #expect(badToken?.code == .invalidArgument)
    }

    @Test("long names and unknown buckets")
    func namesAndBuckets() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let long = "testing/" + String(repeating: "long", count: 180) + "image.png"
        _ = try await storage.storage().reference(withPath: long).putDataAsync(Data("x".utf8))
        let tooLong = String(repeating: "x", count: 1025)
        #expect(await storageError { _ = try await storage.storage().reference(withPath: tooLong).putDataAsync(Data()) }?.code == .invalidArgument)
        // Buckets are created on first use by default...
        _ = try await storage.storage(url: "gs://other").reference().child("a").putDataAsync(Data("x".utf8))
        #expect(storage.admin.bucketNames.contains("other"))
        // ...or refused when the configuration says so.
        let strict = try TestRules.simulator(TestRules.open, configuration: .init(createsBucketsOnDemand: false))
        let error = await storageError { _ = try await strict.storage(url: "gs://nope").reference().child("a").getMetadata() }
        #expect(error?.code == .bucketNotFound)
        #expect(error?.message == "Bucket nope does not exist.")
    }
}
