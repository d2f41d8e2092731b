@testable import StorageSimulator
import FuzzSupport
import Testing

/// The directories a bucket's folder listings read once a page's items are
/// placed (``DirectorySummary``), against counts taken directly from the names.
@Suite("Directory summary")
struct DirectorySummaryTests {
    /// Every directory of `names` with its counts and last item, and the root's.
    static func model(_ names: Set<String>) -> (directories: [[UInt8]: DirectoryRecord], root: DirectoryRecord) {
        var directories: [[UInt8]: DirectoryRecord] = [:]
        var root = DirectoryRecord(names: 0, items: 0)
        for name in names.sorted(by: { UTF8Order.compare($0, $1) < 0 }) {
            let bytes = Array(name.utf8)
            let slashes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "/") }
            root.names += 1
            if slashes.isEmpty {
                root.items += 1
                root.itemBound = name
            }
            for slash in slashes {
                let directory = Array(bytes[...slash])
                directories[directory, default: DirectoryRecord(names: 0, items: 0)].names += 1
                if slash == slashes.last {
                    directories[directory]?.items += 1
                    directories[directory]?.itemBound = name
                }
            }
        }
        return (directories, root)
    }

    /// The summary holds the model's counts; each item bound is the last
    /// item or, after removals, a name ordering after it.
    static func expectMatches(_ summary: DirectorySummary, _ names: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) {
        let (directories, root) = model(names)
        #expect(summary.count == directories.count, sourceLocation: sourceLocation)
        func check(_ record: DirectoryRecord?, _ expected: DirectoryRecord) {
            #expect(record?.names == expected.names && record?.items == expected.items, sourceLocation: sourceLocation)
            if let last = expected.itemBound {
                #expect(record?.itemBound.map { !(ObjectName($0) < ObjectName(last)) } == true, sourceLocation: sourceLocation)
            } else {
                #expect(record?.itemBound == nil, sourceLocation: sourceLocation)
            }
        }
        check(summary.record(of: UnsafeBufferPointer(start: nil, count: 0)), root)
        for (directory, expected) in directories {
            check(directory.withUnsafeBufferPointer { summary.record(of: $0) }, expected)
        }
    }

    /// Names of random segments, with empty ones (`a//b`), leading and
    /// trailing slashes and multi-byte scalars.
    static func randomName(_ random: inout SplitMix64) -> String {
        let parts = ["a", "b", "/", "é", "a/", "/b", "日本", "z/", "x"]
        var name = ""
        for _ in 0...(random.next() % 5) { name += parts[Int(random.next() % UInt64(parts.count))] }
        return name
    }

    @Test("random additions and removals keep a direct count's counts; a sorted build agrees exactly", arguments: [1, 2, 3])
    func matchesModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var summary = DirectorySummary()
        var names: Set<String> = []
        for step in 0..<4000 {
            let name = Self.randomName(&random)
            if random.next() % 3 == 0 {
                if names.remove(name) != nil { summary.remove(ObjectName(name)) }
            } else if names.insert(name).inserted {
                summary.add(ObjectName(name))
            }
            if step % 500 == 0 { Self.expectMatches(summary, names) }
        }
        Self.expectMatches(summary, names)
        let sorted = DirectorySummary(sortedNames: names.sorted { UTF8Order.compare($0, $1) < 0 })
        Self.expectMatches(sorted, names)
        let (directories, root) = Self.model(names)
        #expect(sorted.record(of: UnsafeBufferPointer(start: nil, count: 0)) == root)
        for (directory, expected) in directories {
            #expect(directory.withUnsafeBufferPointer { sorted.record(of: $0) } == expected)
        }
        for name in names { summary.remove(ObjectName(name)) }
        #expect(summary.count == 0)
        Self.expectMatches(summary, [])
    }

    @Test("a copy keeps its counts when the original changes")
    func copyOnWrite() {
        let names: Set<String> = ["a/b/c", "a/d", "e"]
        var original = DirectorySummary(sortedNames: names.sorted { UTF8Order.compare($0, $1) < 0 })
        let copy = original
        original.add(ObjectName("a/b/f"))
        original.remove(ObjectName("a/d"))
        original.add(ObjectName("g/h"))
        Self.expectMatches(copy, names)
        Self.expectMatches(original, ["a/b/c", "a/b/f", "e", "g/h"])
    }

    @Test("child directories from a bound, a page at a time", arguments: [1, 2, 3, 100])
    func children(room: Int) {
        let names = ["a/1", "a/b/1", "a/b/c/1", "a/c/1", "a//1", "b/1", "b/x/1", "c", "d/1"]
        let summary = DirectorySummary(sortedNames: names.sorted { UTF8Order.compare($0, $1) < 0 })
        for (folder, expected) in [("", ["a/", "b/", "d/"]), ("a/", ["a//", "a/b/", "a/c/"]), ("a/b/", ["a/b/c/"]), ("c/", [])] {
            var listed: [String] = []
            var bound = Array(folder.utf8)
            while true {
                var page: [String] = []
                let more = Array(folder.utf8).withUnsafeBufferPointer {
                    summary.appendChildren(of: $0, from: bound, room: room, to: &page)
                }
                #expect(page.count <= room)
                listed += page
                guard more, let last = page.last else { break }
                bound = PageToken(name: last, isPrefix: true).lowerBound
            }
            #expect(listed == expected, "folder \(folder)")
        }
    }

    /// A folder page with the delimiter `/` takes its prefixes from the
    /// summary once no item of the folder can follow: a summary naming
    /// directories the index lacks shows them. Other listings do not read it.
    @Test("a folder's pages read the summary once no item can follow; other listings do not")
    func firstPageReadsSummary() throws {
        let names = ["a/b/1", "a/d/1", "m", "n/1"]
        let index = OrderedIndex<ObjectName, StoredEntry>(
            sortedKeys: names.map(ObjectName.init), elements: names.map { PendingWritesTests().entry($0, size: 0) })
        let summary = DirectorySummary(sortedNames: ["a/b/1", "a/c/1", "a/d/1", "m", "n/1", "o/1"])
        func page(_ query: ListingQuery, directories: DirectorySummary?, threshold: Int = 0) throws -> [String] {
            let listing = try ListingEngine.list(index, directories: directories, summaryThreshold: threshold, query: query)
            return listing.itemNames + listing.prefixes
        }
        // `a/` is passed before the item `m` is placed, so by a seek; `o/` after it.
        #expect(try page(ListingQuery(prefix: "", delimiter: "/"), directories: summary) == ["m", "a/", "n/", "o/"])
        #expect(try page(ListingQuery(prefix: "a/", delimiter: "/"), directories: summary) == ["a/b/", "a/c/", "a/d/"])
        // A page from a token past the folder's last item, or in a folder without items.
        let afterA = PageToken(name: "a/", isPrefix: true).encoded
        #expect(try page(ListingQuery(prefix: "", delimiter: "/", pageToken: afterA), directories: summary) == ["m", "n/", "o/"])
        let afterM = PageToken(name: "m", isPrefix: false).encoded
        #expect(try page(ListingQuery(prefix: "", delimiter: "/", pageToken: afterM), directories: summary) == ["n/", "o/"])
        let afterAB = PageToken(name: "a/b/", isPrefix: true).encoded
        #expect(try page(ListingQuery(prefix: "a/", delimiter: "/", pageToken: afterAB), directories: summary) == ["a/c/", "a/d/"])
        for query in [ListingQuery(prefix: "a", delimiter: "/"), ListingQuery(prefix: "", delimiter: "1"), ListingQuery(prefix: "a/")] {
            #expect(try page(query, directories: summary) == page(query, directories: nil))
        }
        // By the summary's records, the root's child directories hold 5 names and `a/`'s 3:
        // under a threshold above those, the seeks answer.
        let root = ListingQuery(prefix: "", delimiter: "/")
        #expect(try page(root, directories: summary, threshold: 5) == ["m", "a/", "n/", "o/"])
        #expect(try page(root, directories: summary, threshold: 6) == ["m", "a/", "n/"])
        let folderA = ListingQuery(prefix: "a/", delimiter: "/")
        #expect(try page(folderA, directories: summary, threshold: 3) == ["a/b/", "a/c/", "a/d/"])
        #expect(try page(folderA, directories: summary, threshold: 4) == ["a/b/", "a/d/"])
    }

    /// A page token another query returned may point inside a child
    /// directory of the listed folder; a listing from it shows that child
    /// (names under it follow the token), as the seeks alone find.
    @Test("any page token gives the page the seeks alone give")
    func anyToken() throws {
        var random = SplitMix64(seed: 7)
        let names = Set((0..<300).map { _ in Self.randomName(&random) }).sorted { UTF8Order.compare($0, $1) < 0 }
        let index = OrderedIndex<ObjectName, StoredEntry>(
            sortedKeys: names.map(ObjectName.init), elements: names.map { PendingWritesTests().entry($0, size: 0) })
        let summary = DirectorySummary(sortedNames: names)
        let tokens = names.flatMap { [PageToken(name: $0, isPrefix: false), PageToken(name: $0, isPrefix: true)] }
            + ["a/", "a//", "/", "b", "é/"].map { PageToken(name: $0, isPrefix: true) }
        for folder in ["", "a/", "/"] {
            for token in tokens {
                let query = ListingQuery(prefix: folder, delimiter: "/", maxResults: 3, pageToken: token.encoded)
                let summarized = try ListingEngine.list(index, directories: summary, summaryThreshold: 0, query: query)
                let sought = try ListingEngine.list(index, directories: nil, query: query)
                #expect(summarized.itemNames == sought.itemNames, "\(folder) \(token)")
                #expect(summarized.prefixes == sought.prefixes, "\(folder) \(token)")
                #expect(summarized.nextPageToken == sought.nextPageToken, "\(folder) \(token)")
            }
        }
    }

    /// Contents restored from a seed, written at random (pending writes,
    /// then folded copies), list as a model of their names says, page by
    /// page, and the seed keeps listing its own names.
    @Test("listings of written copies of seeded contents match the model", arguments: [1, 2, 3])
    func writtenCopies(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var seededNames: Set<String> = []
        for _ in 0..<600 { seededNames.insert(Self.randomName(&random)) }
        let seeded = BucketContents(
            sorted: seededNames.sorted { UTF8Order.compare($0, $1) < 0 }.map { PendingWritesTests().entry($0, size: 1) })
        var contents = seeded
        var names = seededNames
        for step in 0..<1200 {
            let name = Self.randomName(&random)
            if random.next() % 2 == 0 {
                contents.remove(ObjectName(name))
                names.remove(name)
            } else {
                contents.insert(PendingWritesTests().entry(name, size: 2), for: ObjectName(name))
                names.insert(name)
            }
            if step % 150 == 3 {
                for folder in ["", "a/", "/", "a//", "z/", "日本/"] {
                    let expected = ListingModelTests.model(Array(names), prefix: folder, delimiter: "/")
                    let maxResults = Int(random.next() % 9) + 1
                    let listed = try ListingModelTests.allPages((folder, "/"), maxResults: maxResults, pageLimit: names.count + 1) {
                        try contents.list($0, summaryThreshold: 0)
                    }
                    #expect(listed == expected)
                }
            }
        }
        var seed = seeded
        let expected = ListingModelTests.model(Array(seededNames), prefix: "", delimiter: "/")
        let listed = try ListingModelTests.allPages(("", "/"), maxResults: 1000, pageLimit: 2) {
            try seed.list($0, summaryThreshold: 0)
        }
        #expect(listed == expected)
    }
}
