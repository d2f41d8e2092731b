import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
///
/// Items are kept as runs of the index's own leaf arrays (copy-on-write, so
/// later writes to the bucket do not change a page already returned) and
/// turned into records or names only when asked for: a page costs one
/// retain per leaf, not one per item.
public struct ObjectListing: Sendable {
    /// The items, as runs of consecutive index entries.
    var runs: [ListingRun]
    /// Distinct rolled-up prefixes (each ends with the delimiter), in name order.
    public var prefixes: [String]
    /// The token for the next page, `nil` on the last page.
    public var nextPageToken: String?

    /// The items' stored entries, in name order.
    var entries: [StoredEntry] {
        var result: [StoredEntry] = []
        result.reserveCapacity(itemCount)
        for run in runs { result += run.entries }
        return result
    }

    /// The number of items.
    public var itemCount: Int { runs.reduce(0) { $0 + $1.entries.count } }
    /// Objects whose name has no delimiter after the prefix, in name order.
    public var items: [StoredObject] { runs.flatMap { $0.entries.map(\.object) } }
    /// The item names, in order.
    public var itemNames: [String] { runs.flatMap { $0.entries.map(\.name) } }

    /// Keeps only the items whose name satisfies `isIncluded`.
    mutating func filterItems(_ isIncluded: (String) -> Bool) {
        var filtered: [ListingRun] = []
        for run in runs {
            var start = run.entries.startIndex
            for position in run.entries.indices where !isIncluded(run.entries[position].name) {
                if start < position { filtered.append(run.slice(start..<position)) }
                start = position + 1
            }
            if start < run.entries.endIndex { filtered.append(run.slice(start..<run.entries.endIndex)) }
        }
        runs = filtered
    }
}

/// Consecutive entries of one index leaf.
struct ListingRun: Sendable {
    var entries: ArraySlice<StoredEntry>

    func slice(_ range: Range<Int>) -> ListingRun {
        ListingRun(entries: entries[range])
    }
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
///
/// A page listing a folder (the root, or a prefix ending with `/`) with the
/// delimiter `/`, as the SDKs list, stops seeking in the name index once no
/// item of the folder can follow (a first page has placed as many as the
/// folder holds, or the page is past its last item): the rest of the page
/// is the folder's child directories, read in order from `directories`
/// (see ``DirectorySummary``), when the folder's child directories hold at
/// least `summaryThreshold` names.
enum ListingEngine {
    /// A folder whose child directories hold fewer names than this is listed
    /// by seeks alone: those names lie in a few index leaves that the seeks
    /// read from cache, and the summary's walk costs more than it saves (a
    /// test runner's small folders: a thousand instructions a listing).
    static let namesInChildrenForSummary = 128

    static func list(
        _ index: OrderedIndex<ObjectName, StoredEntry>, directories: DirectorySummary? = nil,
        summaryThreshold: Int = namesInChildrenForSummary, query: ListingQuery
    ) throws(StorageError) -> ObjectListing {
        guard query.maxResults >= 1 else {
            throw .invalidArgument("maxResults must be at least 1. Received: \(query.maxResults).")
        }
        let prefix = query.prefix
        let prefixBytes = Array(prefix.utf8)
        let delimiter = Array(query.delimiter.utf8)
        var resume: PageToken?
        // An empty token means no token (the first page), as in Cloud Storage and the SDKs.
        if let token = query.pageToken, !token.isEmpty {
            guard let decoded = PageToken(encoded: token) else { throw .invalidPageToken(token) }
            resume = decoded
        }
        var start = prefixBytes
        if let bound = resume?.lowerBound, IndexBytes.compare(bound, start) > 0 { start = bound }
        let slash = UInt8(ascii: "/")
        // What `directories` knows of the listed folder, where the rest of a page can come from it.
        var folder: DirectoryRecord?
        if let directories, delimiter == [slash], (prefixBytes.last ?? slash) == slash,
            resume.map({ $0.endsEntry(inFolder: prefixBytes) }) ?? true
        {
            let record = prefixBytes.withUnsafeBufferPointer { directories.record(of: $0) } ?? DirectoryRecord(names: 0, items: 0)
            if record.names - record.items >= summaryThreshold { folder = record }
        }
        var itemCount = 0
        // Where the page goes on in `directories`, once no item can follow.
        var directoriesFrom: [UInt8]? =
            start.withUnsafeBufferPointer { Self.itemMayFollow(in: folder, at: $0, firstPageItems: resume == nil ? 0 : nil) }
            ? nil : start
        var cursor = index.cursor(atLeast: start)
        // The seek bound after each rolled-up prefix, and each name's bytes
        // (assembled from its leaf's, see `IndexNode`): one buffer each for the page.
        var bound: [UInt8] = []
        var name: [UInt8] = []
        var runs: [ListingRun] = []
        var prefixes: [String] = []
        // The last entry placed: the last prefix, or (`lastWasPrefix` false)
        // the last item of `runs`, whose name is read from its record only
        // if a token needs it (a cache miss per leaf otherwise).
        var lastPrefix: String?
        var lastWasPrefix = false
        func lastName() -> String? { lastWasPrefix ? lastPrefix : runs.last?.entries.last?.name }
        var nextPageToken: String?
        var isFull = false
        var done = directoriesFrom != nil
        while !done {
            var rolledUp: String?
            done = true
            prefixBytes.withUnsafeBufferPointer { prefixBytes in
                delimiter.withUnsafeBufferPointer { delimiter in
                    cursor.scan { keyBytes, entries, range in
                        let consumed = keyBytes.bytes.withUnsafeBufferPointer { leafBytes in
                            let common = LeafPlacement(
                                leafBytes: leafBytes, shared: keyBytes.shared, prefix: prefixBytes, delimiter: delimiter)
                            var first = range.lowerBound
                            if let common {
                                let leading = common.leadingItems(range, keyBytes: keyBytes, in: leafBytes)
                                let room = query.maxResults - (itemCount + prefixes.count)
                                if leading > room {
                                    itemCount += room
                                    isFull = true
                                    return room
                                }
                                itemCount += leading
                                first += leading
                            }
                            for position in first..<range.upperBound {
                                let placement =
                                    common?.placement(
                                        suffix: keyBytes.start(of: position)..<Int(keyBytes.ends[position]), in: leafBytes)
                                    ?? keyBytes.withKey(at: position, scratch: &name) {
                                        Placement(of: $0, prefix: prefixBytes, delimiter: delimiter)
                                    }
                                switch placement {
                                case .outside:
                                    return position - range.lowerBound
                                case .item:
                                    if itemCount + prefixes.count == query.maxResults {
                                        isFull = true
                                        return position - range.lowerBound
                                    }
                                    itemCount += 1
                                case .rolledUp(let length):
                                    if itemCount + prefixes.count == query.maxResults {
                                        isFull = true
                                        return position - range.lowerBound
                                    }
                                    // The delimiter ends a scalar, so the bytes cut there are valid UTF-8.
                                    rolledUp = keyBytes.withKey(at: position, scratch: &name) {
                                        String(decoding: UnsafeBufferPointer(rebasing: $0[..<length]), as: UTF8.self)
                                    }
                                    return position - range.lowerBound
                                }
                            }
                            return range.count
                        }
                        if consumed > 0 {
                            let taken = range.lowerBound..<(range.lowerBound + consumed)
                            runs.append(ListingRun(entries: entries[taken]))
                            lastWasPrefix = false
                        }
                        return consumed
                    }
                }
            }
            if isFull {
                nextPageToken = lastName().map { PageToken(name: $0, isPrefix: lastWasPrefix).encoded }
            }
            // A rolled-up prefix may hide any number of names: seek past them.
            if let rolledUp {
                prefixes.append(rolledUp)
                lastPrefix = rolledUp
                lastWasPrefix = true
                PageToken(name: rolledUp, isPrefix: true).withLowerBound(scratch: &bound) { next in
                    if Self.itemMayFollow(in: folder, at: next, firstPageItems: resume == nil ? itemCount : nil) {
                        cursor.seek(atLeast: next)
                        done = false
                    } else {
                        directoriesFrom = Array(next)
                    }
                }
            }
        }
        if let directoriesFrom, let directories {
            let before = prefixes.count
            let more = prefixBytes.withUnsafeBufferPointer { folder in
                directories.appendChildren(
                    of: folder, from: directoriesFrom, room: query.maxResults - itemCount - prefixes.count, to: &prefixes)
            }
            if prefixes.count > before {
                lastPrefix = prefixes.last
                lastWasPrefix = true
            }
            if more { nextPageToken = lastName().map { PageToken(name: $0, isPrefix: lastWasPrefix).encoded } }
        }
        return ObjectListing(runs: runs, prefixes: prefixes, nextPageToken: nextPageToken)
    }

    /// Whether `folder` (`nil`: a folder the directory summary does not
    /// answer for) may hold an item at or after `position` that is not on
    /// the page yet; `firstPageItems` is the number of items a first page
    /// has placed, `nil` on a later page.
    private static func itemMayFollow(
        in folder: DirectoryRecord?, at position: UnsafeBufferPointer<UInt8>, firstPageItems: Int?
    ) -> Bool {
        guard let folder else { return true }
        if firstPageItems == folder.items { return false }
        return folder.mayHaveItem(atOrAfter: position)
    }

    /// Where one name goes on a page, decided in one pass over its UTF-8
    /// bytes: past the prefix (the listing is over), an item, or rolled up
    /// into the prefix made of its first `length` bytes.
    enum Placement {
        case outside
        case item
        case rolledUp(length: Int)

        init(
            of bytes: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>, delimiter: UnsafeBufferPointer<UInt8>
        ) {
            guard bytes.count >= prefix.count else {
                self = .outside
                return
            }
            if let base = bytes.baseAddress, let start = prefix.baseAddress, memcmp(base, start, prefix.count) != 0 {
                self = .outside
                return
            }
            guard let offset = UTF8Order.firstOccurrence(of: delimiter, in: bytes, from: prefix.count) else {
                self = .item
                return
            }
            self = .rolledUp(length: offset + delimiter.count)
        }
    }
}

/// The placement of the names of one index leaf, from the leaf's own bytes
/// (see ``IndexNode``) and without assembling any name, for a delimiter of
/// at most one byte.
///
/// The bytes all names of the leaf begin with are compared with the
/// query's prefix once. Where they hold the whole prefix and the delimiter,
/// they decide every name; otherwise each name's remaining bytes are tested
/// for the rest of the prefix and searched for the delimiter.
///
/// Holds a pointer into the query's prefix: use it only while that buffer lives.
struct LeafPlacement {
    /// The placement of every name of the leaf, where the common bytes
    /// decide it (no delimiter, one among them, or a different prefix).
    private let decided: ListingEngine.Placement?
    /// The prefix's bytes past the common ones, which each name's remaining
    /// bytes must begin with (empty when the common bytes hold the prefix).
    private let prefixRest: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8?
    private let shared: Int

    /// `nil` for a delimiter of more than one byte, or a leaf without bytes.
    init?(
        leafBytes: UnsafeBufferPointer<UInt8>, shared: Int, prefix: UnsafeBufferPointer<UInt8>,
        delimiter: UnsafeBufferPointer<UInt8>
    ) {
        guard delimiter.count <= 1, let base = leafBytes.baseAddress else { return nil }
        self.shared = shared
        self.delimiter = delimiter.first
        let compared = min(shared, prefix.count)
        if compared > 0, let start = prefix.baseAddress, memcmp(base, start, compared) != 0 {
            decided = .outside
            prefixRest = UnsafeBufferPointer(start: nil, count: 0)
        } else if shared < prefix.count {
            decided = nil
            prefixRest = UnsafeBufferPointer(rebasing: prefix[shared...])
        } else {
            prefixRest = UnsafeBufferPointer(start: nil, count: 0)
            if let delimiter = self.delimiter,
                let found = memchr(base + prefix.count, Int32(delimiter), shared - prefix.count)
            {
                decided = .rolledUp(length: base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1)
            } else {
                decided = self.delimiter == nil ? .item : nil
            }
        }
    }

    /// How many names from the start of `positions` are items, known
    /// without testing each: all of them where the common bytes decide that
    /// every name is one, or, where the common bytes hold the whole prefix,
    /// those before the first name whose remaining bytes hold the delimiter.
    /// The names' remaining bytes lie end to end in the leaf's, so one
    /// search covers them all. Zero where each name must be tested.
    func leadingItems<Key, Element>(
        _ positions: Range<Int>, keyBytes: IndexNode<Key, Element>.KeyBytes, in leafBytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        if case .item? = decided { return positions.count }
        guard decided == nil, prefixRest.isEmpty, let delimiter, let base = leafBytes.baseAddress, !positions.isEmpty
        else { return 0 }
        let start = keyBytes.start(of: positions.lowerBound)
        let end = Int(keyBytes.ends[positions.upperBound &- 1])
        guard let found = memchr(base + start, Int32(delimiter), end &- start) else { return positions.count }
        let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var position = positions.lowerBound
        while Int(keyBytes.ends[position]) <= offset { position &+= 1 }
        return position &- positions.lowerBound
    }

    /// The placement of the name whose remaining bytes are `suffix` of `leafBytes`.
    @inline(__always)
    func placement(suffix: Range<Int>, in leafBytes: UnsafeBufferPointer<UInt8>) -> ListingEngine.Placement {
        if let decided { return decided }
        guard let base = leafBytes.baseAddress else { return .outside }
        let start = base + suffix.lowerBound
        if let rest = prefixRest.baseAddress {
            guard suffix.count >= prefixRest.count, memcmp(start, rest, prefixRest.count) == 0 else { return .outside }
        }
        guard let delimiter else { return .item }
        let searched = prefixRest.count
        guard suffix.count > searched, let found = memchr(start + searched, Int32(delimiter), suffix.count - searched)
        else { return .item }
        return .rolledUp(length: shared + start.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1)
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

    /// Whether this token ends an entry of a `/`-delimited listing of
    /// `folder` (a prefix ending with `/`, or none): one of its items, one
    /// of its child directories, or a name outside it. Every token such a
    /// listing returns does; one another query returned may point inside a
    /// child directory, which such a listing still shows (the seeks find
    /// the names there), so the directory summary must not answer for it.
    func endsEntry(inFolder folder: [UInt8]) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.starts(with: folder) else { return true }
        guard let slash = bytes[folder.count...].firstIndex(of: UInt8(ascii: "/")) else { return true }
        return isPrefix && slash == bytes.count - 1
    }

    /// An opaque string: base64 of a kind byte and the name.
    var encoded: String {
        Data([isPrefix ? UInt8(ascii: "p") : UInt8(ascii: "i")] + Array(name.utf8)).base64EncodedString()
    }

    /// The least byte string after every name the page that ended here
    /// covered: the name followed by `00` (its immediate successor), or for
    /// a prefix by `FF`, a byte valid UTF-8 never contains, so every name
    /// starting with the prefix orders before it.
    var lowerBound: [UInt8] {
        var bytes: [UInt8] = []
        return withLowerBound(scratch: &bytes) { Array($0) }
    }

    /// Calls `body` with ``lowerBound`` written into `scratch` (grown when
    /// too short), so a page seeking past many prefixes builds no arrays.
    func withLowerBound<Result>(scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let count = name.utf8.count
        if scratch.count <= count { scratch = [UInt8](repeating: 0, count: count + 1) }
        return scratch.withUnsafeMutableBufferPointer { buffer in
            _ = buffer.initialize(from: name.utf8)
            buffer[count] = isPrefix ? 0xFF : 0x00
            return body(UnsafeBufferPointer(rebasing: buffer[...count]))
        }
    }
}
