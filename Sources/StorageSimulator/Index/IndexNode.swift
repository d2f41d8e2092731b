/// A node of ``OrderedIndex``. Leaves hold `count` keys and their
/// elements; internal nodes hold `count` separator keys and `count + 1`
/// children, where child `i + 1` holds keys at or after the separator `i`.
///
/// A leaf keeps its keys as bytes only (below), and makes a key from them
/// when one is asked for (``key(at:)``); an internal node also keeps its
/// separators as keys. A leaf holds almost every key of the index, and
/// a key kept beside its bytes cost each insert a reference count and an
/// array insert, and each key 16 bytes more of memory.
///
/// Beside the keys the node keeps their bytes, so that a search, a seek or
/// a listing reads the node's own arrays and never a key's string storage
/// (a cache miss each at a million keys, where the strings lie scattered
/// in the order they were inserted):
/// - ``bytes``: the ``shared`` bytes every key of the node begins with,
///   then each key's remaining bytes (its *suffix*), in key order;
/// - ``ends``: where each suffix ends in ``bytes``;
/// - ``heads``: each suffix's first eight bytes as a number. Neighbouring
///   object names share long prefixes (`photos/2024/…`), so bytes at a
///   fixed offset would rarely tell them apart; bytes after the node's own
///   common prefix usually do. A binary search compares heads, which sit in
///   one contiguous array, and reads a suffix only on a tie.
///
/// The stored properties skip Swift's dynamic exclusivity checks (about a
/// hundred instructions each, several per level of a search): a node is
/// only reached through its index, which its owner uses under a lock.
final class IndexNode<Key: IndexKey, Element> {
    /// Whether this is a leaf: elements and no children.
    let isLeaf: Bool
    /// An internal node's separators; empty in a leaf.
    @exclusivity(unchecked) private(set) var keys: [Key] = []
    @exclusivity(unchecked) private(set) var heads: [UInt64] = []
    /// Every key of the node starts with the same `shared` bytes, the first of ``bytes``.
    @exclusivity(unchecked) private(set) var shared = 0
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    @exclusivity(unchecked) private(set) var ends: [UInt32] = []
    @exclusivity(unchecked) var elements: [Element] = []
    @exclusivity(unchecked) var children: [IndexNode] = []

    /// The number of keys.
    var count: Int { ends.count }

    /// An empty leaf or internal node.
    init(isLeaf: Bool) { self.isLeaf = isLeaf }

    /// A copy of `node` and of every node below it. The arrays are shared
    /// until one side changes them.
    init(copying node: IndexNode) {
        isLeaf = node.isLeaf
        keys = node.keys
        heads = node.heads
        shared = node.shared
        bytes = node.bytes
        ends = node.ends
        elements = node.elements
        children = node.children.map { IndexNode(copying: $0) }
    }

    // MARK: - Key bytes

    /// The bytes of every key of this node, in one place: see ``IndexNode``.
    /// A copy of the node's arrays, so a caller walking a leaf reads them
    /// without going through the node.
    struct KeyBytes {
        let bytes: [UInt8]
        let ends: [UInt32]
        let shared: Int

        /// Where the suffix of the key at `position` starts in ``bytes``.
        @inline(__always)
        func start(of position: Int) -> Int { position == 0 ? shared : Int(ends[position &- 1]) }

        /// Calls `body` with the whole bytes of the key at `position`,
        /// assembled in `scratch` (grown when too short).
        @inline(__always)
        func withKey<Result>(
            at position: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result {
            let start = start(of: position)
            let end = Int(ends[position])
            let count = shared &+ end &- start
            if scratch.count < count { scratch = [UInt8](repeating: 0, count: Swift.max(count, 2 * scratch.count)) }
            return bytes.withUnsafeBufferPointer { bytes in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    guard let source = bytes.baseAddress, let target = scratch.baseAddress else {
                        return body(UnsafeBufferPointer(start: nil, count: 0))
                    }
                    target.update(from: source, count: shared)
                    (target + shared).update(from: source + start, count: end &- start)
                    return body(UnsafeBufferPointer(start: target, count: count))
                }
            }
        }
    }

    /// Where the bytes after the common ones of the key at `position` start in ``bytes``.
    @inline(__always)
    private func suffixStart(at position: Int) -> Int { position == 0 ? shared : Int(ends[position &- 1]) }

    /// This node's key bytes.
    var keyBytes: KeyBytes { KeyBytes(bytes: bytes, ends: ends, shared: shared) }

    /// The key at `position`: an internal node's separator, or a leaf's
    /// key made from its bytes.
    func key(at position: Int) -> Key {
        if !isLeaf { return keys[position] }
        var scratch: [UInt8] = []
        return keyBytes.withKey(at: position, scratch: &scratch) { Key(indexBytes: $0) }
    }

    /// Every key, in order (see ``key(at:)``).
    var allKeys: [Key] { isLeaf ? (0..<count).map(key(at:)) : keys }

    /// Negative, zero or positive as `probe` orders before, equal to or
    /// after the key at `position`, read from the node's own bytes.
    func compare(_ probe: UnsafeBufferPointer<UInt8>, toKeyAt position: Int) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            let prefixLength = min(shared, probe.count)
            if prefixLength > 0, let left = probe.baseAddress, let right = bytes.baseAddress {
                let order = IndexBytes.compare(left, right, count: prefixLength)
                if order != 0 { return order }
            }
            if probe.count < shared { return -1 }
            let start = suffixStart(at: position)
            return IndexBytes.compare(
                UnsafeBufferPointer(rebasing: probe[shared...]),
                UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[position])]))
        }
    }

    // MARK: - Searching

    /// The first position whose key is not before `probe`: at or after it,
    /// or (with `orEqual`) strictly after it.
    func position(of probe: UnsafeBufferPointer<UInt8>, pastEqual orEqual: Bool) -> Int {
        search(probe, pastEqual: orEqual).position
    }

    /// The first position whose key is not before `probe` (with `orEqual`,
    /// strictly after it), and whether the key there has exactly the bytes
    /// of `probe`. The search learns that on the way: the key at the final
    /// position was the last one found not before the probe, and it equals
    /// the probe only if their heads tied and their suffixes compared equal.
    /// An insert or a removal needs both, without comparing the key again.
    @inline(__always)
    func search(_ probe: UnsafeBufferPointer<UInt8>, pastEqual orEqual: Bool) -> (position: Int, found: Bool) {
        let count = self.count
        guard count > 0 else { return (0, false) }
        return bytes.withUnsafeBufferPointer { bytes in
            // Where the probe stands against the common prefix decides for all keys at once.
            let prefixLength = min(shared, probe.count)
            if prefixLength > 0, let left = probe.baseAddress, let right = bytes.baseAddress {
                let order = IndexBytes.compare(left, right, count: prefixLength)
                if order < 0 { return (0, false) }
                if order > 0 { return (count, false) }
            }
            if probe.count < shared { return (0, false) }
            let probeHead = IndexBytes.head(probe, at: shared)
            let probeSuffix = UnsafeBufferPointer(rebasing: probe[shared...])
            return ends.withUnsafeBufferPointer { ends in
                heads.withUnsafeBufferPointer { heads in
                    var low = 0
                    var high = count
                    var equalAtHigh = false
                    while low < high {
                        let middle = low + (high - low) / 2
                        let head = heads[middle]
                        let before: Bool
                        var equal = false
                        if head != probeHead {
                            before = head < probeHead
                        } else {
                            let start = middle == 0 ? shared : Int(ends[middle &- 1])
                            let suffix = UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[middle])])
                            let order = IndexBytes.compare(suffix, probeSuffix)
                            before = orEqual ? order <= 0 : order < 0
                            equal = order == 0
                        }
                        if before {
                            low = middle + 1
                        } else {
                            high = middle
                            equalAtHigh = equal
                        }
                    }
                    return (low, equalAtHigh)
                }
            }
        }
    }

    // MARK: - Changing keys

    /// Inserts `key` at `position`, which must keep the keys in order.
    func insertKey(_ key: Key, at position: Int) {
        key.withBytes { insertKey(key, bytes: $0, at: position) }
    }

    /// Inserts `key`, whose bytes are `keyBytes`, at `position`, which must
    /// keep the keys in order.
    func insertKey(_ key: Key, bytes keyBytes: UnsafeBufferPointer<UInt8>, at position: Int) {
        if ends.isEmpty {
            shared = keyBytes.count
            bytes = Array(keyBytes)
            ends = [UInt32(keyBytes.count)]
            heads = [0]
        } else {
            let common = bytes.withUnsafeBufferPointer { bytes in
                IndexBytes.commonPrefixLength(UnsafeBufferPointer(rebasing: bytes[..<shared]), keyBytes)
            }
            if common < shared { reshare(common) }
            let suffix = UnsafeBufferPointer(rebasing: keyBytes[shared...])
            let start = suffixStart(at: position)
            bytes.insertShifting(contentsOf: suffix, at: start)
            let length = UInt32(suffix.count)
            ends.insertShifting(UInt32(start) + length, at: position)
            ends.withUnsafeMutableBufferPointer { ends in
                var later = position + 1
                while later < ends.count {
                    ends[later] &+= length
                    later += 1
                }
            }
            heads.insertShifting(IndexBytes.head(keyBytes, at: shared), at: position)
        }
        if !isLeaf { keys.insertShifting(key, at: position) }
    }

    /// Removes and returns the key at `position`.
    func takeKey(at position: Int) -> Key {
        let key = key(at: position)
        removeKey(at: position)
        return key
    }

    /// Removes the key at `position`.
    func removeKey(at position: Int) {
        let start = suffixStart(at: position)
        let length = ends[position] - UInt32(start)
        bytes.removeSubrange(start..<Int(ends[position]))
        ends.remove(at: position)
        ends.withUnsafeMutableBufferPointer { ends in
            var later = position
            while later < ends.count {
                ends[later] &-= length
                later += 1
            }
        }
        heads.remove(at: position)
        if !isLeaf { keys.remove(at: position) }
    }

    /// Replaces the key at `position` with one that keeps the keys in order.
    func replaceKey(at position: Int, with key: Key) {
        removeKey(at: position)
        insertKey(key, at: position)
    }

    /// Replaces every key (in order), reading each key's bytes.
    func setKeys<Keys: Collection>(_ newKeys: Keys) where Keys.Element == Key {
        let keys = Array(newKeys)
        if !isLeaf { self.keys = keys }
        shared = 0
        if let first = keys.first, let last = keys.last {
            shared = first.withBytes { first in last.withBytes { IndexBytes.commonPrefixLength(first, $0) } }
        }
        var newBytes: [UInt8] = []
        var newEnds: [UInt32] = []
        var newHeads: [UInt64] = []
        newEnds.reserveCapacity(keys.count)
        newHeads.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            key.withBytes { keyBytes in
                if position == 0 { newBytes.append(contentsOf: keyBytes[..<shared]) }
                newBytes.append(contentsOf: keyBytes[shared...])
                newEnds.append(UInt32(newBytes.count))
                newHeads.append(IndexBytes.head(keyBytes, at: shared))
            }
        }
        bytes = newBytes
        ends = newEnds
        heads = newHeads
    }

    /// Appends keys that all order after the present ones.
    func appendKeys<Keys: Collection>(_ more: Keys) where Keys.Element == Key {
        setKeys(allKeys + Array(more))
    }

    /// Removes the keys from `position` on.
    func truncateKeys(from position: Int) {
        if position < count { bytes.removeSubrange(suffixStart(at: position)...) }
        if !isLeaf { keys.removeSubrange(position...) }
        heads.removeSubrange(position...)
        ends.removeSubrange(position...)
    }

    /// Moves the keys from `position` on, with their bytes, into `right`
    /// (empty), whose arrays get room for `capacity` keys: the split of a
    /// full node, done on the bytes this node already holds. Each node's
    /// common prefix then grows to all its keys share.
    func moveKeys(from position: Int, to right: IndexNode, capacity: Int) {
        let start = suffixStart(at: position)
        let shift = UInt32(start - shared)
        if !isLeaf { right.keys = Array(keys[position...], capacity: capacity) }
        right.heads = Array(heads[position...], capacity: capacity)
        right.shared = shared
        var movedBytes = Array(bytes[..<shared])
        movedBytes.append(contentsOf: bytes[start...])
        right.bytes = movedBytes
        var movedEnds: [UInt32] = []
        movedEnds.reserveCapacity(capacity)
        for end in ends[position...] { movedEnds.append(end - shift) }
        right.ends = movedEnds
        truncateKeys(from: position)
        right.lengthenShared()
        lengthenShared()
    }

    /// Lengthens the common prefix to every byte the keys share: those
    /// bytes leave each suffix, and the heads are taken again.
    func lengthenShared() {
        guard let lastEnd = ends.last else { return }
        let extra = bytes.withUnsafeBufferPointer { bytes in
            let first = UnsafeBufferPointer(rebasing: bytes[shared..<Int(ends[0])])
            let lastStart = suffixStart(at: ends.count - 1)
            return IndexBytes.commonPrefixLength(first, UnsafeBufferPointer(rebasing: bytes[lastStart..<Int(lastEnd)]))
        }
        guard extra > 0 else { return }
        var newBytes: [UInt8] = []
        newBytes.reserveCapacity(bytes.count - extra * (ends.count - 1))
        newBytes.append(contentsOf: bytes[..<(shared + extra)])
        var start = shared
        for (position, end) in ends.enumerated() {
            newBytes.append(contentsOf: bytes[(start + extra)..<Int(end)])
            ends[position] = UInt32(newBytes.count)
            start = Int(end)
        }
        bytes = newBytes
        shared += extra
        recomputeHeads()
    }

    private func recomputeHeads() {
        bytes.withUnsafeBufferPointer { bytes in
            var start = shared
            for (position, end) in ends.enumerated() {
                heads[position] = IndexBytes.head(UnsafeBufferPointer(rebasing: bytes[start..<Int(end)]), at: 0)
                start = Int(end)
            }
        }
    }

    /// Shortens the common prefix to its first `newShared` bytes: the bytes
    /// it gives up move into every suffix, and the heads are taken again.
    private func reshare(_ newShared: Int) {
        let moved = bytes[newShared..<shared]
        var newBytes: [UInt8] = []
        newBytes.reserveCapacity(bytes.count + moved.count * count)
        newBytes.append(contentsOf: bytes[..<newShared])
        var newEnds: [UInt32] = []
        newEnds.reserveCapacity(ends.count)
        var newHeads: [UInt64] = []
        newHeads.reserveCapacity(heads.count)
        var start = shared
        for end in ends {
            let newStart = newBytes.count
            newBytes.append(contentsOf: moved)
            newBytes.append(contentsOf: bytes[start..<Int(end)])
            newEnds.append(UInt32(newBytes.count))
            newHeads.append(newBytes.withUnsafeBufferPointer {
                IndexBytes.head(UnsafeBufferPointer(rebasing: $0[newStart...]), at: 0)
            })
            start = Int(end)
        }
        bytes = newBytes
        ends = newEnds
        heads = newHeads
        shared = newShared
    }
}
