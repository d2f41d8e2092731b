@testable import StorageSimulator
import FuzzSupport
import Testing

/// The index compares keys by eight bytes after each node's common prefix
/// and falls back to the rest of the key's bytes, kept in the node, on a tie; these names share long
/// prefixes, differ only past eight bytes, end inside a head or carry NUL
/// bytes, so every branch of that comparison is exercised.
@Suite("B+tree index over byte-string keys")
struct IndexHeadsTests {
    static let stems = ["", "a", "photos/2024/", "photos/2024/12/31/IMG_", "photos/2024/12/31/IMG_0000000", "é/", "e\u{301}/"]
    static let tails = ["", "\u{0}", "0", "00000000", "000000001", "1", "a/b", "zz", "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}x"]

    func randomName(_ random: inout SplitMix64) -> String {
        let stem = Self.stems[Int(random.next() % UInt64(Self.stems.count))]
        let tail = Self.tails[Int(random.next() % UInt64(Self.tails.count))]
        return stem + tail + String(random.next() % 40)
    }

    func sortedNames(_ names: some Sequence<[UInt8]>) -> [[UInt8]] {
        names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test("random inserts and removals of names with shared prefixes match a model", arguments: [4, 5, 64])
    func matchesModel(maxKeys: Int) {
        let index = OrderedIndex<ObjectName, Int>(maxKeys: maxKeys)
        // Keyed by bytes: `String` keys would merge canonically equivalent names.
        var model: [[UInt8]: Int] = [:]
        var random = SplitMix64(seed: UInt64(maxKeys) &+ 17)
        for step in 0..<6_000 {
            let name = randomName(&random)
            if random.next() % 3 == 0 {
                #expect(index.remove(ObjectName(name)) == model.removeValue(forKey: Array(name.utf8)))
            } else {
                #expect(index.insert(step, for: ObjectName(name)) == model.updateValue(step, forKey: Array(name.utf8)))
            }
        }
        let expected = sortedNames(model.keys)
        var walked: [[UInt8]] = []
        var cursor = index.cursor(atLeast: [])
        while let (key, _) = cursor.current {
            walked.append(Array(key.string.utf8))
            cursor.advance()
        }
        #expect(walked == expected)
        checkKeyBytes(index.root)
        for _ in 0..<2_000 {
            let name = randomName(&random)
            #expect(index.element(for: ObjectName(name)) == model[Array(name.utf8)], "\(name.debugDescription)")
        }
    }

    /// Every node's bytes spell its keys: the common prefix, then each
    /// key's remaining bytes, with each head the first eight of those. An
    /// internal node's bytes spell its separators; a leaf's, which keeps no
    /// keys, are the keys (the walk above checks them against the model).
    func checkKeyBytes(_ node: IndexNode<ObjectName, Int>) {
        let keyBytes = node.keyBytes
        #expect(keyBytes.ends.count == node.count && node.heads.count == node.count)
        #expect(node.isLeaf ? node.keys.isEmpty : node.keys.count == node.count)
        var scratch: [UInt8] = []
        for position in 0..<node.count {
            let spelled = keyBytes.withKey(at: position, scratch: &scratch) { Array($0) }
            if !node.isLeaf { #expect(spelled == Array(node.keys[position].string.utf8)) }
            #expect(spelled.starts(with: keyBytes.bytes.prefix(keyBytes.shared)))
            #expect(node.heads[position] == spelled.withUnsafeBufferPointer { IndexBytes.head($0, at: keyBytes.shared) })
        }
        for child in node.children { checkKeyBytes(child) }
    }

    @Test("a cursor seeks to the first name at or after any byte string", arguments: [4, 64])
    func seeksByBytes(maxKeys: Int) {
        let index = OrderedIndex<ObjectName, Int>(maxKeys: maxKeys)
        var random = SplitMix64(seed: 99)
        var names = Set<[UInt8]>()
        for step in 0..<3_000 {
            let name = randomName(&random)
            names.insert(Array(name.utf8))
            index.insert(step, for: ObjectName(name))
        }
        let sorted = sortedNames(names)
        checkKeyBytes(index.root)
        for _ in 0..<1_000 {
            var bound = Array(randomName(&random).utf8)
            // Bounds past a prefix (FF) or right after a name (00), as listings seek.
            switch random.next() % 3 {
            case 0: bound.append(0xFF)
            case 1: bound.append(0x00)
            default: break
            }
            let expected = sorted.first { !$0.lexicographicallyPrecedes(bound) }
            #expect(index.cursor(atLeast: bound).current.map { Array($0.key.string.utf8) } == expected, "\(bound)")
        }
    }

    /// Byte strings of 0 to 40 bytes that differ at every position, in
    /// the first and second half of a byte (so a signed or little-endian
    /// comparison fails), or are prefixes of one another.
    @Test("byte strings compare as their bytes, unsigned, at every length and position")
    func comparesBytes() {
        var random = SplitMix64(seed: 5)
        for length in 0...40 {
            let base = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var others: [[UInt8]] = [base, Array(base.dropLast()), base + [0], base + [0xFF]]
            for position in 0..<length {
                for byte: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF] where byte != base[position] {
                    var other = base
                    other[position] = byte
                    others.append(other)
                }
            }
            for other in others {
                let expected = base == other ? 0 : base.lexicographicallyPrecedes(other) ? -1 : 1
                let order = base.withUnsafeBufferPointer { lhs in other.withUnsafeBufferPointer { IndexBytes.compare(lhs, $0) } }
                let reversed = other.withUnsafeBufferPointer { lhs in base.withUnsafeBufferPointer { IndexBytes.compare(lhs, $0) } }
                #expect(order.signum() == expected, "\(base) against \(other)")
                #expect(reversed.signum() == -expected, "\(other) against \(base)")
            }
        }
    }
}
