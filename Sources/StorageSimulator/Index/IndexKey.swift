/// A key of ``OrderedIndex``: its order is the byte order of ``withBytes(_:)``.
///
/// The index compares keys through their bytes so that a node can keep its
/// keys' bytes in its own arrays (see ``IndexNode``): a search then never
/// reads a key's own storage, which at a million keys would be a cache
/// miss at every probe of every level.
protocol IndexKey: Comparable {
    /// Calls `body` with the key's bytes, whose lexicographic order must be
    /// the key's `<`.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result

    /// The key whose bytes (as ``withBytes(_:)`` gives them) are `bytes`.
    init(indexBytes bytes: UnsafeBufferPointer<UInt8>)
}

extension ObjectName: IndexKey {
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        UTF8Order.withBytes(of: string, body)
    }

    /// The name whose UTF-8 is `bytes` (always valid: every name stored is a string).
    init(indexBytes bytes: UnsafeBufferPointer<UInt8>) {
        self.init(String(decoding: bytes, as: UTF8.self))
    }
}

extension Int: IndexKey {
    /// Big-endian with the sign bit flipped, so byte order is numeric order.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var encoded = (UInt64(bitPattern: Int64(self)) ^ (1 << 63)).bigEndian
        return withUnsafeBytes(of: &encoded) { raw in
            body(raw.bindMemory(to: UInt8.self))
        }
    }

    /// The number whose eight bytes ``withBytes(_:)`` gives.
    init(indexBytes bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count == 8, "an Int key has eight bytes")
        let encoded = UnsafeRawBufferPointer(bytes).loadUnaligned(as: UInt64.self)
        self = Int(Int64(bitPattern: UInt64(bigEndian: encoded) ^ (1 << 63)))
    }
}

/// Byte-string helpers for the index's searches.
enum IndexBytes {
    /// Negative, zero or positive as `lhs` orders before, equal to or after `rhs`.
    @inline(__always)
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(lhs.count, rhs.count)
        if shared > 0, let left = lhs.baseAddress, let right = rhs.baseAddress {
            let order = compare(left, right, count: shared)
            if order != 0 { return order }
        }
        return lhs.count - rhs.count
    }

    /// Negative, zero or positive as the `count` bytes at `left` order
    /// before, equal to or after those at `right`.
    ///
    /// Eight bytes at a time, read big-endian so that numeric order is byte
    /// order; the last eight overlap the ones before when `count` is not a
    /// multiple of eight (those compared equal already). The keys an index
    /// search compares are short suffixes, where a call to `memcmp` cost
    /// more than the comparison (three calls a level at a million names).
    @inline(__always)
    static func compare(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int) -> Int {
        if count < 8 {
            var offset = 0
            while offset < count {
                if left[offset] != right[offset] { return left[offset] < right[offset] ? -1 : 1 }
                offset &+= 1
            }
            return 0
        }
        var offset = 0
        while true {
            let leftWord = UInt64(bigEndian: UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self))
            let rightWord = UInt64(bigEndian: UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self))
            if leftWord != rightWord { return leftWord < rightWord ? -1 : 1 }
            if offset &+ 8 == count { return 0 }
            offset = min(offset &+ 8, count &- 8)
        }
    }

    /// Negative, zero or positive as `lhs` orders before, equal to or after `rhs`.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { lhs in rhs.withUnsafeBufferPointer { compare(lhs, $0) } }
    }

    /// The length of the longest common prefix of two byte strings.
    /// Eight bytes at a time: the first differing byte of two words is
    /// the lowest set byte of their difference read little-endian.
    static func commonPrefixLength(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let limit = min(lhs.count, rhs.count)
        guard limit > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else { return 0 }
        var length = 0
        while length &+ 8 <= limit {
            let leftWord = UInt64(littleEndian: UnsafeRawPointer(left + length).loadUnaligned(as: UInt64.self))
            let rightWord = UInt64(littleEndian: UnsafeRawPointer(right + length).loadUnaligned(as: UInt64.self))
            if leftWord != rightWord { return length &+ (leftWord ^ rightWord).trailingZeroBitCount >> 3 }
            length &+= 8
        }
        while length < limit, left[length] == right[length] { length &+= 1 }
        return length
    }

    /// Eight bytes from `offset` as a big-endian number, zero past the end.
    ///
    /// When two byte strings agree before `offset`, a smaller head means a
    /// smaller string; equal heads decide nothing.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        if bytes.count &- offset >= 8, let base = bytes.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }
        var result: UInt64 = 0
        let end = min(bytes.count, offset + 8)
        var position = offset
        while position < end {
            result = result << 8 | UInt64(bytes[position])
            position += 1
        }
        let missing = 8 - max(0, end - offset)
        return missing == 8 ? 0 : result << (8 * UInt64(missing))
    }
}
