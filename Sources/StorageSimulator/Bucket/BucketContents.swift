/// A bucket's objects, indexed twice: a B+tree in name order for listings,
/// and a hash table by exact name for lookups, which at a million objects
/// would otherwise walk four or five tree levels, a cache miss or more each.
///
/// Not thread-safe by itself: ``BucketStore`` guards it with its lock.
struct BucketContents {
    /// The entries in name order.
    let ordered: OrderedIndex<ObjectName, StoredEntry>
    /// The same entries by name.
    private var byName: [ObjectName: StoredEntry]

    /// An empty bucket.
    init() {
        ordered = OrderedIndex()
        byName = [:]
    }

    /// Entries under `keys` (their names), in name order with no name twice.
    init(sortedKeys keys: [ObjectName], entries: [StoredEntry]) {
        ordered = OrderedIndex(sortedKeys: keys, elements: entries)
        byName = Dictionary(zip(keys, entries), uniquingKeysWith: { _, later in later })
    }

    var count: Int { ordered.count }

    /// The entry named `key`.
    func element(for key: ObjectName) -> StoredEntry? { byName[key] }

    /// Stores `entry` under `key`, returning the entry it replaced.
    @discardableResult
    mutating func insert(_ entry: StoredEntry, for key: ObjectName) -> StoredEntry? {
        byName[key] = entry
        return ordered.insert(entry, for: key)
    }

    /// Removes the entry named `key`, returning it.
    @discardableResult
    mutating func remove(_ key: ObjectName) -> StoredEntry? {
        byName.removeValue(forKey: key)
        return ordered.remove(key)
    }

    /// Removes every entry.
    mutating func removeAll() {
        byName.removeAll()
        ordered.removeAll()
    }
}
