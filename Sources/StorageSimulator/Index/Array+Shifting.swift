#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array {
    /// `insert(_:at:)` as one append and one move of the later elements up
    /// a place. The standard insert goes through the generic
    /// `replaceSubrange`, ~150 instructions more, and an index insert makes
    /// five of them (keys, heads, ends, bytes, elements).
    @inline(__always)
    mutating func insertShifting(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "insert position out of range")
        append(element)
        let last = count &- 1
        guard position < last else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let moved = (base + last).move()
            (base + position + 1).moveInitialize(from: base + position, count: last &- position)
            (base + position).initialize(to: moved)
        }
    }

    /// The elements of `slice`, with room for `capacity` elements in all,
    /// so that appending up to that many allocates nothing more.
    init(_ slice: ArraySlice<Element>, capacity: Int) {
        self.init()
        reserveCapacity(Swift.max(capacity, slice.count))
        append(contentsOf: slice)
    }
}

extension Array where Element == UInt8 {
    /// `insert(contentsOf:at:)` for bytes: appended, then moved into place
    /// with two `memmove`s. `inserted` must not point into this array,
    /// whose storage the append may move.
    @inline(__always)
    mutating func insertShifting(contentsOf inserted: UnsafeBufferPointer<UInt8>, at position: Int) {
        precondition(position >= 0 && position <= count, "insert position out of range")
        let length = inserted.count
        guard length > 0, let source = inserted.baseAddress else { return }
        let tail = count &- position
        append(contentsOf: inserted)
        guard tail > 0 else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            memmove(base + position + length, base + position, tail)
            memmove(base + position, source, length)
        }
    }
}
