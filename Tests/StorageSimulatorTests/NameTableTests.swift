@testable import StorageSimulator
import FuzzSupport
import RulesEngine
import Testing

@Suite("Name table")
struct NameTableTests {
    /// An entry named `name` whose byte count tells it apart.
    func entry(_ name: String, size: Int = 0) -> StoredEntry {
        let object = StoredObject(
            name: name, bucket: "b", generation: 1, metageneration: 1, size: Int64(size),
            timeCreated: Timestamp(seconds: 0, nanos: 0), updated: Timestamp(seconds: 0, nanos: 0),
            md5Hash: "", crc32c: "", etag: "")
        return StoredEntry(object: object, bytes: Array(repeating: 7, count: size))
    }

    /// Few names in few slots: long probe runs that wrap around the end of
    /// the table, so removals must move later entries of a run back.
    @Test("random inserts, replacements and removals match a dictionary", arguments: [6, 12, 40, 400])
    func matchesDictionary(nameCount: Int) {
        let names = (0..<nameCount).map { "n/\($0 * 7919)" }
        var table = NameTable<StoredEntry>()
        var model: [String: Int] = [:]
        var random = SplitMix64(seed: UInt64(nameCount))
        for step in 0..<20_000 {
            let name = names[Int(random.next() % UInt64(nameCount))]
            if random.next() % 3 == 0 {
                #expect(table.remove(named: name)?.bytes.count == model.removeValue(forKey: name))
            } else {
                #expect(table.insert(entry(name, size: step % 97)).map(\.bytes.count) == model.updateValue(step % 97, forKey: name))
            }
            if step % 97 == 0 {
                for name in names { #expect(table.entry(named: name)?.bytes.count == model[name]) }
            }
        }
        #expect(table.count == model.count)
        for name in names { #expect(table.entry(named: name)?.bytes.count == model[name]) }
        for name in names { table.remove(named: name) }
        #expect(table.count == 0)
        for name in names { #expect(table.entry(named: name) == nil) }
    }

    @Test("names are told apart by every byte, their length and their exact code units")
    func exactNames() {
        let names = [
            "", "a", "a\u{0}", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgh\u{0}",
            "photos/2024/0001.jpg", "photos/2024/0001.jpG", "photos/2024/0001.jpg/",
            "caf\u{E9}", "cafe\u{301}", "\u{212A}", "K", "日本/写真.png",
        ]
        let table = NameTable(names.enumerated().map { entry($0.element, size: $0.offset) })
        #expect(table.count == names.count)
        for (position, name) in names.enumerated() {
            #expect(table.entry(named: name)?.bytes.count == position, "\(name.debugDescription)")
        }
        for missing in ["b", "abcdefghij", "photos/2024/0001", "Cafe\u{301}", "k"] {
            #expect(table.entry(named: missing) == nil, "\(missing.debugDescription)")
        }
    }

    @Test("a copy keeps its entries when the original changes")
    func copyOnWrite() {
        var original = NameTable((0..<50).map { entry("f/\($0)") })
        let copy = original
        original.remove(named: "f/3")
        original.insert(entry("f/4", size: 9))
        original.insert(entry("g/1"))
        #expect(copy.count == 50)
        #expect(copy.entry(named: "f/3") != nil)
        #expect(copy.entry(named: "f/4")?.bytes.count == 0)
        #expect(copy.entry(named: "g/1") == nil)
        #expect(original.count == 50)
        #expect(original.entry(named: "f/4")?.bytes.count == 9)
    }

    /// Counts the values alive.
    final class Census {
        var alive = 0
    }

    /// A value that the census counts while it lives.
    final class Counted {
        let census: Census
        init(_ census: Census) {
            self.census = census
            census.alive += 1
        }
        deinit { census.alive -= 1 }
    }

    /// Values must be released exactly once: when replaced, when removed,
    /// and with the last table holding them, across doublings (which move
    /// the values of a table's own slots and copy those of shared ones).
    @Test("every value is released once: replaced, removed, or with the last table holding it")
    func releasesValues() {
        let census = Census()
        do {
            var table = NameTable<Counted>()
            for index in 0..<100 { table.insert(Counted(census), named: "n/\(index)") }
            #expect(census.alive == 100)
            for index in 0..<10 { table.insert(Counted(census), named: "n/\(index)") }
            #expect(census.alive == 100)
            for index in 10..<20 { table.remove(named: "n/\(index)") }
            #expect(census.alive == 90)
            let shared = table
            // Doublings of a shared table: the copy keeps every value.
            for index in 100..<400 { table.insert(Counted(census), named: "n/\(index)") }
            #expect(census.alive == 390)
            #expect(shared.count == 90 && table.count == 390)
            #expect(shared.value(named: "n/5") === table.value(named: "n/5"))
            var changed = shared
            changed.remove(named: "n/0")
            #expect(census.alive == 390)
            #expect(changed.count == 89 && shared.value(named: "n/0") != nil)
        }
        #expect(census.alive == 0)
    }

    @Test("the hash depends on every byte and on the length")
    func hashSpreads() {
        func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer(NameHash.hash) }
        let base = Array("folder0042/file0000042".utf8)
        var seen: Set<UInt64> = [hash(base), hash([]), hash([0]), hash([0, 0]), hash(Array(repeating: 0, count: 8))]
        #expect(seen.count == 5)
        for position in base.indices {
            for bit in 0..<8 {
                var flipped = base
                flipped[position] ^= UInt8(1 << bit)
                seen.insert(hash(flipped))
            }
        }
        #expect(seen.count == 5 + base.count * 8)
    }

    @Test("every byte of every length counts, the last bytes (read in overlapping loads) included", arguments: 1...24)
    func hashReadsEveryByte(length: Int) {
        func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer(NameHash.hash) }
        let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var seen: Set<UInt64> = [hash(base), hash(Array(base.dropLast())), hash(base + [0])]
        for position in base.indices {
            for bit in 0..<8 {
                var flipped = base
                flipped[position] ^= UInt8(1 << bit)
                seen.insert(hash(flipped))
            }
        }
        #expect(seen.count == 3 + length * 8)
    }
}
