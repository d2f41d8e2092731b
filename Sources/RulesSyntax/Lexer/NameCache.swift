/// The names read from one file, each made into a `String` once.
///
/// A rules file repeats a few names many times (`request`, `auth`, its
/// functions, wildcards and path segments); finding a name read before
/// costs less than decoding and validating its bytes again.
struct NameCache {
    private struct Entry {
        /// The name's first eight bytes (fewer for a shorter name, zeros
        /// after them), which with its length identify a name of up to 8 bytes.
        var prefix: UInt64 = 0
        /// 0 for an empty slot.
        var length = 0
        /// Where the name was read, to compare the bytes after the prefix.
        var start = 0
        var name = ""
    }

    /// Direct-mapped: a name replaces whichever one shared its slot.
    private var entries = [Entry](repeating: Entry(), count: 256)

    /// The text of `bytes[start..<end]`.
    mutating func name(in bytes: [UInt8], from start: Int, to end: Int) -> String {
        let length = end - start
        guard length > 0 else { return "" }
        let (slot, prefix, isKnown) = bytes.withUnsafeBufferPointer { buffer in
            let prefix = buffer.littleEndianWord(from: start, count: min(length, 8))
            // The product's top eight bits pick one of the 256 slots.
            let slot = Int(truncatingIfNeeded: ((prefix ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) &>> 56)
            let entry = entries[slot]
            let isKnown = entry.prefix == prefix && entry.length == length
                && (length <= 8 || Self.same(buffer, entry.start + 8, start + 8, length - 8))
            return (slot, prefix, isKnown)
        }
        if isKnown { return entries[slot].name }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        entries[slot] = Entry(prefix: prefix, length: length, start: start, name: name)
        return name
    }

    /// Whether the `length` bytes at `first` and at `second` are the same.
    private static func same(_ buffer: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, _ length: Int) -> Bool {
        var offset = 0
        while offset < length && buffer[first + offset] == buffer[second + offset] { offset += 1 }
        return offset == length
    }
}
