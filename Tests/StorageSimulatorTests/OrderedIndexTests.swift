@testable import StorageSimulator
import FuzzSupport
import Testing

@Suite("B+tree index")
struct OrderedIndexTests {
    func contents(_ index: OrderedIndex<Int, Int>) -> [Int] {
        var keys: [Int] = []
        var cursor = index.cursor(atLeast: [])
        while let (key, _) = cursor.current {
            keys.append(key)
            cursor.advance()
        }
        return keys
    }

    @Test("a key made from its bytes is the key")
    func keysFromBytes() {
        for value in [Int.min, -1_000_000_007, -1, 0, 1, 255, 256, 1 << 40, Int.max] {
            #expect(value.withBytes { Int(indexBytes: $0) } == value)
        }
        for name in ["", "a", "photos/2024/é.jpg", "e\u{301}", "日本/文字", String(repeating: "z", count: 300)] {
            let key = ObjectName(name)
            #expect(key.withBytes { ObjectName(indexBytes: $0) }.string.utf8.elementsEqual(name.utf8))
        }
    }

    @Test("random inserts, replacements and removals match a dictionary", arguments: [4, 5, 64])
    func matchesDictionary(maxKeys: Int) {
        let index = OrderedIndex<Int, Int>(maxKeys: maxKeys)
        var model: [Int: Int] = [:]
        var random = SplitMix64(seed: UInt64(maxKeys))
        for step in 0..<20_000 {
            let key = Int(random.next() % 3000)
            if random.next() % 3 == 0 {
                #expect(index.remove(key) == model.removeValue(forKey: key))
            } else {
                #expect(index.insert(step, for: key) == model.updateValue(step, forKey: key))
            }
        }
        #expect(index.count == model.count)
        #expect(contents(index) == model.keys.sorted())
        for key in 0..<3000 { #expect(index.element(for: key) == model[key]) }
        for key in model.keys.sorted() { index.remove(key) }
        #expect(index.count == 0)
        #expect(contents(index).isEmpty)
        #expect(index.root.isLeaf)
    }

    @Test("an index built from sorted entries behaves as one built by inserts", arguments: [0, 1, 3, 4, 5, 6, 9, 25, 26, 40, 777])
    func sortedBuild(count: Int) {
        let index = OrderedIndex<Int, Int>(sortedKeys: (0..<count).map { $0 * 2 }, elements: Array(0..<count), maxKeys: 4)
        var model = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0 * 2, $0) })
        #expect(index.count == count)
        #expect(contents(index) == model.keys.sorted())
        checkStructure(index, filled: true)
        for key in -1...(count * 2) { #expect(index.element(for: key) == model[key], "key \(key)") }
        var random = SplitMix64(seed: UInt64(count))
        for step in 0..<2000 {
            let key = Int(random.next() % 100)
            if random.next() % 3 == 0 {
                #expect(index.remove(key) == model.removeValue(forKey: key))
            } else {
                #expect(index.insert(step, for: key) == model.updateValue(step, forKey: key))
            }
        }
        #expect(contents(index) == model.keys.sorted())
        checkStructure(index, filled: false)
        for key in 0..<100 { #expect(index.element(for: key) == model[key]) }
    }

    /// Every leaf at the same depth, each internal node with one child more
    /// than keys and its separators between its children's keys; `filled`:
    /// every node but the root holds at least half of `maxKeys`.
    func checkStructure(_ index: OrderedIndex<Int, Int>, filled: Bool) {
        var leafDepths: Set<Int> = []
        /// The node's smallest and largest key.
        @discardableResult
        func visit(_ node: IndexNode<Int, Int>, depth: Int, isRoot: Bool) -> (Int, Int)? {
            #expect(node.count <= index.maxKeys)
            if filled && !isRoot { #expect(node.count >= index.maxKeys / 2) }
            if node.isLeaf {
                leafDepths.insert(depth)
                // A leaf keeps no keys of its own: they are made from its bytes.
                let keys = node.allKeys
                #expect(node.keys.isEmpty && keys.count == node.count)
                #expect(keys == keys.sorted() && node.elements.count == keys.count)
                guard let first = keys.first, let last = keys.last else { return nil }
                return (first, last)
            }
            #expect(node.keys.count == node.count && node.children.count == node.count + 1)
            var bounds: [(Int, Int)] = []
            for child in node.children {
                if let range = visit(child, depth: depth + 1, isRoot: false) { bounds.append(range) }
            }
            guard bounds.count == node.children.count else { return bounds.first.map { ($0.0, bounds.last!.1) } }
            for (position, separator) in node.keys.enumerated() {
                #expect(bounds[position].1 < separator && separator <= bounds[position + 1].0)
            }
            return (bounds[0].0, bounds[bounds.count - 1].1)
        }
        visit(index.root, depth: 0, isRoot: true)
        #expect(leafDepths.count <= 1)
    }

    @Test("a cursor starts at the first key not before the bound, from any position", arguments: [4, 7])
    func cursorSeeks(maxKeys: Int) {
        let index = OrderedIndex<Int, Int>(maxKeys: maxKeys)
        for key in stride(from: 0, to: 1000, by: 2) { index.insert(key * 10, for: key) }
        for bound in -1...1001 {
            let cursor = index.cursor(atLeast: bound.withBytes { Array($0) })
            let expected = bound <= 0 ? 0 : (bound >= 999 ? nil : bound + (bound % 2))
            #expect(cursor.current?.key == expected, "bound \(bound)")
        }
        var cursor = index.cursor(atLeast: 990.withBytes { Array($0) })
        var seen: [Int] = []
        while let (key, element) = cursor.current {
            #expect(element == key * 10)
            seen.append(key)
            cursor.advance()
        }
        #expect(seen == [990, 992, 994, 996, 998])
        cursor.advance()
        #expect(cursor.current == nil)
    }

    @Test("a forward seek lands where a fresh cursor would, and walks on from there", arguments: [4, 5, 64])
    func forwardSeeks(maxKeys: Int) {
        let index = OrderedIndex<Int, Int>(maxKeys: maxKeys)
        for key in stride(from: 0, to: 900, by: 3) { index.insert(key * 10, for: key) }
        func bytes(_ key: Int) -> [UInt8] { key.withBytes { Array($0) } }
        func walk(_ cursor: IndexCursor<Int, Int>) -> [Int] {
            var cursor = cursor
            var keys: [Int] = []
            while let (key, element) = cursor.current {
                #expect(element == key * 10)
                keys.append(key)
                cursor.advance()
            }
            return keys
        }
        for start in stride(from: -2, to: 905, by: 11) {
            for distance in [0, 1, 2, 3, 40, 150, 400, 1000] {
                var cursor = index.cursor(atLeast: bytes(start))
                bytes(start + distance).withUnsafeBufferPointer { cursor.seek(atLeast: $0) }
                let expected = walk(index.cursor(atLeast: bytes(start + distance)))
                #expect(walk(cursor) == expected, "from \(start) by \(distance)")
            }
        }
    }

    @Test("an empty index has an empty cursor")
    func emptyIndex() {
        let index = OrderedIndex<Int, Int>()
        #expect(index.cursor(atLeast: []).current == nil)
        #expect(index.remove(1) == nil)
        #expect(index.element(for: 1) == nil)
    }

    @Test("object names order by UTF-8 bytes and compare exactly")
    func objectNameOrder() {
        // Precomposed and decomposed "é" are canonically equivalent for Swift
        // strings, but they are two different object names.
        #expect(ObjectName("\u{E9}") != ObjectName("e\u{301}"))
        #expect(ObjectName("e\u{301}") < ObjectName("\u{E9}"))
        // UTF-8 order puts U+FF61 (EF BD A1) before U+1F600 (F0 9F 98 80);
        // UTF-16 code-unit order would put the emoji (D83D) first.
        #expect(ObjectName("\u{FF61}") < ObjectName("\u{1F600}"))
        #expect(ObjectName("a//b") < ObjectName("a/b"))
        #expect(ObjectName("a") < ObjectName("a/"))
        #expect(ObjectName("Z") < ObjectName("a"))
    }
}
