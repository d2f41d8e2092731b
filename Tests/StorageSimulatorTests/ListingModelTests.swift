@testable import StorageSimulator
import Testing

/// The paged listing against a direct model of the list semantics
/// (filter by prefix, roll up at the first delimiter after it, UTF-8 order),
/// on buckets large enough to span many index leaves.
@Suite("Listing against a model")
struct ListingModelTests {
    /// Every entry of a complete listing, in order: items and prefixes merged.
    ///
    /// Written on plain byte arrays, apart from the `UTF8Order` helpers the
    /// listing itself uses, so that a fault in those shows here.
    static func model(_ names: [String], prefix: String, delimiter: String) -> [String] {
        let prefix = Array(prefix.utf8)
        let delimiter = Array(delimiter.utf8)
        var seen: Set<[UInt8]> = []
        var result: [String] = []
        let sorted = names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        for name in sorted where name.starts(with: prefix) {
            let rest = name[prefix.count...]
            let end = delimiter.isEmpty
                ? nil
                : rest.indices.first { rest[$0...].starts(with: delimiter) }.map { $0 + delimiter.count }
            if let end {
                let rolled = Array(name[..<end])
                if seen.insert(rolled).inserted { result.append(String(decoding: rolled, as: UTF8.self)) }
            } else {
                result.append(String(decoding: name, as: UTF8.self))
            }
        }
        return result
    }

    static func names() -> [String] {
        var names: [String] = []
        var state: UInt64 = 12345
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let parts = ["a", "b", "ab", "é", "x/", "/", "a/", "b/c", "日本", "z"]
        for _ in 0..<1500 {
            var name = ""
            for _ in 0...next(5) { name += parts[next(parts.count)] }
            names.append(name)
        }
        return names
    }

    @Test(
        "all pages together give the model's listing",
        arguments: [("", ""), ("", "/"), ("a", "/"), ("a/", "/"), ("b", "b"), ("", "ab"), ("x/", ""), ("é", "/"), ("zz", "/")],
        [1, 7, 64, 1000])
    func pagesMatchModel(_ query: (String, String), _ maxResults: Int) throws {
        let admin = StorageSimulator().admin
        let names = Self.names()
        for name in names { try admin.put([], path: name) }
        let expected = Self.model(Array(Set(names)), prefix: query.0, delimiter: query.1)
        #expect(try Self.allPages(admin, query, maxResults: maxResults, pageLimit: names.count + 1) == expected)
    }

    /// Every entry of every page of the listing, page by page token, each
    /// page checked for its size and its items against their names.
    static func allPages(_ admin: StorageAdmin, _ query: (String, String), maxResults: Int, pageLimit: Int) throws -> [String] {
        try allPages(query, maxResults: maxResults, pageLimit: pageLimit) { try admin.list($0) }
    }

    /// Every entry of every page that `list` gives for the query, checked as above.
    static func allPages(
        _ query: (String, String), maxResults: Int, pageLimit: Int, list: (ListingQuery) throws -> ObjectListing
    ) throws -> [String] {
        var listed: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let page = try list(ListingQuery(prefix: query.0, delimiter: query.1, maxResults: maxResults, pageToken: token))
            let entries = (page.itemNames + page.prefixes).sorted { UTF8Order.compare($0, $1) < 0 }
            #expect(entries.count <= maxResults)
            if page.nextPageToken != nil { #expect(entries.count == maxResults) }
            #expect(page.itemCount == page.itemNames.count)
            #expect(page.items.map(\.name) == page.itemNames)
            listed += entries
            token = page.nextPageToken
            pages += 1
        } while token != nil && pages <= pageLimit
        return listed
    }

    /// Folders of numbered files, some holding a subfolder whose names sit
    /// among the files': index leaves whose common bytes hold a folder's
    /// whole prefix, with a delimiter in the middle of some of them (the
    /// listing places such a leaf's names with one search).
    static func folderNames() -> [String] {
        var names: [String] = []
        for folder in 0..<6 {
            for file in 0..<300 {
                let base = "folder\(folder)/file\(1000 + file)"
                names.append(base)
                if file % 97 == 5 { names.append(base + "/inner\(file)") }
                if folder == 3 && file % 50 == 7 { names.append(base + "x/y") }
            }
        }
        return names
    }

    @Test(
        "folder-shaped buckets: all pages together give the model's listing",
        arguments: [("folder3/", "/"), ("folder3/file1", "/"), ("folder", "/"), ("", "/"), ("folder3/", ""), ("folder2/", "e")],
        [1, 5, 63, 64, 65, 1000])
    func folderPagesMatchModel(_ query: (String, String), _ maxResults: Int) throws {
        let admin = StorageSimulator().admin
        let names = Self.folderNames()
        for name in names.reversed() { try admin.put([], path: name) }
        let expected = Self.model(names, prefix: query.0, delimiter: query.1)
        #expect(try Self.allPages(admin, query, maxResults: maxResults, pageLimit: names.count + 1) == expected)
    }

    @Test("a page already returned does not change when the bucket does")
    func pageIsASnapshot() throws {
        let admin = StorageSimulator().admin
        for index in 0..<300 { try admin.put([], path: "f/" + String(1000 + index)) }
        let page = try admin.list(ListingQuery(prefix: "f/", maxResults: 200))
        let before = page.itemNames
        for index in 0..<300 where index % 2 == 0 { admin.delete(path: "f/" + String(1000 + index)) }
        try admin.put([], path: "f/1000a")
        #expect(page.itemNames == before)
        #expect(page.items.map(\.name) == before)
    }

    @Test("names the list API hides", arguments: [
        ("a", true), ("/a", true), ("a/b", true), ("/a/b", true), ("", false), ("/", false), ("//a", false),
        ("a/", false), ("a//b", false), ("/a/", false), ("é/日本", true),
    ])
    func listable(_ example: (String, Bool)) {
        let (name, expected) = example
        #expect(ObjectPath.isListableItem(name) == expected)
        if expected {
            #expect(ObjectPath.normalizedListed(name) == ObjectPath.normalized(name))
            #expect(ObjectPath.normalizedListed(name + "/") == ObjectPath.normalized(name + "/"))
        }
    }

    @Test("a name is the last non-empty segment, found on the bytes", arguments: [
        ("a/b/c.txt", "c.txt"), ("a/b//", "b"), ("a", "a"), ("", nil), ("///", nil), ("é/日本/", "日本"),
        ("/x", "x"), ("a/\u{301}b", "\u{301}b"),
    ] as [(String, String?)])
    func lastSegment(_ example: (String, String?)) {
        let (path, expected) = example
        #expect(ObjectPath.lastNonEmptySegmentName(path) == expected)
        #expect(ObjectPath.lastNonEmptySegmentName(path) == ObjectPath.segments(path).last.map(String.init))
    }

    @Test("a child of the root is its normalized path", arguments: [
        "a", "a/b", "/a", "a/", "a//b", "", "/", "é/x", "\u{301}x", "a/\u{301}b", "x/\u{200D}", "日本/語",
    ])
    func rootChild(_ path: String) {
        let root = StorageSimulator().storage().reference()
        #expect(root.child(path).fullPath == ObjectPath.normalized("/" + path))
        if ObjectPath.isNormalizedRelative(path) { #expect(ObjectPath.normalized("/" + path) == path) }
    }
}
