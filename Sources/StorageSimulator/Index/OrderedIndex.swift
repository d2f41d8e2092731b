/// A B+tree map: keys in order, O(log n) lookup, insert and removal, and a
/// cursor that starts anywhere in O(log n) and then walks in key order.
///
/// This is the per-bucket name index. A sorted array would make one random
/// insert cost O(n) moves, which loses badly at a million objects; here an
/// insert touches one root-to-leaf path of nodes holding at most
/// ``maxKeys`` keys each.
///
/// Not thread-safe by itself: the owner guards it with a lock.
final class OrderedIndex<Key: IndexKey, Element> {
    /// Most keys a node holds before it splits.
    let maxKeys: Int
    /// Fewest keys a non-root node holds before it borrows or merges.
    private var minKeys: Int { maxKeys / 2 }
    /// The keys a node made by a split has room for: a full node's and the
    /// one that splits it, so it fills without growing its arrays (each
    /// growth a new allocation and a copy).
    private var nodeCapacity: Int { maxKeys + 1 }
    private(set) var root: IndexNode<Key, Element>
    /// The number of entries.
    private(set) var count = 0

    /// Creates an empty index.
    ///
    /// Nodes of 128 keys rather than 64: a listing enters half as many
    /// leaves (a folder page of 1,000 at a million objects 14 → 9 µs, every
    /// object by pages 14 → 7 ms), and an insert splits half as often for
    /// the longer moves within a node, which cost less (1,000,000 random
    /// inserts 1.8 → 1.65 µs each). Nodes of 256 made a listing faster
    /// still but an insert's instructions 3 % more; of 32, a folder page
    /// took 26 µs.
    init(maxKeys: Int = 128) {
        self.maxKeys = max(4, maxKeys)
        self.root = IndexNode(isLeaf: true)
    }

    private init(maxKeys: Int, root: IndexNode<Key, Element>, count: Int) {
        self.maxKeys = maxKeys
        self.root = root
        self.count = count
    }

    /// An index holding `entries`, which must be in strictly increasing key
    /// order (as a cursor walk yields them): built level by level, without a
    /// search per entry, so restoring a seeded bucket costs O(n), not n inserts.
    ///
    /// Up to ``maxKeys`` entries become the root leaf as given: the arrays
    /// are shared (copy-on-write) rather than copied. More are cut into as
    /// few leaves as hold them, their sizes differing by at most one (so
    /// each holds at least ``minKeys``), then the same for each level of
    /// internal nodes, whose separators are the first keys of their
    /// children's subtrees.
    convenience init(sortedKeys keys: [Key], elements: [Element], maxKeys: Int = 128) {
        self.init(maxKeys: maxKeys)
        let count = min(keys.count, elements.count)
        self.count = count
        if count <= self.maxKeys {
            root.setKeys(keys.prefix(count))
            root.elements = elements.count == count ? elements : Array(elements.prefix(count))
            return
        }
        var level: [(node: IndexNode<Key, Element>, firstKey: Key)] = Self.evenRuns(count: count, most: self.maxKeys).map { run in
            let leaf = IndexNode<Key, Element>(isLeaf: true)
            leaf.setKeys(keys[run])
            leaf.elements = Array(elements[run])
            return (leaf, keys[run.lowerBound])
        }
        while level.count > 1 {
            level = Self.evenRuns(count: level.count, most: self.maxKeys + 1).map { run in
                let node = IndexNode<Key, Element>(isLeaf: false)
                node.setKeys(level[(run.lowerBound + 1)..<run.upperBound].map(\.firstKey))
                node.children = level[run].map(\.node)
                return (node, level[run.lowerBound].firstKey)
            }
        }
        root = level[0].node
    }

    /// A copy that can change without changing this index: its nodes are
    /// new, their arrays shared until written.
    func copy() -> OrderedIndex {
        OrderedIndex(maxKeys: maxKeys, root: IndexNode(copying: root), count: count)
    }

    /// `count` positions cut into as few runs of at most `most` as possible,
    /// in order, their lengths differing by at most one.
    private static func evenRuns(count: Int, most: Int) -> [Range<Int>] {
        let runs = (count + most - 1) / most
        var result: [Range<Int>] = []
        result.reserveCapacity(runs)
        var start = 0
        for run in 0..<runs {
            let length = count / runs + (run < count % runs ? 1 : 0)
            result.append(start..<(start + length))
            start += length
        }
        return result
    }

    /// The element stored under `key`.
    func element(for key: Key) -> Element? {
        guard let (leaf, index) = leafPosition(of: key) else { return nil }
        return leaf.elements[index]
    }

    /// Replaces the element stored under `key`, returning it; `nil`, and
    /// nothing stored, when the index has no such key.
    @discardableResult
    func replaceElement(_ element: Element, for key: Key) -> Element? {
        guard let (leaf, index) = leafPosition(of: key) else { return nil }
        let old = leaf.elements[index]
        leaf.elements[index] = element
        return old
    }

    /// The leaf holding `key` and its position there, `nil` if no leaf does.
    private func leafPosition(of key: Key) -> (leaf: IndexNode<Key, Element>, index: Int)? {
        key.withBytes { bytes in
            var node = root
            while !node.isLeaf {
                node = node.children[node.position(of: bytes, pastEqual: true)]
            }
            let (index, found) = node.search(bytes, pastEqual: false)
            return found ? (node, index) : nil
        }
    }

    /// Stores `element` under `key`, returning the element it replaced.
    @discardableResult
    func insert(_ element: Element, for key: Key) -> Element? {
        // The key's bytes are taken once for the whole descent.
        let (replaced, split) = key.withBytes { insert(element, for: key, bytes: $0, into: root) }
        if let (separator, right) = split {
            let newRoot = IndexNode<Key, Element>(isLeaf: false)
            newRoot.insertKey(separator, at: 0)
            newRoot.children = [root, right]
            root = newRoot
        }
        if replaced == nil { count += 1 }
        return replaced
    }

    /// Removes the entry for `key`, returning its element.
    @discardableResult
    func remove(_ key: Key) -> Element? {
        // The key's bytes are taken once for the whole descent, as an insert's are.
        let removed = key.withBytes { remove(bytes: $0, from: root) }
        if removed != nil {
            count -= 1
            if !root.isLeaf && root.count == 0 { root = root.children[0] }
        }
        return removed
    }

    /// A cursor on the first entry whose key's bytes are not before `bound`
    /// (which need not be a key: any byte string).
    func cursor(atLeast bound: [UInt8]) -> IndexCursor<Key, Element> {
        bound.withUnsafeBufferPointer { bound in
            var path: [(node: IndexNode<Key, Element>, child: Int)] = []
            var node = root
            while !node.isLeaf {
                let child = node.position(of: bound, pastEqual: false)
                path.append((node, child))
                node = node.children[child]
            }
            var cursor = IndexCursor(path: path, leaf: node, index: node.position(of: bound, pastEqual: false))
            cursor.normalize()
            return cursor
        }
    }

    // MARK: - Insertion

    /// Inserts below `node`; `bytes` are the key's.
    private func insert(
        _ element: Element, for key: Key, bytes: UnsafeBufferPointer<UInt8>, into node: IndexNode<Key, Element>
    ) -> (Element?, (Key, IndexNode<Key, Element>)?) {
        if node.isLeaf {
            // One search says where the key goes and whether it is there.
            let (index, found) = node.search(bytes, pastEqual: false)
            if found {
                let old = node.elements[index]
                node.elements[index] = element
                return (old, nil)
            }
            node.insertKey(key, bytes: bytes, at: index)
            node.elements.insertShifting(element, at: index)
            guard node.count > maxKeys else { return (nil, nil) }
            let middle = node.count / 2
            let right = IndexNode<Key, Element>(isLeaf: true)
            node.moveKeys(from: middle, to: right, capacity: nodeCapacity)
            right.elements = Array(node.elements[middle...], capacity: nodeCapacity)
            node.elements.removeSubrange(middle...)
            return (nil, (right.key(at: 0), right))
        }
        let child = node.position(of: bytes, pastEqual: true)
        let (replaced, split) = insert(element, for: key, bytes: bytes, into: node.children[child])
        guard let (separator, newChild) = split else { return (replaced, nil) }
        node.insertKey(separator, at: child)
        node.children.insertShifting(newChild, at: child + 1)
        guard node.count > maxKeys else { return (replaced, nil) }
        let middle = node.count / 2
        let right = IndexNode<Key, Element>(isLeaf: false)
        node.moveKeys(from: middle + 1, to: right, capacity: nodeCapacity)
        let up = node.takeKey(at: middle)
        node.lengthenShared()
        right.children = Array(node.children[(middle + 1)...], capacity: nodeCapacity + 1)
        node.children.removeSubrange((middle + 1)...)
        return (replaced, (up, right))
    }

    // MARK: - Removal

    /// Removes the key whose bytes are `bytes` below `node`.
    private func remove(bytes: UnsafeBufferPointer<UInt8>, from node: IndexNode<Key, Element>) -> Element? {
        if node.isLeaf {
            let (index, found) = node.search(bytes, pastEqual: false)
            guard found else { return nil }
            node.removeKey(at: index)
            return node.elements.remove(at: index)
        }
        let child = node.position(of: bytes, pastEqual: true)
        let removed = remove(bytes: bytes, from: node.children[child])
        if removed != nil, node.children[child].count < minKeys {
            rebalance(node, child: child)
        }
        return removed
    }

    /// Restores the minimum fill of `parent.children[child]` by borrowing
    /// from a sibling that can spare a key, or by merging with one.
    private func rebalance(_ parent: IndexNode<Key, Element>, child: Int) {
        let node = parent.children[child]
        if child > 0, parent.children[child - 1].count > minKeys {
            let left = parent.children[child - 1]
            if node.isLeaf {
                node.insertKey(left.takeKey(at: left.count - 1), at: 0)
                node.elements.insert(left.elements.removeLast(), at: 0)
                parent.replaceKey(at: child - 1, with: node.key(at: 0))
            } else {
                node.insertKey(parent.keys[child - 1], at: 0)
                node.children.insert(left.children.removeLast(), at: 0)
                parent.replaceKey(at: child - 1, with: left.takeKey(at: left.count - 1))
            }
        } else if child + 1 < parent.children.count, parent.children[child + 1].count > minKeys {
            let right = parent.children[child + 1]
            if node.isLeaf {
                node.insertKey(right.takeKey(at: 0), at: node.count)
                node.elements.append(right.elements.removeFirst())
                parent.replaceKey(at: child, with: right.key(at: 0))
            } else {
                node.insertKey(parent.keys[child], at: node.count)
                node.children.append(right.children.removeFirst())
                parent.replaceKey(at: child, with: right.takeKey(at: 0))
            }
        } else if child > 0 {
            merge(parent, left: child - 1)
        } else if child + 1 < parent.children.count {
            merge(parent, left: child)
        }
    }

    private func merge(_ parent: IndexNode<Key, Element>, left index: Int) {
        let left = parent.children[index]
        let right = parent.children[index + 1]
        if left.isLeaf {
            left.appendKeys(right.allKeys)
            left.elements += right.elements
        } else {
            left.appendKeys([parent.keys[index]] + right.keys)
            left.children += right.children
        }
        parent.removeKey(at: index)
        parent.children.remove(at: index + 1)
    }
}

/// A position in an ``OrderedIndex``; walks forward in key order.
///
/// The cursor keeps the current leaf's arrays (a few retains per leaf), so
/// stepping through a leaf reads local arrays instead of the node's properties.
///
/// Valid only while the index is not modified.
struct IndexCursor<Key: IndexKey, Element> {
    fileprivate var path: [(node: IndexNode<Key, Element>, child: Int)]
    fileprivate var leaf: IndexNode<Key, Element>?
    fileprivate var index: Int
    /// The number of entries of the current leaf.
    private var count: Int
    private var elements: [Element]
    private var keyBytes: IndexNode<Key, Element>.KeyBytes

    fileprivate init(path: [(node: IndexNode<Key, Element>, child: Int)], leaf: IndexNode<Key, Element>, index: Int) {
        self.path = path
        self.leaf = leaf
        self.index = index
        self.count = leaf.count
        self.elements = leaf.elements
        self.keyBytes = leaf.keyBytes
    }

    /// Makes `node` the current leaf.
    private mutating func enter(_ node: IndexNode<Key, Element>) {
        leaf = node
        count = node.count
        elements = node.elements
        keyBytes = node.keyBytes
    }

    /// The entry under the cursor, `nil` past the end. Its key is made from
    /// the leaf's bytes (see ``IndexNode``): a walk that needs only the
    /// elements reads ``element``.
    var current: (key: Key, element: Element)? {
        guard index < count else { return nil }
        var scratch: [UInt8] = []
        return (keyBytes.withKey(at: index, scratch: &scratch) { Key(indexBytes: $0) }, elements[index])
    }

    /// The element under the cursor, `nil` past the end.
    var element: Element? {
        guard index < elements.count else { return nil }
        return elements[index]
    }

    /// Moves to the next entry.
    mutating func advance() {
        guard leaf != nil else { return }
        index += 1
        if index >= count { normalize() }
    }

    /// Walks forward a leaf at a time: `body` gets the current leaf's key
    /// bytes and its elements (the array itself, so it can keep slices of
    /// it) and the range of them not yet walked, and returns how many of
    /// that range it consumed; the cursor moves past those. The walk stops
    /// when `body` consumes fewer than it was given, or at the end of the index.
    mutating func scan(
        _ body: (_ keyBytes: IndexNode<Key, Element>.KeyBytes, _ elements: [Element], _ range: Range<Int>) -> Int
    ) {
        while leaf != nil {
            let available = count - index
            let consumed = body(keyBytes, elements, index..<count)
            index += min(max(consumed, 0), available)
            if consumed < available { return }
            normalize()
        }
    }

    /// Moves forward to the first entry whose key's bytes are not before
    /// `bound`, which must not order before the key under the cursor.
    ///
    /// The search climbs from the current leaf only to the lowest subtree
    /// on the path whose keys all order before the separator after it, with
    /// `bound` also before that separator, then descends from there: a seek
    /// to a nearby leaf (the next folder of a listing) reads a node or two
    /// instead of a whole root-to-leaf path, and the path array keeps its
    /// storage. When the first key at or after `bound` is that separator
    /// itself, the descent ends past the subtree's last leaf and
    /// ``normalize()`` steps into the next one.
    mutating func seek(atLeast bound: UnsafeBufferPointer<UInt8>) {
        guard var node = leaf else { return }
        var level = path.count - 1
        while level >= 0 {
            let (parent, child) = path[level]
            if child < parent.count, parent.compare(bound, toKeyAt: child) < 0 { break }
            level -= 1
        }
        if level >= 0 {
            node = path[level].node.children[path[level].child]
            while path.count > level + 1 { path.removeLast() }
        } else if let root = path.first?.node {
            node = root
            path.removeAll(keepingCapacity: true)
        }
        while !node.isLeaf {
            let child = node.position(of: bound, pastEqual: false)
            path.append((node, child))
            node = node.children[child]
        }
        enter(node)
        index = node.position(of: bound, pastEqual: false)
        normalize()
    }

    /// Moves past the end of an exhausted leaf to the next non-empty one.
    fileprivate mutating func normalize() {
        while leaf != nil, index >= count {
            while let last = path.last, last.child + 1 >= last.node.children.count {
                path.removeLast()
            }
            guard let last = path.popLast() else {
                leaf = nil
                count = 0
                elements = []
                keyBytes = IndexNode<Key, Element>.KeyBytes(bytes: [], ends: [], shared: 0)
                index = 0
                return
            }
            path.append((last.node, last.child + 1))
            var node = last.node.children[last.child + 1]
            while !node.isLeaf {
                path.append((node, 0))
                node = node.children[0]
            }
            enter(node)
            index = 0
        }
    }
}
