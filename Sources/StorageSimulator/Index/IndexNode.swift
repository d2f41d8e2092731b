#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A node of ``OrderedIndex``. Leaves hold keys and elements; internal nodes
/// hold separator keys and `keys.count + 1` children, where child `i + 1`
/// holds keys at or after `keys[i]`.
///
/// Beside the keys the node keeps ``heads``: for each key, the eight bytes
/// after ``shared``, the length of a prefix all its keys have in common.
/// Neighbouring object names share long prefixes (`photos/2024/…`), so
/// bytes at a fixed offset would rarely tell them apart; bytes after the
/// node's own common prefix usually do. A search compares heads, which sit
/// in one contiguous array, and touches a key's storage only on a tie.
///
/// The stored properties skip Swift's dynamic exclusivity checks (about a
/// hundred instructions each, several per level of a search): a node is
/// only reached through its index, which its owner uses under a lock.
final class IndexNode<Key: IndexKey, Element> {
    @exclusivity(unchecked) private(set) var keys: [Key] = []
    @exclusivity(unchecked) private(set) var heads: [UInt64] = []
    /// Every key of the node starts with the same `shared` bytes (those of `keys[0]`).
    @exclusivity(unchecked) private(set) var shared = 0
    @exclusivity(unchecked) var elements: [Element] = []
    @exclusivity(unchecked) var children: [IndexNode] = []

    var isLeaf: Bool { children.isEmpty }

    /// An empty node.
    init() {}

    /// A copy of `node` and of every node below it. The arrays of keys,
    /// heads and elements are shared until one side changes them.
    init(copying node: IndexNode) {
        keys = node.keys
        heads = node.heads
        shared = node.shared
        elements = node.elements
        children = node.children.map { IndexNode(copying: $0) }
    }

    // MARK: - Searching

    /// The first position whose key is not before `probe`: at or after it,
    /// or (with `orEqual`) strictly after it.
    func position(of probe: UnsafeBufferPointer<UInt8>, pastEqual orEqual: Bool) -> Int {
        // One read of each property: every access to a class's stored
        // property costs a dynamic exclusivity check.
        let keys = self.keys
        let heads = self.heads
        let shared = self.shared
        let count = keys.count
        guard count > 0 else { return 0 }
        // Where the probe stands against the common prefix decides for all keys at once.
        let prefixOrder = keys[0].withBytes { first in
            let length = min(shared, probe.count)
            guard length > 0, let left = probe.baseAddress, let right = first.baseAddress else { return 0 }
            return Int(memcmp(left, right, length))
        }
        if prefixOrder < 0 || (prefixOrder == 0 && probe.count < shared) { return 0 }
        if prefixOrder > 0 { return count }
        let probeHead = IndexBytes.head(probe, at: shared)
        return keys.withUnsafeBufferPointer { keys in
            heads.withUnsafeBufferPointer { heads in
                var low = 0
                var high = count
                while low < high {
                    let middle = low + (high - low) / 2
                    let head = heads[middle]
                    let before: Bool
                    if head != probeHead {
                        before = head < probeHead
                    } else {
                        let order = keys[middle].withBytes { IndexBytes.compare($0, probe) }
                        before = orEqual ? order <= 0 : order < 0
                    }
                    if before { low = middle + 1 } else { high = middle }
                }
                return low
            }
        }
    }

    /// The position of the first key not before `key` (`orEqual`: after it).
    func position(of key: Key, pastEqual orEqual: Bool) -> Int {
        key.withBytes { position(of: $0, pastEqual: orEqual) }
    }

    // MARK: - Changing keys

    /// Inserts `key` at `position`, which must keep the keys in order.
    func insertKey(_ key: Key, at position: Int) {
        key.withBytes { bytes in
            if keys.isEmpty {
                shared = bytes.count
            } else {
                let common = keys[0].withBytes { IndexBytes.commonPrefixLength($0, bytes) }
                if common < shared {
                    shared = common
                    recomputeHeads()
                }
            }
            heads.insert(IndexBytes.head(bytes, at: shared), at: position)
        }
        keys.insert(key, at: position)
    }

    /// Removes and returns the key at `position`.
    @discardableResult
    func removeKey(at position: Int) -> Key {
        heads.remove(at: position)
        return keys.remove(at: position)
    }

    /// Replaces the key at `position` with one that keeps the keys in order.
    func replaceKey(at position: Int, with key: Key) {
        removeKey(at: position)
        insertKey(key, at: position)
    }

    /// Replaces every key (in order) and recomputes the common prefix and heads.
    func setKeys<Keys: Collection>(_ newKeys: Keys) where Keys.Element == Key {
        keys = Array(newKeys)
        shared = 0
        if let first = keys.first, let last = keys.last {
            shared = first.withBytes { first in last.withBytes { IndexBytes.commonPrefixLength(first, $0) } }
        }
        recomputeHeads()
    }

    /// Appends keys that all order after the present ones.
    func appendKeys<Keys: Collection>(_ more: Keys) where Keys.Element == Key {
        setKeys(keys + Array(more))
    }

    /// Removes the keys from `position` on.
    func truncateKeys(from position: Int) {
        keys.removeSubrange(position...)
        heads.removeSubrange(position...)
    }

    private func recomputeHeads() {
        let offset = shared
        heads = keys.map { key in key.withBytes { IndexBytes.head($0, at: offset) } }
    }
}
