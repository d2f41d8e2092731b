#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object name as an index key: equality and order are those of the
/// UTF-8 bytes, as Cloud Storage orders names.
///
/// Swift's own `String` comparison treats canonically equivalent strings as
/// equal (`"é"` precomposed or not) and orders by Unicode scalars after
/// normalization; object names are exact byte strings, so neither applies.
struct ObjectName: Comparable, Hashable, Sendable {
    /// The name.
    let string: String

    init(_ string: String) { self.string = string }

    static func < (lhs: ObjectName, rhs: ObjectName) -> Bool {
        UTF8Order.compare(lhs.string, rhs.string) < 0
    }

    static func == (lhs: ObjectName, rhs: ObjectName) -> Bool {
        UTF8Order.compare(lhs.string, rhs.string) == 0
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Byte-wise helpers on the UTF-8 form of strings.
enum UTF8Order {
    /// Calls `body` with the UTF-8 bytes of `string`: in place when the
    /// string's storage is contiguous UTF-8 (a native string), else copied.
    @inline(__always)
    static func withBytes<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// Compares two strings by their UTF-8 bytes: negative, zero or positive.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        // Both in place, or both copied: `withBytes` nested twice was not
        // inlined, and doubled the cost of a comparison (82 → 188 instructions).
        let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { IndexBytes.compare(left, $0) }
        }
        if let inPlace, let order = inPlace { return order }
        return Array(lhs.utf8).withUnsafeBufferPointer { left in
            Array(rhs.utf8).withUnsafeBufferPointer { IndexBytes.compare(left, $0) }
        }
    }

    /// Whether two strings have the same bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// The byte offset of the first occurrence of `needle` in `haystack`
    /// at or after byte offset `start`, if any.
    static func firstOccurrence(of needle: [UInt8], in haystack: String, from start: Int) -> Int? {
        guard !needle.isEmpty else { return nil }
        return withBytes(of: haystack) { bytes in
            needle.withUnsafeBufferPointer { firstOccurrence(of: $0, in: bytes, from: start) }
        }
    }

    /// The byte offset of the first occurrence of `needle` in `bytes` at or
    /// after offset `start`; `nil` for an empty needle.
    static func firstOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        if needle.count == 1, let base = bytes.baseAddress {
            guard let found = memchr(base + start, Int32(needle[0]), bytes.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let first = needle[0]
        var position = start
        while position <= bytes.count - needle.count {
            if bytes[position] == first {
                var offset = 1
                while offset < needle.count, bytes[position + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return position }
            }
            position += 1
        }
        return nil
    }
}
