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
    /// Compares two strings by their UTF-8 bytes: negative, zero or positive.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                compare(left, right)
            }
        }
        if let fast, let result = fast { return result }
        return compare(Array(lhs.utf8)[...], Array(rhs.utf8)[...])
    }

    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(left.count, right.count)
        if shared > 0, let l = left.baseAddress, let r = right.baseAddress {
            let result = memcmp(l, r, shared)
            if result != 0 { return Int(result) }
        }
        return left.count - right.count
    }

    private static func compare(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Int {
        for (l, r) in zip(left, right) where l != r {
            return Int(l) - Int(r)
        }
        return left.count - right.count
    }

    /// Whether `string` starts with `prefix`, byte for byte.
    static func hasPrefix(_ string: String, _ prefix: String) -> Bool {
        let fast = string.utf8.withContiguousStorageIfAvailable { whole in
            prefix.utf8.withContiguousStorageIfAvailable { start in
                guard start.count <= whole.count else { return false }
                guard let wholeBase = whole.baseAddress, let startBase = start.baseAddress else { return start.isEmpty }
                return memcmp(wholeBase, startBase, start.count) == 0
            }
        }
        if let fast, let result = fast { return result }
        return string.utf8.starts(with: prefix.utf8)
    }

    /// Whether two strings have the same bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// The byte offset of the first occurrence of `needle` in `haystack`
    /// at or after byte offset `start`, if any.
    static func firstOccurrence(of needle: [UInt8], in haystack: String, from start: Int) -> Int? {
        guard !needle.isEmpty else { return nil }
        if let found = haystack.utf8.withContiguousStorageIfAvailable({ firstOccurrence(of: needle, in: $0, from: start) }) {
            return found
        }
        return Array(haystack.utf8).withUnsafeBufferPointer { firstOccurrence(of: needle, in: $0, from: start) }
    }

    private static func firstOccurrence(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        needle.withUnsafeBufferPointer { firstOccurrence(of: $0, in: bytes, from: start) }
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
