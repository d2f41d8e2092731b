/// A bucket's objects, indexed twice: a B+tree in name order for listings,
/// and a hash table by exact name (``NameTable``) for lookups, which at a
/// million objects would otherwise walk four or five tree levels, a cache
/// miss or more each.
///
/// Not thread-safe by itself: ``BucketStore`` guards it with its lock.
struct BucketContents {
    /// The entries in name order.
    let ordered: OrderedIndex<ObjectName, StoredEntry>
    /// The same entries by name.
    private var byName: NameTable

    /// An empty bucket.
    init() {
        ordered = OrderedIndex()
        byName = NameTable()
    }

    /// A bucket holding `sorted`'s entries. Its arrays and name table are
    /// shared with every other bucket made from it until a write.
    init(_ sorted: SortedEntries) {
        ordered = OrderedIndex(sortedKeys: sorted.keys, elements: sorted.entries)
        byName = sorted.byName
    }

    var count: Int { ordered.count }

    /// The entry named `key`.
    func element(for key: ObjectName) -> StoredEntry? { byName.entry(named: key.string) }

    /// Stores `entry` under `key`, returning the entry it replaced.
    @discardableResult
    mutating func insert(_ entry: StoredEntry, for key: ObjectName) -> StoredEntry? {
        assert(UTF8Order.equal(entry.name, key.string), "an entry is stored under its own name")
        byName.insert(entry)
        return ordered.insert(entry, for: key)
    }

    /// Removes the entry named `key`, returning it.
    @discardableResult
    mutating func remove(_ key: ObjectName) -> StoredEntry? {
        byName.remove(named: key.string)
        return ordered.remove(key)
    }

    /// Removes every entry.
    mutating func removeAll() {
        byName.removeAll()
        ordered.removeAll()
    }
}

/// A bucket's entries in name order, with their names and the table by
/// name built once, so that every bucket restored from them shares them
/// (copy-on-write) instead of hashing every name again.
struct SortedEntries: Sendable {
    /// The entries' names, in name order.
    let keys: [ObjectName]
    /// The entries, in name order.
    let entries: [StoredEntry]
    /// The entries by name.
    let byName: NameTable

    /// `entries` in name order with no name twice.
    init(_ entries: [StoredEntry]) {
        keys = entries.map { ObjectName($0.name) }
        self.entries = entries
        byName = NameTable(entries)
    }
}
