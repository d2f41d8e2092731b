import Foundation

/// What to list: the Cloud Storage list API's parameters.
public struct ListingQuery: Sendable, Hashable {
    /// Only names starting with this (a plain byte prefix, not path-aware).
    public var prefix: String
    /// Roll names up at the first occurrence of this after the prefix; `""` = no delimiter.
    public var delimiter: String
    /// Most entries (items plus prefixes) on one page; at least 1.
    public var maxResults: Int
    /// Where to continue, from a previous page's ``ObjectListing/nextPageToken``.
    public var pageToken: String?

    /// Creates a query.
    public init(prefix: String = "", delimiter: String = "", maxResults: Int = 1000, pageToken: String? = nil) {
        self.prefix = prefix
        self.delimiter = delimiter
        self.maxResults = maxResults
        self.pageToken = pageToken
    }
}

/// One page of a raw listing.
public struct ObjectListing: Sendable {
    /// The items' stored entries.
    var entries: [StoredEntry]
    /// Distinct rolled-up prefixes (each ends with the delimiter), in name order.
    public var prefixes: [String]
    /// The token for the next page, `nil` on the last page.
    public var nextPageToken: String?

    /// Objects whose name has no delimiter after the prefix, in name order.
    public var items: [StoredObject] { entries.map(\.object) }
    /// The item names, in order.
    public var itemNames: [String] { entries.map(\.name) }
}

/// The listing algorithm over a bucket's ordered index.
///
/// Semantics are those of Cloud Storage (storage-service.md §2 steps 3–5):
/// names are filtered by a plain prefix, a delimiter found after the prefix
/// rolls the name up into a prefix, and everything is in UTF-8 byte order.
/// Two choices follow the real service rather than the emulator (§5.3):
/// items and prefixes together count toward `maxResults`, and the page
/// token is an opaque position that resumes strictly after the last entry
/// returned. A page costs one O(log n) seek, plus one more per rolled-up
/// prefix, plus the entries returned: a prefix hiding a million objects is
/// skipped by seeking past it, not by scanning it.
enum ListingEngine {
    static func list(_ index: OrderedIndex<ObjectName, StoredEntry>, query: ListingQuery) throws(StorageError) -> ObjectListing {
        guard query.maxResults >= 1 else {
            throw .invalidArgument("maxResults must be at least 1. Received: \(query.maxResults).")
        }
        let prefix = query.prefix
        let prefixLength = prefix.utf8.count
        let delimiter = Array(query.delimiter.utf8)
        var resume: PageToken?
        if let token = query.pageToken {
            guard let decoded = PageToken(encoded: token) else { throw .invalidPageToken(token) }
            resume = decoded
        }
        var cursor = index.cursor { key in
            UTF8Order.compare(key.string, prefix) < 0 || (resume?.isAtOrBefore(key.string) ?? false)
        }
        var items: [StoredEntry] = []
        var prefixes: [String] = []
        var lastWasPrefix = false
        var nextPageToken: String?
        items.reserveCapacity(min(query.maxResults, 1024))
        while let entry = cursor.element {
            let name = entry.name
            guard UTF8Order.hasPrefix(name, prefix) else { break }
            if items.count + prefixes.count == query.maxResults {
                let last = lastWasPrefix ? prefixes.last : items.last?.name
                nextPageToken = last.map { PageToken(name: $0, isPrefix: lastWasPrefix).encoded }
                break
            }
            if let offset = UTF8Order.firstOccurrence(of: delimiter, in: name, from: prefixLength) {
                let rolledUp = UTF8Order.prefix(name, bytes: offset + delimiter.count)
                prefixes.append(rolledUp)
                lastWasPrefix = true
                let token = PageToken(name: rolledUp, isPrefix: true)
                cursor = index.cursor { token.isAtOrBefore($0.string) }
            } else {
                items.append(entry)
                lastWasPrefix = false
                cursor.advance()
            }
        }
        return ObjectListing(entries: items, prefixes: prefixes, nextPageToken: nextPageToken)
    }
}

/// The position after the last entry of a page: an item name, or a
/// rolled-up prefix (then every name under it is behind too).
struct PageToken: Sendable {
    var name: String
    var isPrefix: Bool

    init(name: String, isPrefix: Bool) {
        self.name = name
        self.isPrefix = isPrefix
    }

    /// Decodes a token made by ``encoded``.
    init?(encoded: String) {
        guard let data = Data(base64Encoded: encoded), let kind = data.first else { return nil }
        guard kind == UInt8(ascii: "i") || kind == UInt8(ascii: "p") else { return nil }
        guard let name = String(bytes: data.dropFirst(), encoding: .utf8) else { return nil }
        self.init(name: name, isPrefix: kind == UInt8(ascii: "p"))
    }

    /// An opaque string: base64 of a kind byte and the name.
    var encoded: String {
        Data([isPrefix ? UInt8(ascii: "p") : UInt8(ascii: "i")] + Array(name.utf8)).base64EncodedString()
    }

    /// Whether a name was already covered by the page that ended here.
    func isAtOrBefore(_ candidate: String) -> Bool {
        UTF8Order.compare(candidate, name) <= 0 || (isPrefix && UTF8Order.hasPrefix(candidate, name))
    }
}
