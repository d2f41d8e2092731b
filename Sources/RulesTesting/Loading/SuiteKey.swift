/// A key of a case, a step, an operation's fields or an expectation,
/// interned when its mapping is read: the loader then checks and reads a
/// case by bit tests and byte comparisons. Matching each case's keys as
/// strings against lists of allowed keys, operations and fields cost about
/// 4,000 instructions a case, mostly in comparing strings that differ.
enum SuiteKey: UInt8, CaseIterable {
    case name, firestore, skip
    case `as`, auth, time
    case get, list, listAll, upload, updateMetadata, delete, request
    case expect, steps, bucket, maxResults, pageToken
    case content, contentBase64, size, file
    case contentType, metadata, cacheControl, contentDisposition, contentEncoding, contentLanguage
    case set, method, path, resource, existing
    case decision, error, items, prefixes, nextPageToken
    /// Any key not named above (`metadata`'s own keys, a typo).
    case other

    /// The key written as `text`, or ``other``.
    init(_ text: String) {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else {
            self = .other
            return
        }
        var slot = Self.slot(count: utf8.count, first: first, last: last)
        while true {
            let candidate = Self.table[slot]
            if candidate == .other || candidate.text == text {
                self = candidate
                return
            }
            slot = (slot + 1) & Self.tableMask
        }
    }

    /// The key as suites write it.
    var text: String { Self.texts[Int(rawValue)] }

    private static let texts: [String] = allCases.map { "\($0)" }

    /// Slots of an open-addressing table, each holding a key or ``other``
    /// (empty): a key's length and its first and last bytes pick its slot,
    /// so finding a key takes one string comparison, which for the key
    /// itself is a comparison of its inline bytes.
    private static let tableMask = 127
    private static let table: [SuiteKey] = {
        var table = [SuiteKey](repeating: .other, count: tableMask + 1)
        for key in allCases where key != .other {
            let utf8 = key.text.utf8
            var slot = slot(count: utf8.count, first: utf8.first!, last: utf8.last!)
            while table[slot] != .other { slot = (slot + 1) & tableMask }
            table[slot] = key
        }
        return table
    }()

    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 37 &+ Int(first) &* 11 &+ Int(last)) & tableMask
    }
}

/// A set of ``SuiteKey``s, one bit each.
struct SuiteKeys: Equatable {
    var bits: UInt64

    init(_ keys: [SuiteKey]) {
        bits = keys.reduce(0) { $0 | Self.bit($1) }
    }

    static func bit(_ key: SuiteKey) -> UInt64 { 1 << UInt64(key.rawValue) }

    func contains(_ key: SuiteKey) -> Bool { bits & Self.bit(key) != 0 }

    mutating func insert(_ key: SuiteKey) { bits |= Self.bit(key) }

    func isSubset(of other: SuiteKeys) -> Bool { bits & ~other.bits == 0 }
}
