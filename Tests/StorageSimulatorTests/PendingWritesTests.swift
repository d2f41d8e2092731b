@testable import StorageSimulator
import FuzzSupport
import RulesEngine
import Testing

/// Contents restored from a snapshot keep their first writes beside the
/// shared index (``BucketContents``): every read must see them, and the
/// snapshot must never.
@Suite("Pending writes over a shared index")
struct PendingWritesTests {
    /// An entry named `name` whose byte count tells it apart.
    func entry(_ name: String, size: Int) -> StoredEntry {
        let object = StoredObject(
            name: name, bucket: "b", generation: 1, metageneration: 1, size: Int64(size),
            timeCreated: Timestamp(seconds: 0, nanos: 0), updated: Timestamp(seconds: 0, nanos: 0),
            md5Hash: "", crc32c: "", etag: "")
        return StoredEntry(object: object, bytes: Array(repeating: 7, count: size))
    }

    /// Sizes by name, read through the contents in every way they offer.
    func state(_ contents: inout BucketContents, names: [String]) -> (lookups: [Int?], ordered: [String], count: Int) {
        let lookups = names.map { contents.element(for: ObjectName($0))?.bytes.count }
        var ordered: [String] = []
        var cursor = contents.orderedIndex().cursor(atLeast: [])
        while let (key, _) = cursor.current {
            ordered.append(key.string)
            cursor.advance()
        }
        return (lookups, ordered, contents.count)
    }

    /// Random writes to a copy of seeded contents, read back after each
    /// (lookups every time, the ordered walk, which folds the pending writes
    /// in, now and then) and compared with a dictionary; the seeded
    /// contents stay as they were.
    @Test("random writes over seeded contents match a dictionary, and the seed is untouched", arguments: [0, 1, 2, 3, 4])
    func matchesDictionary(seed: Int) {
        let names = (0..<30).map { "f/\($0 * 37 % 30)" }
        let seededNames = names.filter { $0.hasSuffix("1") || $0.hasSuffix("5") || $0.hasSuffix("8") }.sorted { UTF8Order.compare($0, $1) < 0 }
        var seededModel: [String: Int] = [:]
        for (offset, name) in seededNames.enumerated() { seededModel[name] = offset + 1 }
        var seeded = BucketContents(sorted: seededNames.map { entry($0, size: seededModel[$0]!) })
        var random = SplitMix64(seed: UInt64(seed))
        for _ in 0..<40 {
            var contents = seeded
            #expect(contents.sharesIndex(with: seeded))
            var model = seededModel
            let writes = Int(random.next() % 20)
            for step in 0..<writes {
                let name = names[Int(random.next() % UInt64(names.count))]
                let key = ObjectName(name)
                if random.next() % 3 == 0 {
                    #expect(contents.remove(key)?.bytes.count == model.removeValue(forKey: name))
                } else {
                    let size = 100 + step
                    #expect(contents.insert(entry(name, size: size), for: key)?.bytes.count == model.updateValue(size, forKey: name))
                }
                #expect(names.map { contents.element(for: ObjectName($0))?.bytes.count } == names.map { model[$0] })
                #expect(contents.count == model.count)
                if random.next() % 5 == 0 {
                    let read = state(&contents, names: names)
                    #expect(read.ordered == model.keys.sorted { UTF8Order.compare($0, $1) < 0 })
                    #expect(read.count == model.count)
                }
            }
            let read = state(&contents, names: names)
            #expect(read.lookups == names.map { model[$0] })
            #expect(read.ordered == model.keys.sorted { UTF8Order.compare($0, $1) < 0 })
            let seedRead = state(&seeded, names: names)
            #expect(seedRead.lookups == names.map { seededModel[$0] })
            #expect(seedRead.ordered == seededNames)
        }
    }

    @Test("a write, even one kept pending, ends the sharing; a removal of a missing name does not")
    func sharing() {
        let seeded = BucketContents(sorted: [entry("a", size: 1), entry("c", size: 3)])
        var contents = seeded
        #expect(contents.remove(ObjectName("b")) == nil)
        #expect(contents.sharesIndex(with: seeded))
        contents.insert(entry("b", size: 2), for: ObjectName("b"))
        #expect(!contents.sharesIndex(with: seeded))
        #expect(contents.count == 3 && seeded.count == 2)
        #expect(seeded.element(for: ObjectName("b")) == nil)
    }
}
