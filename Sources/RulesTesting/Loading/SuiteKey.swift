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
        var text = text
        self = text.withUTF8 { Self(utf8: $0) }
    }

    /// The key whose UTF-8 bytes are `bytes`, or ``other``.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let packed = Packed(bytes) else {
            self = .other
            return
        }
        var slot = packed.slot
        while true {
            let entry = Self.table[slot]
            if entry.key == .other || entry.text == packed {
                self = entry.key
                return
            }
            slot = (slot &+ 1) & Self.tableMask
        }
    }

    /// The key as suites write it.
    var text: String {
        switch self {
        case .name: "name"
        case .firestore: "firestore"
        case .skip: "skip"
        case .as: "as"
        case .auth: "auth"
        case .time: "time"
        case .get: "get"
        case .list: "list"
        case .listAll: "listAll"
        case .upload: "upload"
        case .updateMetadata: "updateMetadata"
        case .delete: "delete"
        case .request: "request"
        case .expect: "expect"
        case .steps: "steps"
        case .bucket: "bucket"
        case .maxResults: "maxResults"
        case .pageToken: "pageToken"
        case .content: "content"
        case .contentBase64: "contentBase64"
        case .size: "size"
        case .file: "file"
        case .contentType: "contentType"
        case .metadata: "metadata"
        case .cacheControl: "cacheControl"
        case .contentDisposition: "contentDisposition"
        case .contentEncoding: "contentEncoding"
        case .contentLanguage: "contentLanguage"
        case .set: "set"
        case .method: "method"
        case .path: "path"
        case .resource: "resource"
        case .existing: "existing"
        case .decision: "decision"
        case .error: "error"
        case .items: "items"
        case .prefixes: "prefixes"
        case .nextPageToken: "nextPageToken"
        case .other: ""
        }
    }

    /// Up to 24 bytes of text in three words, zero-padded, and their count:
    /// every key fits, and comparing one is comparing four integers.
    private struct Packed: Equatable {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 24 else { return nil }
            count = bytes.count
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        }

        /// Where the text's search starts in ``table``: the top seven bits of
        /// its first word plus its length, times an odd 64-bit constant.
        var slot: Int { Int(truncatingIfNeeded: ((words.0 &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 57) & tableMask }

        static func == (lhs: Packed, rhs: Packed) -> Bool {
            lhs.count == rhs.count && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
        }
    }

    private static let tableMask = 127
    /// An open-addressing table of the keys' texts; ``other`` marks an empty slot.
    private static let table: [(key: SuiteKey, text: Packed)] = {
        let empty = Packed(UnsafeBufferPointer(start: nil, count: 0))!
        var table = [(key: SuiteKey, text: Packed)](repeating: (.other, empty), count: tableMask + 1)
        for key in allCases where key != .other {
            var text = key.text
            let packed = text.withUTF8 { Packed($0)! }
            var slot = packed.slot
            while table[slot].key != .other { slot = (slot + 1) & tableMask }
            table[slot] = (key, packed)
        }
        return table
    }()
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
