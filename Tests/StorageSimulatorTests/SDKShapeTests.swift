import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("SDK shape: Storage, metadata, task observers, download tasks")
struct SDKShapeTests {
    @Test("Storage instances are cached per simulator and bucket and keep their settings")
    func caching() throws {
        #expect(Storage.storage() === Storage.storage())
        #expect(Storage.storage() === StorageSimulator.shared.storage())
        #expect(Storage.storage(url: "gs://guide-other") === Storage.storage(url: "gs://guide-other/"))
        #expect(Storage.storage(url: "gs://guide-other").reference().bucket == "guide-other")
        let simulator = StorageSimulator()
        let storage = simulator.storage()
        storage.maxOperationRetryTime = 5
        #expect(simulator.storage().maxOperationRetryTime == 5)
        #expect(storage.maxUploadRetryTime == 600 && storage.maxDownloadRetryTime == 600)
        #expect(storage.uploadChunkSizeBytes == .max)
        #expect(storage.simulator === simulator)
        #expect(storage !== Storage.storage() && !storage.isEqual(Storage.storage()))
        let copy = try #require(storage.copy() as? Storage)
        #expect(copy !== storage && copy.isEqual(storage))
        // The first bucket asked for and every later one keep one instance each.
        let buckets = ["b1", "b2", "b3", "b1", "b3", "b2"]
        let fresh = StorageSimulator()
        let instances = buckets.map { fresh.storage(bucket: $0) }
        #expect(instances.map { $0.reference().bucket } == buckets)
        #expect(instances[0] === instances[3] && instances[1] === instances[5] && instances[2] === instances[4])
        #expect(instances[0] !== instances[1] && instances[1] !== instances[2] && instances[0] !== instances[2])
    }

    /// A `Storage` holds its simulator; the simulator must not hold its
    /// instances back, or neither is ever freed, nor the bytes its buckets
    /// hold (a suite's cases each make a simulator).
    @Test("a simulator is freed once nothing holds it or its Storage; a bucket's settings outlive its instance")
    func simulatorLifetime() async throws {
        weak var released: StorageSimulator?
        weak var releasedStorage: Storage?
        do {
            let simulator = try TestRules.simulator(TestRules.open)
            released = simulator
            let storage = simulator.storage()
            releasedStorage = storage
            _ = try await storage.reference(withPath: "a.txt").putDataAsync(Data("x".utf8))
            _ = try await simulator.storage(bucket: "other").reference().child("b").putDataAsync(Data("y".utf8))
            _ = try await storage.reference(withPath: "a.txt").getMetadata()
        }
        #expect(released == nil && releasedStorage == nil)

        // Held through its Storage alone, the simulator stays.
        var kept: Storage? = StorageSimulator().storage()
        weak let keptSimulator = kept?.simulator
        #expect(keptSimulator != nil)
        kept = nil
        #expect(keptSimulator == nil)

        let simulator = StorageSimulator()
        do {
            let storage = simulator.storage(bucket: "settings")
            storage.maxOperationRetryTime = 7
            storage.useEmulator(withHost: "127.0.0.1", port: 9199)
        }
        let again = simulator.storage(bucket: "settings")
        #expect(again.maxOperationRetryTime == 7 && again.maxUploadRetryTime == 600)
        #expect(simulator.storage(bucket: "elsewhere").maxOperationRetryTime == 120)
    }

    @Test("useEmulator switches download URLs to http://host:port")
    func emulator() async throws {
        let simulator = try TestRules.simulator(TestRules.open)
        let storage = simulator.storage()
        storage.useEmulator(withHost: "127.0.0.1", port: 9199)
        let ref = storage.reference(withPath: "a b.txt")
        _ = try await ref.putDataAsync(Data("x".utf8))
        let url = try await ref.downloadURL()
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:9199/v0/b/default-bucket/o/a%20b.txt?alt=media&token="))
    }

    @Test("upload snapshots carry the request metadata while running, the stored metadata after success")
    func snapshotMetadata() async throws {
        let simulator = try TestRules.simulator(TestRules.open, configuration: .init(startsUploadsAutomatically: false))
        let task = simulator.storage().reference(withPath: "m.txt").putData(Data("abc".utf8), metadata: makeMetadata(contentType: "text/plain"))
        #expect(task.snapshot.status == .unknown)
        #expect(task.snapshot.metadata?.contentType == "text/plain" && task.snapshot.metadata?.isFile == false)
        task.enqueue()
        let stored = try await task.result()
        #expect(stored.isFile && stored.size == 3)
        #expect(task.snapshot.metadata?.isFile == true && task.snapshot.status == .success)
        #expect(task.snapshot.progress?.completedUnitCount == 3 && task.snapshot.progress?.totalUnitCount == 3)
        #expect(task.snapshot.description == "<State: Success>")
    }

    @Test("the root from root() differs from the empty parent of a top-level child, as in the SDK")
    func rootQuirk() {
        let root = StorageSimulator().storage().reference()
        let parent = root.child("a").parent()
        #expect(parent?.description == root.description)
        #expect(parent != root)
        #expect(root.child("a") == root.child("/a/"))
        #expect(root.child("a").hash == root.child("b").hash)
    }

    @Test("StorageMetadata: init(dictionary:) reads the service's keys; dictionaryRepresentation writes them back")
    func metadataDictionary() {
        let dictionary: [String: AnyHashable] = [
            "bucket": "b", "name": "photos/cat.jpg", "contentType": "image/jpeg", "size": Int64(42),
            "generation": "1767225600000000", "metageneration": "3", "md5Hash": "abc==",
            "timeCreated": "2016-03-01T20:16:01.673Z", "updated": "2016-03-01T20:16:02.000Z",
            "metadata": ["k": "v"],
        ]
        let metadata = StorageMetadata(dictionary: dictionary)
        #expect(metadata.bucket == "b")
        #expect(metadata.path == "photos/cat.jpg" && metadata.name == "cat.jpg")
        #expect(metadata.size == 42 && metadata.generation == 1_767_225_600_000_000 && metadata.metageneration == 3)
        #expect(metadata.timeCreated == Date(timeIntervalSince1970: 1_456_863_361.673))
        #expect(metadata.customMetadata == ["k": "v"])
        #expect(!metadata.isFile && !metadata.isFolder)
        #expect(metadata.dictionaryRepresentation() == dictionary)
        #expect(metadata == StorageMetadata(dictionary: dictionary))
        #expect(metadata.description.hasPrefix("StorageMetadata "))
        #expect(StorageMetadata().dictionaryRepresentation() == ["bucket": ""])
        let fresh = StorageMetadata()
        let fromEmpty = StorageMetadata(dictionary: [:])
        #expect(fresh == fromEmpty)
        #expect(fresh.name == nil && fresh.path == nil && fresh.md5Hash == nil && fresh.timeCreated == nil && fresh.updated == nil)
        #expect(fresh.size == 0 && fresh.generation == 0 && fresh.metageneration == 0 && fresh.bucket == "")
        #expect(!fresh.isFile && fresh.storedObject == nil && fresh.customMetadata == nil && fresh.contentType == nil)
        #expect(StorageMetadata(dictionary: ["size": 7]).size == 7)
        #expect(StorageMetadata(dictionary: ["size": "x"]).size == 0)
    }

    @Test("updateMetadata with a fresh StorageMetadata sends only its set fields and deletes nothing")
    func freshMetadataDeletesNothing() async throws {
        let simulator = try TestRules.simulator(TestRules.open)
        let ref = simulator.storage().reference(withPath: "doc.txt")
        _ = try await ref.putDataAsync(Data("x".utf8), metadata: makeMetadata(contentType: "text/plain", contentLanguage: "en"))
        let fresh = StorageMetadata()
        fresh.contentType = nil
        fresh.cacheControl = "no-store"
        let updated = try await ref.updateMetadata(fresh)
        #expect(updated.contentType == "text/plain" && updated.contentLanguage == "en")
        #expect(updated.cacheControl == "no-store")
    }

    @Test("putData sets the passed metadata's path, name and default content type")
    func metadataMutated() throws {
        let simulator = try TestRules.simulator(TestRules.open, configuration: .init(startsUploadsAutomatically: false))
        let metadata = StorageMetadata()
        simulator.storage().reference(withPath: "a/b.bin").putData(Data(), metadata: metadata)
        #expect(metadata.path == "a/b.bin" && metadata.name == "b.bin")
        #expect(metadata.contentType == "application/octet-stream")
    }

    @Test("an observer added after success is called once at once; a failure observer on a cancelled task is not")
    func replay() async throws {
        let simulator = try TestRules.simulator(TestRules.open)
        let task = simulator.storage().reference(withPath: "f").putData(Data(count: 3))
        _ = try await task.result()
        let calls = EventLog<StorageTaskStatus>()
        task.observe(.success) { calls.append($0.status) }
        task.observe(.failure) { calls.append($0.status) }
        await UploadTaskTests.eventually { !calls.events.isEmpty }
        #expect(calls.events == [.success])

        let cancelled = simulator.storage().reference(withPath: "g").putData(Data(count: 3))
        cancelled.cancel()
        let late = EventLog<StorageTaskStatus>()
        cancelled.observe(.failure) { late.append($0.status) }
        await UploadTaskTests.drain()
        #expect(late.events.isEmpty)
        #expect(cancelled.snapshot.status == .failure)
        #expect(storageCode(cancelled.snapshot.error) == .cancelled)
    }

    @Test("handlers run on the callback queue the storage names")
    func callbackQueue() async throws {
        let simulator = try TestRules.simulator(TestRules.open)
        let storage = simulator.storage()
        let queue = DispatchQueue(label: "callbacks")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "callbacks")
        storage.callbackQueue = queue
        let seen: String? = await withCheckedContinuation { continuation in
            storage.reference(withPath: "x").putData(Data("1".utf8)) { _, _ in
                continuation.resume(returning: DispatchQueue.getSpecific(key: key))
            }
        }
        #expect(seen == "callbacks")
    }

    /// On the main actor, like app code: observers attached right after the
    /// task starts see all of its events.
    @MainActor
    @Test("download tasks: progress in steps, pause and resume, cancel")
    func downloadTasks() async throws {
        let simulator = try TestRules.simulator(TestRules.open, configuration: .init(uploadChunkSize: 4))
        try simulator.admin.put(Data(count: 10), path: "d.bin")
        let ref = simulator.storage().reference(withPath: "d.bin")
        let events = EventLog<String>()
        let data: Data? = await withCheckedContinuation { continuation in
            var paused = false
            let task = ref.getData(maxSize: 100) { data, _ in continuation.resume(returning: data) }
            task.observe(.progress) { snapshot in
                events.append("progress \(snapshot.progress!.completedUnitCount)/\(snapshot.progress!.totalUnitCount)")
                if !paused, snapshot.progress!.completedUnitCount == 4 {
                    paused = true
                    task.pause()
                }
            }
            task.observe(.pause) { _ in
                events.append("pause")
                task.resume()
            }
            task.observe(.resume) { _ in events.append("resume") }
        }
        #expect(data == Data(count: 10))
        let afterPause = events.events.drop { $0 != "pause" }
        #expect(Array(afterPause) == ["pause", "resume", "progress 8/10", "progress 10/10"])

        let code: StorageErrorCode? = await withCheckedContinuation { continuation in
            let task = ref.getData(maxSize: 100) { _, error in continuation.resume(returning: storageCode(error)) }
            task.observe(.progress) { _ in task.cancel() }
        }
        #expect(code == .cancelled)
    }

    @Test("async data, writeAsync and Result forms")
    func otherForms() async throws {
        let simulator = try TestRules.simulator(TestRules.open)
        try simulator.admin.put(text: "hello", path: "h.txt")
        let ref = simulator.storage().reference(withPath: "h.txt")
        #expect(try await ref.data(maxSize: 5) == Data("hello".utf8))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let progress = EventLog<Int64>()
        #expect(try await ref.writeAsync(toFile: file) { progress.append($0?.completedUnitCount ?? -1) } == file)
        #expect(try Data(contentsOf: file) == Data("hello".utf8))
        #expect(progress.events == [5])
        let size: Result<Int64, Error> = await withCheckedContinuation { continuation in
            ref.getMetadata { result in continuation.resume(returning: result.map(\.size)) }
        }
        #expect((try? size.get()) == 5)
        let missing: StorageErrorCode? = await withCheckedContinuation { continuation in
            simulator.storage().reference(withPath: "none").getData(maxSize: 5) { result in
                if case .failure(let error) = result { continuation.resume(returning: storageCode(error)) }
            }
        }
        #expect(missing == .objectNotFound)
    }
}
