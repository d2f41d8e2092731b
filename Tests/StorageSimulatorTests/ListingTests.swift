@testable import StorageSimulator
import Testing

@Suite("Raw listing layer")
struct ListingTests {
    static func gcsExampleBucket() throws -> StorageAdmin {
        let admin = StorageSimulator().admin
        for name in ["testing/shoveler.svg", "prefix/dir/file.txt", "prefix", "prefix/2.txt", "prefix/1.txt"] {
            try admin.put(text: "x", path: name)
        }
        return admin
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var prefix: String
        var delimiter: String
        var items: [String]
        var prefixes: [String]
        var testDescription: String { "prefix '\(prefix)' delimiter '\(delimiter)'" }
    }

    /// The worked examples of storage-service.md §2.
    static let table: [Case] = [
        Case(prefix: "", delimiter: "", items: ["prefix", "prefix/1.txt", "prefix/2.txt", "prefix/dir/file.txt", "testing/shoveler.svg"], prefixes: []),
        Case(prefix: "", delimiter: "/", items: ["prefix"], prefixes: ["prefix/", "testing/"]),
        Case(prefix: "", delimiter: "dir", items: ["prefix", "prefix/1.txt", "prefix/2.txt", "testing/shoveler.svg"], prefixes: ["prefix/dir"]),
        Case(prefix: "prefix", delimiter: "", items: ["prefix", "prefix/1.txt", "prefix/2.txt", "prefix/dir/file.txt"], prefixes: []),
        Case(prefix: "prefix/", delimiter: "/", items: ["prefix/1.txt", "prefix/2.txt"], prefixes: ["prefix/dir/"]),
        Case(prefix: "p", delimiter: "p", items: ["prefix", "prefix/1.txt", "prefix/2.txt", "prefix/dir/file.txt"], prefixes: []),
        Case(prefix: "t", delimiter: "t", items: [], prefixes: ["test"]),
        Case(prefix: "p", delimiter: "t", items: ["prefix"], prefixes: ["prefix/1.t", "prefix/2.t", "prefix/dir/file.t"]),
        Case(prefix: "pref", delimiter: "i", items: [], prefixes: ["prefi"]),
        Case(prefix: "prefi", delimiter: "i", items: ["prefix", "prefix/1.txt", "prefix/2.txt"], prefixes: ["prefix/di"]),
        Case(prefix: "blah/", delimiter: "", items: [], prefixes: []),
    ]

    @Test("storage-service.md §2 worked examples", arguments: table)
    func workedExample(_ example: Case) throws {
        let admin = try Self.gcsExampleBucket()
        let listing = try admin.list(ListingQuery(prefix: example.prefix, delimiter: example.delimiter))
        #expect(listing.itemNames == example.items)
        #expect(listing.prefixes == example.prefixes)
        #expect(listing.nextPageToken == nil)
    }

    @Test("maxResults 3 pages the full listing: token on the first page, none on the second")
    func pagingFullListing() throws {
        let admin = try Self.gcsExampleBucket()
        let first = try admin.list(ListingQuery(maxResults: 3))
        #expect(first.itemNames == ["prefix", "prefix/1.txt", "prefix/2.txt"])
        let token = try #require(first.nextPageToken)
        let second = try admin.list(ListingQuery(maxResults: 3, pageToken: token))
        #expect(second.itemNames == ["prefix/dir/file.txt", "testing/shoveler.svg"])
        #expect(second.nextPageToken == nil)
    }

    @Test("items and prefixes count together toward maxResults, in name order")
    func pagesMixItemsAndPrefixes() throws {
        let admin = StorageSimulator().admin
        for name in ["a", "b/1", "b/2", "c", "d/1", "e"] { try admin.put(text: "", path: name) }
        var pages: [([String], [String])] = []
        var token: String?
        repeat {
            let page = try admin.list(ListingQuery(delimiter: "/", maxResults: 2, pageToken: token))
            pages.append((page.itemNames, page.prefixes))
            token = page.nextPageToken
        } while token != nil
        #expect(pages.map(\.0) == [["a"], ["c"], ["e"]])
        #expect(pages.map(\.1) == [["b/"], ["d/"], []])
    }

    @Test("a prefix hiding many objects is skipped in one step and never repeated")
    func prefixIsNotRepeated() throws {
        let admin = StorageSimulator().admin
        for index in 0..<500 { try admin.put(text: "", path: "big/\(index)") }
        try admin.put(text: "", path: "after")
        try admin.put(text: "", path: "big")
        let first = try admin.list(ListingQuery(delimiter: "/", maxResults: 2))
        #expect(first.itemNames == ["after", "big"])
        let token = try #require(first.nextPageToken)
        let second = try admin.list(ListingQuery(delimiter: "/", maxResults: 2, pageToken: token))
        #expect(second.prefixes == ["big/"])
        #expect(second.nextPageToken == nil)
    }

    @Test("names are exact: a//b, a/b and a/ are three objects")
    func exactNames() throws {
        let admin = StorageSimulator().admin
        try admin.put(text: "1", path: "a//b")
        try admin.put(text: "2", path: "a/b")
        try admin.put(text: "3", path: "a/")
        #expect(admin.count() == 3)
        #expect(try admin.list().itemNames == ["a/", "a//b", "a/b"])
        #expect(admin.data(path: "a//b") == .init("1".utf8))
        #expect(try admin.list(ListingQuery(prefix: "a/", delimiter: "/")).prefixes == ["a//"])
    }

    @Test("listing order is UTF-8 byte order, not UTF-16 or Swift's String order")
    func utf8Order() throws {
        let admin = StorageSimulator().admin
        for name in ["\u{1F600}", "\u{FF61}", "e\u{301}", "\u{E9}", "Z", "a"] { try admin.put(text: "", path: name) }
        #expect(try admin.list().itemNames.map { Array($0.unicodeScalars) } == [
            "Z", "a", "e\u{301}", "\u{E9}", "\u{FF61}", "\u{1F600}",
        ].map { Array($0.unicodeScalars) })
    }

    @Test("an empty page token is the first page, as in Cloud Storage and the SDKs")
    func emptyPageTokenIsTheFirstPage() throws {
        let admin = try Self.gcsExampleBucket()
        let first = try admin.list(ListingQuery(maxResults: 3, pageToken: ""))
        #expect(first.itemNames == ["prefix", "prefix/1.txt", "prefix/2.txt"])
        #expect(first.nextPageToken != nil)
    }

    @Test("bad queries are invalid arguments", arguments: ["not base64!", "eA=="])
    func badPageToken(_ token: String) throws {
        let admin = StorageSimulator().admin
        #expect(throws: StorageError.self) { try admin.list(ListingQuery(pageToken: token)) }
        do {
            _ = try admin.list(ListingQuery(pageToken: token))
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test("maxResults below 1 is refused")
    func badMaxResults() {
        let admin = StorageSimulator().admin
        #expect(throws: StorageError.self) { try admin.list(ListingQuery(maxResults: 0)) }
    }

    @Test("the v0 filters drop names with empty segments")
    func listableNames() {
        #expect(ObjectPath.isListableItem("a/b"))
        #expect(ObjectPath.isListableItem("/a"))
        #expect(!ObjectPath.isListableItem("a//b"))
        #expect(!ObjectPath.isListableItem("a/"))
        #expect(!ObjectPath.isListableItem(""))
        #expect(!ObjectPath.isListableItem("/") && !ObjectPath.isListableItem("//a"))
        #expect(ObjectPath.isListablePrefix("a/b/") && ObjectPath.isListablePrefix("/a/") && ObjectPath.isListablePrefix("a"))
        #expect(!ObjectPath.isListablePrefix("a//") && !ObjectPath.isListablePrefix("/") && !ObjectPath.isListablePrefix("a//b/"))
        #expect(!ObjectPath.isListablePrefix("//") && ObjectPath.isListablePrefix("é/ü/"))
        #expect(ObjectPath.isListablePrefix("listAll/bar/"))
        #expect(!ObjectPath.isListablePrefix("listAll//"))
        #expect(!ObjectPath.isListablePrefix("/"))
    }
}
