import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("Upload tasks")
struct UploadTaskTests {
    /// A simulator whose uploads wait for `enqueue()` and move 4 bytes per step.
    static func manual(_ rules: String = TestRules.open) throws -> StorageSimulator {
        try TestRules.simulator(rules, configuration: .init(uploadChunkSize: 4, startsUploadsAutomatically: false))
    }

    /// Waits until `condition` holds, for at most 60 s of clock time; a
    /// timeout is recorded as an issue rather than passing silently. The
    /// bound is generous because the callback queue shares its threads with
    /// the rest of the parallel test run: on a two-core machine the
    /// compute-heavy suites can hold them for twenty seconds.
    static func eventually(_ condition: () -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition did not hold within 60 s", sourceLocation: sourceLocation)
                return
            }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// Waits until `queue` has run everything queued on it, `rounds` times
    /// over, so a delivery that queues another is drained too: after it,
    /// "nothing was delivered" means nothing was queued.
    static func drain(_ queue: DispatchQueue = .main, rounds: Int = 2) async {
        for _ in 0..<rounds {
            await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        }
    }

    @Test("observers see progress in chunks, then success (no resume at start); then they are dropped")
    func eventsInOrder() async throws {
        let storage = try Self.manual()
        let task = storage.storage().reference(withPath: "f.bin").putData(Data(count: 10))
        let log = EventLog<(StorageTaskStatus, Int64, Int64)>()
        for status in [StorageTaskStatus.resume, .progress, .pause, .success, .failure] {
            task.observe(status) { snapshot in
                log.append((snapshot.status, snapshot.progress?.completedUnitCount ?? -1, snapshot.progress?.totalUnitCount ?? -1))
            }
        }
        let reference = storage.storage().reference(withPath: "f.bin")
        task.observe(.success) { snapshot in
            #expect(snapshot.metadata?.size == 10)
            #expect(snapshot.error == nil)
            #expect(snapshot.reference == reference)
            #expect(snapshot.task === task)
        }
        task.enqueue()
        let metadata = try await task.result()
        #expect(metadata.size == 10)
        #expect(log.events.map(\.0) == [.progress, .progress, .progress, .success])
        #expect(log.events.map(\.1) == [4, 8, 10, 10])
        #expect(log.events.allSatisfy { $0.2 == 10 })
        #expect(task.snapshot.status == .success)
        // Observers were dropped; a new one for the status reached is called once, at once.
        let late = EventLog<StorageTaskStatus>()
        task.observe(.success) { late.append($0.status) }
        task.observe(.failure) { late.append($0.status) }
        await Self.eventually { !late.events.isEmpty }
        #expect(late.events == [.success])
        task.resume()
        task.cancel()
        #expect(task.snapshot.status == .success)
    }

    @Test("pause lands mid-upload, resume continues")
    func pauseAndResume() async throws {
        let storage = try Self.manual()
        let task = storage.storage().reference(withPath: "f.bin").putData(Data(count: 12))
        let progress = EventLog<Int64>()
        let statuses = EventLog<StorageTaskStatus>()
        task.observe(.progress) { snapshot in
            let completed = snapshot.progress?.completedUnitCount ?? 0
            progress.append(completed)
            if completed == 4 { (snapshot.task as? StorageUploadTask)?.pause() }
        }
        task.observe(.pause) { statuses.append($0.status) }
        task.observe(.resume) { statuses.append($0.status) }
        task.enqueue()
        await Self.eventually { statuses.events.contains(.pause) }
        await Self.drain()
        #expect(progress.events == [4])
        #expect(task.snapshot.status == .pause)
        #expect(storage.admin.object(path: "f.bin") == nil)
        task.resume()
        _ = try await task.result()
        #expect(progress.events == [4, 8, 12])
        #expect(statuses.events == [.pause, .resume])
    }

    @Test("cancel mid-upload fails with cancelled and keeps the previous object")
    func cancelMidUpload() async throws {
        let storage = try Self.manual()
        try storage.admin.put(text: "previous", path: "f.txt")
        let task = storage.storage().reference(withPath: "f.txt").putData(Data(count: 12))
        let failures = EventLog<StorageErrorCode>()
        task.observe(.progress) { snapshot in
            if snapshot.progress?.completedUnitCount == 8 { (snapshot.task as? StorageUploadTask)?.cancel() }
        }
        task.observe(.failure) { snapshot in
            if let code = storageCode(snapshot.error) { failures.append(code) }
        }
        task.enqueue()
        let error = await storageError { _ = try await task.result() }
        #expect(error?.code == .cancelled)
        #expect(error?.message == "User cancelled the upload/download.")
        #expect(failures.events == [.cancelled])
        #expect(storage.admin.data(path: "f.txt") == Data("previous".utf8))
        #expect(task.snapshot.status == .failure)
    }

    @Test("cancel while paused, and cancel before start")
    func cancelPausedOrPending() async throws {
        let storage = try Self.manual()
        let paused = storage.storage().reference(withPath: "p").putData(Data(count: 12))
        paused.observe(.progress) { _ in paused.pause() }
        paused.enqueue()
        await Self.eventually { paused.snapshot.status == .pause }
        paused.cancel()
        #expect(await storageError { _ = try await paused.result() }?.code == .cancelled)

        let pending = storage.storage().reference(withPath: "q").putData(Data(count: 12))
        pending.cancel()
        #expect(await storageError { _ = try await pending.result() }?.code == .cancelled)
        pending.enqueue()
        #expect(storage.admin.count() == 0)
    }

    @Test("a denied upload fails with unauthorized and keeps the previous object")
    func deniedUpload() async throws {
        let storage = try Self.manual(TestRules.storage("match /{f} { allow create: if request.resource.size < 5; }"))
        try storage.admin.put(text: "old", path: "f")
        let completion = EventLog<String>()
        let task = storage.storage().reference(withPath: "f").putData(Data(count: 9)) { metadata, error in
            completion.append(metadata == nil ? (storageCode(error)?.name ?? "?") : "ok")
        }
        task.enqueue()
        let error = await storageError { _ = try await task.result() }
        #expect(error?.code == .unauthorized)
        #expect(error?.decision?.allowed == false)
        #expect(storageCode(task.snapshot.error) == .unauthorized)
        #expect(completion.events == ["unauthorized"])
        #expect(storage.admin.data(path: "f") == Data("old".utf8))
    }

    @Test("removing observers: by handle, by status, all")
    func removingObservers() async throws {
        let storage = try Self.manual()
        let task = storage.storage().reference(withPath: "f").putData(Data(count: 8))
        let log = EventLog<String>()
        let removed = task.observe(.progress) { _ in log.append("removed") }
        task.observe(.progress) { _ in log.append("kept") }
        task.observe(.pause) { _ in log.append("pause") }
        task.removeObserver(withHandle: removed)
        task.removeAllObservers(for: .pause)
        task.pause()
        task.resume()
        task.enqueue()
        _ = try await task.result()
        #expect(log.events == ["kept", "kept"])

        let other = storage.storage().reference(withPath: "g").putData(Data(count: 8))
        other.observe(.progress) { _ in log.append("x") }
        other.observe(.success) { _ in log.append("x") }
        other.removeAllObservers()
        other.enqueue()
        _ = try await other.result()
        #expect(log.events == ["kept", "kept"])
    }

    @Test("putDataAsync reports progress; uploads start by themselves by default")
    func asyncProgress() async throws {
        let storage = try TestRules.simulator(TestRules.open, configuration: .init(uploadChunkSize: 3))
        let progress = EventLog<Double>()
        _ = try await storage.storage().reference(withPath: "f").putDataAsync(Data(count: 7)) { progress.append($0?.fractionCompleted ?? -1) }
        #expect(progress.events.count == 3)
        #expect(progress.events.last == 1)
        let task = storage.storage().reference(withPath: "g").putData(Data(count: 7))
        _ = try await task.result()
        #expect(storage.admin.object(path: "g")?.size == 7)
    }
}
