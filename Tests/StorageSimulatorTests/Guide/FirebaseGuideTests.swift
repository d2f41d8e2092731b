import Foundation
import StorageSimulator
import Testing

/// Runs the guide-style code of `FirebaseGuideCode.swift` against
/// `Storage.storage()` (the shared simulator, open rules) and checks what
/// the guides say happens. The code runs on the main actor, as app code
/// does; completion handlers run on the main queue, and each test awaits
/// them through a continuation.
@MainActor
@Suite("Firebase guide code, unchanged but for the import", .timeLimit(.minutes(1)))
struct FirebaseGuideTests {
    /// A folder of the shared default bucket no other test uses.
    static func folder(_ name: String) -> String { "guide-\(name)-\(UUID().uuidString)" }

    @Test("references: child, parent, root, URLs and properties")
    func references() {
        let values = FirebaseGuide.references()
        #expect(values["fullPath"] == "images/space.jpg")
        #expect(values["name"] == "space.jpg")
        #expect(values["bucket"] == "default-bucket")
        #expect(values["images"] == "images")
        #expect(values["root"] == "gs://default-bucket/")
        #expect(values["earth"] == "images/earth.jpg")
        #expect(values["null"] == .some(nil))
        #expect(values["gs"] == "images/stars.jpg")
        #expect(values["https"] == "images/stars.jpg")
        #expect(values["sameSpace"] == "yes")
    }

    @Test("putData with a completion handler, then downloadURL")
    func uploadInMemory() async throws {
        let path = Self.folder("rivers") + "/rivers.jpg"
        let (size, url, error) = await withCheckedContinuation { continuation in
            FirebaseGuide.uploadInMemory(path: path) { continuation.resume(returning: ($0, $1, $2.map { "\($0)" })) }
        }
        #expect(error == nil)
        #expect(size == 20)
        let text = try #require(url?.absoluteString)
        #expect(text.hasPrefix("https://firebasestorage.googleapis.com:443/v0/b/default-bucket/o/guide-rivers-"))
        #expect(text.contains("%2Frivers.jpg?alt=media&token="))
    }

    @Test("putFile infers the content type from the extension")
    func uploadFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = Self.folder("file") + "/image.png"
        let (contentType, size, fullPath) = await withCheckedContinuation { continuation in
            FirebaseGuide.uploadLocalFile(file, path: path) { metadata, _ in
                continuation.resume(returning: (metadata?.contentType, metadata?.size, metadata?.path))
            }
        }
        #expect(contentType == "image/png")
        #expect(size == 4)
        #expect(fullPath == path)
    }

    @Test("putData with metadata: content type and custom metadata are stored")
    func uploadWithMetadata() async {
        let path = Self.folder("mountains") + "/mountains.jpg"
        let (contentType, custom, isFile) = await withCheckedContinuation { continuation in
            FirebaseGuide.uploadWithMetadata(path: path) { metadata, _ in
                continuation.resume(returning: (metadata?.contentType, metadata?.customMetadata, metadata?.isFile))
            }
        }
        #expect(contentType == "image/jpeg")
        #expect(custom == ["location": "Yosemite, CA, USA", "activity": "Hiking"])
        #expect(isFile == true)
    }

    @Test("observers for every status: progress in bytes, pause, resume, success")
    func monitoredUpload() async {
        let events = await withCheckedContinuation { continuation in
            FirebaseGuide.monitoredUpload(path: Self.folder("monitored") + "/big.bin", bytes: 600_000) {
                continuation.resume(returning: $0)
            }
        }
        #expect(events.last == "success 600000")
        let pause = events.firstIndex(of: "pause")
        let resume = events.lastIndex(of: "resume")
        #expect(pause != nil && resume != nil && pause! < resume!, "\(events)")
        let progress = events.filter { $0.hasPrefix("progress") }
        #expect(progress.last == "progress 600000 100%")
        #expect(progress.contains("progress 262144 43%"))
        #expect(!events.contains("failure"))
    }

    @Test("cancel: the failure observer sees StorageErrorCode.cancelled; nothing is stored")
    func cancelledUpload() async throws {
        let path = Self.folder("cancelled") + "/never.bin"
        let message = await withCheckedContinuation { continuation in
            FirebaseGuide.cancelledUpload(path: path) { continuation.resume(returning: $0) }
        }
        #expect(message == "User canceled the upload")
        #expect(StorageSimulator.shared.admin.object(path: path) == nil)
    }

    @Test("getData: the bytes, objectNotFound for a missing file, downloadSizeExceeded past maxSize")
    func downloadInMemory() async throws {
        let path = Self.folder("island") + "/island.jpg"
        try StorageSimulator.shared.admin.put(text: "island", path: path)
        let (data, _) = await withCheckedContinuation { continuation in
            FirebaseGuide.downloadInMemory(path: path, maxSize: 1 * 1024 * 1024) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(data == Data("island".utf8))
        let (_, missing) = await withCheckedContinuation { continuation in
            FirebaseGuide.downloadInMemory(path: path + ".missing", maxSize: 1024) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(missing == "File doesn't exist")
        let (_, tooBig) = await withCheckedContinuation { continuation in
            FirebaseGuide.downloadInMemory(path: path, maxSize: 3) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(tooBig == "Download larger than the maximum size")
    }

    @Test("write(toFile:) writes the object and reports progress")
    func downloadToFile() async throws {
        let path = Self.folder("download") + "/island.jpg"
        try StorageSimulator.shared.admin.put(text: "island pixels", path: path)
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString)/island.jpg")
        defer { try? FileManager.default.removeItem(at: local.deletingLastPathComponent()) }
        let (url, events) = await withCheckedContinuation { continuation in
            FirebaseGuide.downloadToLocalFile(path: path, localURL: local) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(url == local)
        #expect(try Data(contentsOf: local) == Data("island pixels".utf8))
        #expect(events.last == "progress 13/13")
    }

    @Test("getMetadata and updateMetadata with completion handlers")
    func metadataCompletion() async throws {
        let path = Self.folder("forest") + "/forest.jpg"
        try StorageSimulator.shared.admin.put(text: "trees", path: path)
        let values = await withCheckedContinuation { continuation in
            FirebaseGuide.metadataWithCompletionHandlers(path: path) { continuation.resume(returning: $0) }
        }
        #expect(values["before"] == "application/octet-stream")
        #expect(values["contentType"] == "image/jpeg")
        #expect(values["cacheControl"] == "public,max-age=300")
        #expect(values["error"] == .some(nil))
    }

    @Test("getMetadata and updateMetadata async; custom metadata; deleting a property by setting it to nil")
    func metadataAsync() async throws {
        let path = Self.folder("forest") + "/forest.jpg"
        try StorageSimulator.shared.admin.put(text: "trees", path: path)
        let (read, updated, cleared) = try await FirebaseGuide.metadataAsync(path: path)
        #expect(read.size == 5 && read.name == "forest.jpg" && read.path == path && read.isFile)
        #expect(updated.customMetadata == ["location": "Yosemite, CA, USA", "activity": "Hiking"])
        #expect(updated.contentLanguage == "en")
        #expect(updated.metageneration == read.metageneration + 1)
        #expect(cleared.contentLanguage == nil)
        #expect(cleared.customMetadata == ["location": "Yosemite, CA, USA"])
    }

    @Test("listAll (async and completion) and paginated list(maxResults:pageToken:)")
    func listing() async throws {
        let folder = Self.folder("files")
        for name in ["a.txt", "b.txt", "c.txt", "sub/d.txt", "sub/e.txt"] {
            try StorageSimulator.shared.admin.put(text: name, path: "\(folder)/\(name)")
        }
        let all = try await FirebaseGuide.listAllAsync(path: folder)
        #expect(all.prefixes == ["sub"])
        #expect(all.items == ["a.txt", "b.txt", "c.txt"])
        let (items, error) = await withCheckedContinuation { continuation in
            FirebaseGuide.listAllWithCompletion(path: folder) { continuation.resume(returning: ($0, $1 == nil)) }
        }
        #expect(error)
        #expect(items == ["a.txt", "b.txt", "c.txt"].map { "\(folder)/\($0)" })
        #expect(try await FirebaseGuide.listAllPaginated(path: folder) == [["a.txt", "b.txt"], ["sub", "c.txt"]])
        let pages = await withCheckedContinuation { continuation in
            FirebaseGuide.listPaginatedWithCompletion(path: folder) { continuation.resume(returning: $0) }
        }
        #expect(pages == [["a.txt", "b.txt"], ["c.txt"]])
    }

    @Test("delete with a completion handler and async; a second delete is objectNotFound")
    func delete() async throws {
        let path = Self.folder("desert") + "/desert.jpg"
        try StorageSimulator.shared.admin.put(text: "sand", path: path)
        let first = await withCheckedContinuation { continuation in
            FirebaseGuide.deleteWithCompletion(path: path) { continuation.resume(returning: $0) }
        }
        #expect(first == "deleted")
        #expect(await FirebaseGuide.deleteAsync(path: path) == "File doesn't exist")
        try StorageSimulator.shared.admin.put(text: "sand", path: path)
        #expect(await FirebaseGuide.deleteAsync(path: path) == "deleted")
    }
}
