@testable import StorageSimulator
import Testing

@Suite("Inserting into arrays by shifting")
struct ArrayShiftingTests {
    /// Every position of arrays of 0 to 5 strings (heap strings, so a
    /// wrong move would show as a lost, doubled or corrupted element).
    @Test("an element inserted at any position gives what Array.insert gives")
    func elementAtEveryPosition() {
        for count in 0...5 {
            let original = (0..<count).map { "element number \($0), long enough to live on the heap" }
            for position in 0...count {
                var shifted = original
                shifted.insertShifting("inserted at \(position), also on the heap", at: position)
                var expected = original
                expected.insert("inserted at \(position), also on the heap", at: position)
                #expect(shifted == expected, "count \(count), position \(position)")
            }
        }
    }

    @Test("an array made from a slice with room holds the slice's elements and that room")
    func sliceWithRoom() {
        let whole = (0..<10).map { "element \($0), long enough to live on the heap" }
        for (range, room) in [(3..<10, 20), (0..<10, 4), (5..<5, 8)] {
            let made = Array(whole[range], capacity: room)
            #expect(made == Array(whole[range]))
            #expect(made.capacity >= max(room, range.count))
        }
    }

    @Test("an array that shares its storage is copied first, not changed under its other holder")
    func sharedStorage() {
        let original = ["a", "b", "c"]
        var shifted = original
        shifted.insertShifting("x", at: 1)
        #expect(original == ["a", "b", "c"])
        #expect(shifted == ["a", "x", "b", "c"])
    }

    @Test("bytes inserted at any position give what insert(contentsOf:at:) gives, none included")
    func bytesAtEveryPosition() {
        for count in 0...6 {
            let original = (0..<count).map { UInt8($0) }
            for inserted in [[], [0xAA], [0xAA, 0xBB, 0xCC], Array(repeating: 0xDD, count: 40)] as [[UInt8]] {
                for position in 0...count {
                    var shifted = original
                    inserted.withUnsafeBufferPointer { shifted.insertShifting(contentsOf: $0, at: position) }
                    var expected = original
                    expected.insert(contentsOf: inserted, at: position)
                    #expect(shifted == expected, "count \(count), \(inserted.count) inserted at \(position)")
                }
            }
        }
    }
}
