import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("Snapshot and restore")
struct SnapshotTests {
    private func seeded() throws -> StorageSimulator {
        let storage = StorageSimulator()
        storage.setTime(Timestamp(seconds: 1_767_225_600))
        try storage.admin.put(text: "a", path: "b/2.txt", attributes: ObjectAttributes(customMetadata: ["k": "v"]))
        try storage.admin.put(text: "b", path: "a/1.txt")
        try storage.admin.put(text: "c", bucket: "other", path: "x")
        storage.admin.createBucket("empty")
        return storage
    }

    @Test("a restored simulator holds the same buckets, records and bytes")
    func sameState() throws {
        let original = try seeded()
        let snapshot = original.admin.snapshot()
        #expect(snapshot.objectCount == 3)
        let copy = StorageSimulator()
        try copy.admin.put(text: "gone", path: "old")
        copy.admin.restore(snapshot)
        #expect(copy.admin.bucketNames == original.admin.bucketNames)
        for bucket in original.admin.bucketNames {
            #expect(copy.admin.objects(bucket: bucket) == original.admin.objects(bucket: bucket))
            for object in original.admin.objects(bucket: bucket) {
                #expect(copy.admin.data(bucket: bucket, path: object.name) == original.admin.data(bucket: bucket, path: object.name))
            }
        }
        #expect(copy.admin.object(path: "old") == nil)
    }

    @Test("generations after a restore continue as they would have")
    func generations() throws {
        let original = try seeded()
        let copy = StorageSimulator()
        copy.admin.restore(original.admin.snapshot())
        copy.setTime(Timestamp(seconds: 1_767_225_600))
        let next = try original.admin.put(text: "d", path: "new")
        let restored = try copy.admin.put(text: "d", path: "new")
        #expect(restored == next)
    }

    @Test("writes after a restore do not reach the snapshot or its source")
    func independence() throws {
        let original = try seeded()
        let snapshot = original.admin.snapshot()
        let copy = StorageSimulator()
        copy.admin.restore(snapshot)
        copy.admin.delete(path: "a/1.txt")
        try copy.admin.put(text: "z", path: "b/2.txt")
        #expect(original.admin.data(path: "b/2.txt") == Data("a".utf8))
        #expect(original.admin.object(path: "a/1.txt") != nil)
        let again = StorageSimulator()
        again.admin.restore(snapshot)
        #expect(again.admin.objects() == original.admin.objects())
    }
}
