import Foundation
import Testing

@testable import StorageSimulator

/// A bucket dropped by a reset or a snapshot restore no longer reports its
/// changes: a write racing the reset must not reach the `--data` folder for
/// an object that is no longer in memory.
@Suite("Dropped buckets and the change observer")
struct DroppedBucketTests {
    /// Records the kind of every change it is told about.
    final class RecordingObserver: StorageChangeObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var kinds: [String] = []

        var recorded: [String] { lock.withLock { kinds } }

        func prepare(_ change: StorageChange) -> (@Sendable () -> Void)? {
            let kind: String
            switch change {
            case .object(_, let name, _, _): kind = "object \(name)"
            case .bucketsChanged: kind = "bucketsChanged"
            case .everythingReplaced: kind = "everythingReplaced"
            }
            lock.withLock { kinds.append(kind) }
            return nil
        }
    }

    @Test("a write to a bucket dropped by a reset is not reported", arguments: ["reset", "restore"])
    func writeAfterDropIsNotReported(_ how: String) throws {
        let storage = StorageSimulator()
        let snapshot = storage.admin.snapshot()
        let observer = RecordingObserver()
        storage.attachChangeObserver(observer)
        _ = try storage.admin.put(text: "abc", path: "kept.txt")
        let dropped = try #require(storage.existingBucket(storage.configuration.defaultBucket))
        if how == "reset" {
            storage.admin.reset()
        } else {
            storage.admin.restore(snapshot)
        }
        #expect(observer.recorded.contains("everythingReplaced"))
        let reported = observer.recorded
        #expect(dropped.remove("kept.txt") != nil)
        #expect(observer.recorded == reported, "\(observer.recorded)")
    }
}
