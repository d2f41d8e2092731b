import Foundation
import StorageSimulator
import Testing

@Suite("Upload task edge cases")
struct UploadEdgeTests {
    @Test("a task paused before it starts waits for resume, announcing resume once")
    func pausedBeforeStart() async throws {
        let storage = try TestRules.simulator(
            TestRules.open, configuration: .init(uploadChunkSize: 4, startsUploadsAutomatically: false))
        let task = storage.storage().reference(withPath: "f").putData(Data(count: 8))
        let statuses = EventLog<StorageTaskStatus>()
        for status in [StorageTaskStatus.resume, .pause, .progress, .success] {
            task.observe(status) { statuses.append($0.status) }
        }
        task.pause()
        task.enqueue()
        await UploadTaskTests.drain()
        #expect(statuses.events == [.pause])
        #expect(storage.admin.object(path: "f") == nil)
        task.resume()
        _ = try await task.result()
        #expect(statuses.events == [.pause, .resume, .progress, .progress, .success])
    }

    @Test("putFile with an unreadable file fails the task at once")
    func unreadableFile() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let failures = EventLog<String>()
        let task = storage.storage().reference(withPath: "f").putFile(from: URL(fileURLWithPath: "/nonexistent/file.png")) { _, error in
            failures.append(storageCode(error)?.name ?? "none")
        }
        let error = await storageError { _ = try await task.result() }
        #expect(error?.code == .unknown)
        #expect(error?.message.hasPrefix("File at URL: file:///nonexistent/file.png is not reachable.") == true)
        #expect(failures.events == ["unknown"])
    }
}
