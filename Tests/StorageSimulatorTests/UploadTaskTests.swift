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

    /// Waits (bounded) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async {
        for _ in 0..<2000 where !condition() {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    @Test("observers see resume, progress in chunks, then success; then they are dropped")
    func eventsInOrder() async throws {
        let storage = try Self.manual()
        let task = storage.reference(withPath: "f.bin").putData(Data(count: 10))
        let log = EventLog<(StorageTaskStatus, Int64, Int64)>()
        for status in [StorageTaskStatus.resume, .progress, .pause, .success, .failure] {
            task.observe(status) { snapshot in
                log.append((snapshot.status, snapshot.progress?.completedUnitCount ?? -1, snapshot.progress?.totalUnitCount ?? -1))
            }
        }
        let reference = task.reference
        task.observe(.success) { snapshot in
            #expect(snapshot.metadata?.size == 10)
            #expect(snapshot.error == nil)
            #expect(snapshot.reference == reference)
            #expect(snapshot.task === task)
        }
        task.enqueue()
        let metadata = try await task.result()
        #expect(metadata.size == 10)
        #expect(log.events.map(\.0) == [.resume, .progress, .progress, .progress, .success])
        #expect(log.events.map(\.1) == [0, 4, 8, 10, 10])
        #expect(log.events.allSatisfy { $0.2 == 10 })
        #expect(task.snapshot.status == .success)
        // Observers were dropped; new ones are never called.
        task.observe(.success) { _ in Issue.record("called after success") }
        task.resume()
        task.cancel()
        #expect(task.snapshot.status == .success)
    }

    @Test("pause lands mid-upload, resume continues")
    func pauseAndResume() async throws {
        let storage = try Self.manual()
        let task = storage.reference(withPath: "f.bin").putData(Data(count: 12))
        let progress = EventLog<Int64>()
        let statuses = EventLog<StorageTaskStatus>()
        task.observe(.progress) { snapshot in
            let completed = snapshot.progress?.completedUnitCount ?? 0
            progress.append(completed)
            if completed == 4 { snapshot.task.pause() }
        }
        task.observe(.pause) { statuses.append($0.status) }
        task.observe(.resume) { statuses.append($0.status) }
        task.enqueue()
        await Self.eventually { statuses.events.contains(.pause) }
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(progress.events == [4])
        #expect(task.snapshot.status == .pause)
        #expect(storage.admin.object(path: "f.bin") == nil)
        task.resume()
        _ = try await task.result()
        #expect(progress.events == [4, 8, 12])
        #expect(statuses.events == [.resume, .pause, .resume])
    }

    @Test("cancel mid-upload fails with cancelled and keeps the previous object")
    func cancelMidUpload() async throws {
        let storage = try Self.manual()
        try storage.admin.put(text: "previous", path: "f.txt")
        let task = storage.reference(withPath: "f.txt").putData(Data(count: 12))
        let failures = EventLog<StorageError>()
        task.observe(.progress) { snapshot in
            if snapshot.progress?.completedUnitCount == 8 { snapshot.task.cancel() }
        }
        task.observe(.failure) { snapshot in
            if let error = snapshot.error { failures.append(error) }
        }
        task.enqueue()
        let error = await storageError { _ = try await task.result() }
        #expect(error?.code == .cancelled)
        #expect(error?.message == "User cancelled the upload/download.")
        #expect(failures.events.map(\.code) == [.cancelled])
        #expect(storage.admin.data(path: "f.txt") == Data("previous".utf8))
        #expect(task.snapshot.status == .failure)
    }

    @Test("cancel while paused, and cancel before start")
    func cancelPausedOrPending() async throws {
        let storage = try Self.manual()
        let paused = storage.reference(withPath: "p").putData(Data(count: 12))
        paused.observe(.progress) { $0.task.pause() }
        paused.enqueue()
        await Self.eventually { paused.snapshot.status == .pause }
        paused.cancel()
        #expect(await storageError { _ = try await paused.result() }?.code == .cancelled)

        let pending = storage.reference(withPath: "q").putData(Data(count: 12))
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
        let task = storage.reference(withPath: "f").putData(Data(count: 9)) { metadata, error in
            completion.append(metadata == nil ? (error?.code.name ?? "?") : "ok")
        }
        task.enqueue()
        let error = await storageError { _ = try await task.result() }
        #expect(error?.code == .unauthorized)
        #expect(error?.decision?.allowed == false)
        #expect(task.snapshot.error?.code == .unauthorized)
        #expect(completion.events == ["unauthorized"])
        #expect(storage.admin.data(path: "f") == Data("old".utf8))
    }

    @Test("removing observers: by handle, by status, all")
    func removingObservers() async throws {
        let storage = try Self.manual()
        let task = storage.reference(withPath: "f").putData(Data(count: 8))
        let log = EventLog<String>()
        let removed = task.observe(.progress) { _ in log.append("removed") }
        task.observe(.progress) { _ in log.append("kept") }
        task.observe(.resume) { _ in log.append("resume") }
        task.removeObserver(withHandle: removed)
        task.removeAllObservers(for: .resume)
        task.enqueue()
        _ = try await task.result()
        #expect(log.events == ["kept", "kept"])

        let other = storage.reference(withPath: "g").putData(Data(count: 8))
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
        _ = try await storage.reference(withPath: "f").putDataAsync(Data(count: 7)) { progress.append($0.fractionCompleted) }
        #expect(progress.events.count == 3)
        #expect(progress.events.last == 1)
        let task = storage.reference(withPath: "g").putData(Data(count: 7))
        _ = try await task.result()
        #expect(storage.admin.object(path: "g")?.size == 7)
    }
}
