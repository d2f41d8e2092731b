/// Puts many object names in UTF-8 byte order without comparing strings.
///
/// A comparison sort of the names themselves reads two strings' storage
/// and counts two references at each of its n log n comparisons: at a
/// million names scattered in memory, a cache miss or two each, which cost
/// more than placing every name in a B+tree one by one. Here each name is
/// read once per 16 bytes that order it: the sort runs on plain records of
/// the next 16 bytes of each name, first for all of them, then again only
/// within each run of names that those bytes do not tell apart.
enum NameSorter {
    /// One name's next 16 bytes as two big-endian numbers (zero past its
    /// end), how many bytes it has from there (17 for more than 16), and
    /// its position among the names sorted.
    private struct Chunk {
        var high: UInt64
        var low: UInt64
        var remaining: UInt32
        var position: UInt32

        /// Whether `self` orders before `other`, both names agreeing before
        /// this chunk. Equal bytes with different `remaining` counts mean the
        /// shorter name is a prefix of the longer, so it comes first.
        @inline(__always)
        func precedes(_ other: Chunk) -> Bool {
            if high != other.high { return high < other.high }
            if low != other.low { return low < other.low }
            return remaining < other.remaining
        }

        /// Whether the two names agree through this chunk and both go on past it.
        @inline(__always)
        func tiesBeyond(_ other: Chunk) -> Bool {
            high == other.high && low == other.low && remaining > 16 && other.remaining > 16
        }
    }

    /// The positions of `names` in UTF-8 byte order of the names; names
    /// equal in bytes end up next to each other, in no particular order.
    static func order(of names: [ObjectName]) -> [Int] {
        precondition(names.count < Int(UInt32.max), "too many names to sort at once")
        var chunks = names.indices.map { position in
            chunk(of: names[position], at: 0, position: position)
        }
        chunks.withUnsafeMutableBufferPointer { chunks in
            var runs: [(range: Range<Int>, offset: Int)] = [(0..<chunks.count, 0)]
            while let (range, offset) = runs.popLast() {
                if offset > 0 {
                    for index in range {
                        chunks[index] = chunk(of: names[Int(chunks[index].position)], at: offset, position: Int(chunks[index].position))
                    }
                }
                chunks[range].sort { $0.precedes($1) }
                var start = range.lowerBound
                while start < range.upperBound {
                    var end = start + 1
                    while end < range.upperBound, chunks[start].tiesBeyond(chunks[end]) { end += 1 }
                    if end - start > 1 { runs.append((start..<end, offset + 16)) }
                    start = end
                }
            }
        }
        return chunks.map { Int($0.position) }
    }

    /// The chunk of `name` from byte `offset`.
    @inline(__always)
    private static func chunk(of name: ObjectName, at offset: Int, position: Int) -> Chunk {
        name.withBytes { bytes in
            Chunk(
                high: IndexBytes.head(bytes, at: offset),
                low: IndexBytes.head(bytes, at: offset + 8),
                remaining: UInt32(min(max(bytes.count - offset, 0), 17)),
                position: UInt32(position))
        }
    }
}
