import Foundation
import RulesEngine
@testable import StorageSimulator
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

    /// Every page of a listing, followed by page token.
    private func pages(_ storage: StorageSimulator, _ query: ListingQuery) throws -> [[String]] {
        var result: [[String]] = []
        var query = query
        repeat {
            let page = try storage.admin.list(query)
            result.append(page.itemNames + page.prefixes)
            query.pageToken = page.nextPageToken
        } while query.pageToken != nil
        return result
    }

    /// 3,000 objects: a restored bucket's index is built level by level
    /// (several leaves and internal levels), and must list, look up and
    /// take writes as the bucket it came from does.
    @Test("a large restored bucket lists, looks up and changes as its source")
    func largeRestore() throws {
        let original = StorageSimulator()
        let names = (0..<3000).map { "f\($0 % 30)/o\(String($0).leftPadded(to: 4))" }
        for name in names.shuffled() { try original.admin.put([], path: name) }
        let copy = StorageSimulator()
        copy.admin.restore(original.admin.snapshot())
        for query in [ListingQuery(maxResults: 257), ListingQuery(delimiter: "/", maxResults: 7),
                      ListingQuery(prefix: "f7/", delimiter: "/", maxResults: 40)] {
            #expect(try pages(copy, query) == pages(original, query))
        }
        for name in names { #expect(copy.admin.object(path: name) == original.admin.object(path: name)) }
        // Writes on both: removals that empty leaves, inserts that split them.
        for (position, name) in names.enumerated() where position % 3 != 0 {
            #expect(copy.admin.delete(path: name) == original.admin.delete(path: name))
        }
        for index in 0..<500 {
            let name = "f\(index % 30)/n\(index)"
            try original.admin.put([], path: name)
            try copy.admin.put([], path: name)
        }
        #expect(try pages(copy, ListingQuery(maxResults: 300)) == pages(original, ListingQuery(maxResults: 300)))
        #expect(copy.admin.count() == original.admin.count())
    }

    @Test("a simulator made from a snapshot holds what a restored one holds")
    func madeFromSnapshot() throws {
        let original = try seeded()
        let snapshot = original.admin.snapshot()
        let restored = StorageSimulator()
        restored.admin.restore(snapshot)
        let made = StorageSimulator(restoring: snapshot)
        #expect(made.admin.bucketNames == restored.admin.bucketNames)
        for bucket in restored.admin.bucketNames {
            #expect(made.admin.objects(bucket: bucket) == restored.admin.objects(bucket: bucket))
        }
        for storage in [made, restored] { storage.setTime(Timestamp(seconds: 1_767_225_600)) }
        #expect(try made.admin.put(text: "d", path: "new") == restored.admin.put(text: "d", path: "new"))
        // A default bucket the snapshot lacks is there, empty, as after a restore.
        let elsewhere = StorageSimulator.Configuration(defaultBucket: "fresh")
        let madeElsewhere = StorageSimulator(configuration: elsewhere, restoring: snapshot)
        let restoredElsewhere = StorageSimulator(configuration: elsewhere)
        restoredElsewhere.admin.restore(snapshot)
        #expect(madeElsewhere.admin.bucketNames == restoredElsewhere.admin.bucketNames)
        #expect(madeElsewhere.admin.bucketNames.contains("fresh") && madeElsewhere.admin.count() == 0)
    }

    @Test("a simulator made from a snapshot stays unchanged through reads, denials and failures, and not through a write")
    func unchangedSinceSnapshot() async throws {
        let snapshot = try seeded().admin.snapshot()
        let rules = try StorageSimulator.compile("""
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /{path=**} {
                  allow read;
                  allow create, update: if request.resource.size < 2;
                }
              }
            }
            """)
        func made() -> StorageSimulator {
            let storage = StorageSimulator(rules: rules, restoring: snapshot)
            storage.setTime(Timestamp(seconds: 1_767_225_700))
            return storage
        }
        let storage = made()
        #expect(storage.isUnchanged(since: snapshot))
        let root = storage.storage().reference()
        _ = try await root.child("b/2.txt").getMetadata()
        _ = try await root.child("a").listAll()
        _ = try await root.child("b").list(maxResults: 1)
        _ = try await storage.storage(bucket: "other").reference().child("x").data(maxSize: 10)
        await #expect(throws: StorageError.self) { _ = try await root.child("a/1.txt").putDataAsync(Data("too big".utf8)) }
        await #expect(throws: StorageError.self) { try await root.child("a/1.txt").delete() }
        await #expect(throws: StorageError.self) { _ = try await root.child("missing").getMetadata() }
        #expect(storage.isUnchanged(since: snapshot))

        let writes: [(name: String, write: (StorageSimulator) async throws -> Void)] = [
            ("upload", { _ = try await $0.storage().reference().child("n").putDataAsync(Data("1".utf8)) }),
            ("overwrite", { _ = try await $0.storage().reference().child("a/1.txt").putDataAsync(Data("2".utf8)) }),
            ("metadata update", { simulator in
                let change = StorageMetadata()
                change.contentType = "text/plain"
                _ = try await simulator.storage().reference().child("a/1.txt").updateMetadata(change)
            }),
            ("download URL (adds a token)", { _ = try await $0.storage().reference().child("a/1.txt").downloadURL() }),
            ("admin delete", { _ = $0.admin.delete(path: "a/1.txt") }),
            ("admin delete in another bucket", { _ = $0.admin.delete(bucket: "other", path: "x") }),
            ("admin put into the empty bucket", { try $0.admin.put(text: "e", bucket: "empty", path: "e") }),
            ("a new bucket", { $0.admin.createBucket("another") }),
        ]
        for (name, write) in writes {
            let storage = made()
            try await write(storage)
            #expect(!storage.isUnchanged(since: snapshot), "\(name)")
        }
        // Only the snapshot it was made from: not another one of the same
        // objects, not from a simulator made another way.
        #expect(!StorageSimulator(restoring: snapshot).isUnchanged(since: try seeded().admin.snapshot()))
        let empty = StorageSimulator()
        #expect(!empty.isUnchanged(since: empty.admin.snapshot()))
        // A default bucket the snapshot lacks was not made from it.
        let elsewhere = StorageSimulator(configuration: StorageSimulator.Configuration(defaultBucket: "fresh"), restoring: snapshot)
        #expect(!elsewhere.isUnchanged(since: snapshot))
    }

    @Test("a simulator reset to its snapshot holds what a new one made from it holds, and hands out the same generations")
    func resetToSnapshot() throws {
        let snapshot = try seeded().admin.snapshot()
        let time = Timestamp(seconds: 1_767_225_600)
        let used = StorageSimulator(restoring: snapshot)
        used.setTime(time)
        try used.admin.put(text: "n", path: "new")
        try used.admin.put(text: "m", path: "b/2.txt")
        _ = used.admin.delete(bucket: "other", path: "x")
        used.admin.createBucket("added")
        #expect(!used.isUnchanged(since: snapshot))
        used.reset(to: snapshot)
        #expect(used.isUnchanged(since: snapshot))
        let fresh = StorageSimulator(restoring: snapshot)
        fresh.setTime(time)
        #expect(used.admin.bucketNames == fresh.admin.bucketNames)
        for bucket in fresh.admin.bucketNames {
            #expect(used.admin.objects(bucket: bucket) == fresh.admin.objects(bucket: bucket))
        }
        // The generations handed out before the reset are forgotten.
        #expect(try used.admin.put(text: "d", path: "again") == fresh.admin.put(text: "d", path: "again"))
    }

    /// The runner's reset after a case that wrote into the seeded buckets
    /// puts the snapshot's contents back into the same stores: a write
    /// after it still copies the shared index, and references made before
    /// it see the restored objects.
    @Test("a reset of a simulator that kept the snapshot's buckets restores them in place, and writes after it stay its own")
    func resetInPlace() async throws {
        let snapshot = try seeded().admin.snapshot()
        let rules = try StorageSimulator.compile("""
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o/{path=**} { allow read, write; }
            }
            """)
        let used = StorageSimulator(rules: rules, restoring: snapshot)
        let reference = used.storage().reference().child("a/1.txt")
        for round in 0..<3 {
            _ = try await reference.putDataAsync(Data("round \(round)".utf8))
            try used.admin.put(text: "n", path: "new")
            _ = used.admin.delete(bucket: "other", path: "x")
            #expect(!used.isUnchanged(since: snapshot))
            used.reset(to: snapshot)
            #expect(used.isUnchanged(since: snapshot))
            let fresh = StorageSimulator(restoring: snapshot)
            #expect(used.admin.bucketNames == fresh.admin.bucketNames)
            for bucket in fresh.admin.bucketNames {
                #expect(used.admin.objects(bucket: bucket) == fresh.admin.objects(bucket: bucket))
            }
            let metadata = try await reference.getMetadata()
            #expect(metadata.size == fresh.admin.object(path: "a/1.txt")?.size)
        }
        #expect(StorageSimulator(restoring: snapshot).admin.object(bucket: "other", path: "x") != nil)
        #expect(StorageSimulator(restoring: snapshot).admin.object(path: "new") == nil)
        // The rounds above took the in-place path; a bucket the snapshot
        // lacks sends a reset back to replacing the stores.
        #expect(used.restoreContents(of: snapshot))
        used.admin.createBucket("added")
        #expect(!used.restoreContents(of: snapshot))
        used.reset(to: snapshot)
        #expect(used.isUnchanged(since: snapshot) && !used.admin.bucketNames.contains("added"))
    }

    /// Simulators made from one snapshot share its index until they write;
    /// with 3,000 objects the index has internal levels, all of which a
    /// first write must copy, not change in place.
    @Test("simulators made from one snapshot change independently")
    func sharedIndexCopiedOnWrite() throws {
        let source = StorageSimulator()
        let names = (0..<3000).map { "f\($0 % 30)/o\(String($0).leftPadded(to: 4))" }
        for name in names.shuffled() { try source.admin.put([], path: name) }
        let snapshot = source.admin.snapshot()
        let queries = [ListingQuery(maxResults: 257), ListingQuery(delimiter: "/", maxResults: 7)]
        let before = try queries.map { try pages(source, $0) }
        let first = StorageSimulator(restoring: snapshot)
        let second = StorageSimulator(restoring: snapshot)
        for (position, name) in names.enumerated() where position % 3 != 0 { first.admin.delete(path: name) }
        for index in 0..<500 { try first.admin.put([], path: "f\(index % 30)/n\(index)") }
        #expect(try queries.map { try pages(second, $0) } == before)
        #expect(try queries.map { try pages(StorageSimulator(restoring: snapshot), $0) } == before)
        #expect(second.admin.count() == 3000 && first.admin.count() == 1500)
        second.admin.delete(path: names[0])
        #expect(first.admin.object(path: names[0]) != nil && second.admin.object(path: names[0]) == nil)
        #expect(second.admin.object(path: names[3]) != nil && StorageSimulator(restoring: snapshot).admin.count() == 3000)
        #expect(try pages(first, ListingQuery(maxResults: 300)).joined().count == 1500)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
