@testable import StorageSimulator
import FuzzSupport
import Testing

/// A new name reaches the ordered index and the directories only when
/// something next reads them in order (``BucketContents``), and many names
/// are then put in order at once (``NameSorter``). Every read must see the
/// same bucket as if each write had been placed as it came.
@Suite("Names ordered when first read in order")
struct DeferredOrderingTests {
    /// Names that tell a sort by leading bytes apart only late: long shared
    /// prefixes across several 16-byte chunks, names that are prefixes of
    /// others, NUL and 0xFF-led bytes, multi-byte UTF-8, and repeats.
    static func awkwardName(_ random: inout SplitMix64) -> String {
        let stems = ["", "folder0001/", "users/0123456789abcdef/", "users/0123456789abcdef/photos/2024/", "a"]
        let parts = ["a", "b", "\u{0}", "é", "/", "ÿ", "日本", "0000000000000000", "z"]
        var name = stems[Int(random.next() % UInt64(stems.count))]
        for _ in 0..<(random.next() % 6) { name += parts[Int(random.next() % UInt64(parts.count))] }
        return name.isEmpty ? "x" : name
    }

    @Test("the sorter's order is UTF-8 byte order, repeats side by side", arguments: [1, 2, 3, 4])
    func sorterMatchesByteOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let names = (0..<3000).map { _ in ObjectName(Self.awkwardName(&random)) }
        let order = NameSorter.order(of: names)
        #expect(order.sorted() == Array(names.indices))
        let sorted = order.map { names[$0].string }
        let expected = names.map(\.string).sorted { UTF8Order.compare($0, $1) < 0 }
        #expect(sorted.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
    }

    @Test("the sorter on no names, one name, and names equal through many chunks")
    func sorterEdges() {
        #expect(NameSorter.order(of: []).isEmpty)
        #expect(NameSorter.order(of: [ObjectName("only")]) == [0])
        let long = String(repeating: "p", count: 70)
        let names = [long + "b", long, long + "a", String(long.dropLast()), long + "a"].map(ObjectName.init)
        #expect(NameSorter.order(of: names).map { names[$0].string } == [
            String(long.dropLast()), long, long + "a", long + "a", long + "b",
        ])
    }

    /// Writes at random to contents of their own (never shared), with a
    /// listing now and then: lookups and counts after every write, and
    /// each listing (through the directories, and through seeks alone),
    /// match a model. Listings every few writes place names one at a time;
    /// rare ones rebuild the index from a merge, or build it from nothing.
    @Test("random writes with listings between them match a model", arguments: [(1, 7), (2, 40), (3, 400), (4, 3)])
    func matchesModel(seed: UInt64, listEvery: Int) throws {
        var random = SplitMix64(seed: seed)
        var contents = BucketContents()
        var model: [String: Int] = [:]
        var known: [String] = []
        for step in 0..<1500 {
            let name = known.isEmpty || random.next() % 3 == 0
                ? Self.awkwardName(&random) : known[Int(random.next() % UInt64(known.count))]
            if !model.keys.contains(name) { known.append(name) }
            let key = ObjectName(name)
            if random.next() % 4 == 0 {
                #expect(contents.remove(key)?.bytes.count == model.removeValue(forKey: name))
            } else {
                let size = step % 50
                #expect(contents.insert(PendingWritesTests().entry(name, size: size), for: key)?.bytes.count
                    == model.updateValue(size, forKey: name))
            }
            #expect(contents.element(for: key)?.bytes.count == model[name])
            #expect(contents.count == model.count)
            if step % listEvery == listEvery - 1 {
                try expectListings(&contents, model, maxResults: Int(random.next() % 7) + 1)
            }
        }
        try expectListings(&contents, model, maxResults: 1000)
        let read = PendingWritesTests().state(&contents, names: known)
        #expect(read.lookups == known.map { model[$0] })
        #expect(read.ordered.map { Array($0.utf8) }
            == model.keys.sorted { UTF8Order.compare($0, $1) < 0 }.map { Array($0.utf8) })
        #expect(read.count == model.count)
        // The index holds each name's latest entry, however it got there.
        var cursor = contents.orderedIndex().cursor(atLeast: [])
        var sizes: [String: Int] = [:]
        while let (key, entry) = cursor.current {
            sizes[key.string] = entry.bytes.count
            cursor.advance()
        }
        #expect(sizes == model)
    }

    /// Every page of a listing of the root and of two folders, read through
    /// the directories and without them, against the model's names.
    func expectListings(_ contents: inout BucketContents, _ model: [String: Int], maxResults: Int) throws {
        for folder in ["", "users/0123456789abcdef/", "folder0001/"] {
            let expected = ListingModelTests.model(Array(model.keys), prefix: folder, delimiter: "/")
            for threshold in [0, Int.max] {
                let listed = try ListingModelTests.allPages((folder, "/"), maxResults: maxResults, pageLimit: model.count + 2) {
                    try contents.list($0, summaryThreshold: threshold)
                }
                #expect(listed == expected, "folder \(folder), threshold \(threshold)")
            }
        }
    }

    @Test("a name stored, removed and stored again before a listing is listed once, with its last entry")
    func storedAgain() throws {
        var contents = BucketContents()
        contents.insert(PendingWritesTests().entry("b", size: 1), for: ObjectName("b"))
        contents.insert(PendingWritesTests().entry("a", size: 1), for: ObjectName("a"))
        contents.remove(ObjectName("a"))
        contents.insert(PendingWritesTests().entry("a", size: 2), for: ObjectName("a"))
        contents.insert(PendingWritesTests().entry("b", size: 3), for: ObjectName("b"))
        #expect(contents.count == 2)
        let page = try contents.list(ListingQuery())
        #expect(page.itemNames == ["a", "b"])
        #expect(contents.element(for: ObjectName("a"))?.bytes.count == 2)
        #expect(contents.element(for: ObjectName("b"))?.bytes.count == 3)
        var cursor = contents.orderedIndex().cursor(atLeast: [])
        var sizes: [Int] = []
        while let entry = cursor.element {
            sizes.append(entry.bytes.count)
            cursor.advance()
        }
        #expect(sizes == [2, 3])
    }

    @Test("an insert waits for the next ordered read to be placed; a lookup finds it at once")
    func insertsWaitForAnOrderedRead() throws {
        var contents = BucketContents()
        for index in 0..<100 {
            contents.insert(PendingWritesTests().entry("n\(index)", size: 1), for: ObjectName("n\(index)"))
        }
        #expect(contents.unorderedBacklog == 100)
        #expect(contents.element(for: ObjectName("n42"))?.bytes.count == 1)
        #expect(contents.count == 100)
        #expect(try contents.list(ListingQuery(maxResults: 2)).itemNames == ["n0", "n1"])
        #expect(contents.unorderedBacklog == 0)
        // A name the index holds is replaced in place, not queued again.
        contents.insert(PendingWritesTests().entry("n1", size: 5), for: ObjectName("n1"))
        #expect(contents.unorderedBacklog == 0)
        #expect(contents.orderedIndex().element(for: ObjectName("n1"))?.bytes.count == 5)
    }

    @Test("names stored and removed again and again, never listed, are not all kept")
    func removedNamesAreDropped() throws {
        var contents = BucketContents()
        contents.insert(PendingWritesTests().entry("kept", size: 1), for: ObjectName("kept"))
        for index in 0..<10_000 {
            let name = ObjectName("temporary/\(index)")
            contents.insert(PendingWritesTests().entry(name.string, size: 1), for: name)
            contents.remove(name)
            #expect(contents.unorderedBacklog <= 3)
        }
        #expect(contents.count == 1)
        #expect(try contents.list(ListingQuery()).itemNames == ["kept"])
    }

    @Test("contents with names not yet ordered no longer share the seed's index")
    func unorderedEndsSharing() {
        let seeded = BucketContents(sorted: [PendingWritesTests().entry("a", size: 1)])
        var contents = seeded
        for index in 0..<12 {
            contents.insert(PendingWritesTests().entry("n\(index)", size: 1), for: ObjectName("n\(index)"))
        }
        #expect(!contents.sharesIndex(with: seeded))
        #expect(contents.count == 13)
        #expect(seeded.count == 1)
    }
}
