/// A bucket's objects, indexed twice: a B+tree in name order for listings,
/// and a hash table by exact name (``NameTable``) for lookups, which at a
/// million objects would otherwise walk four or five tree levels, a cache
/// miss or more each.
///
/// Not thread-safe by itself: ``BucketStore`` guards it with its lock.
struct BucketContents {
    /// The entries in name order. Shared by copies of these contents (every
    /// bucket restored from one snapshot) until one of them writes: a write
    /// first copies the index unless this is its only holder.
    private(set) var ordered: OrderedIndex<ObjectName, StoredEntry>
    /// The same entries by name.
    private var byName: NameTable

    /// An empty bucket.
    init() {
        ordered = OrderedIndex()
        byName = NameTable()
    }

    /// A bucket holding `entries`, which must be in name order with no name twice.
    init(sorted entries: [StoredEntry]) {
        ordered = OrderedIndex(sortedKeys: entries.map { ObjectName($0.name) }, elements: entries)
        byName = NameTable(entries)
    }

    var count: Int { ordered.count }

    /// Whether these contents still share `other`'s index: neither has
    /// written since one was copied from the other, as every write first
    /// copies a shared index (or, emptying the bucket, drops it).
    func sharesIndex(with other: BucketContents) -> Bool { ordered === other.ordered }

    /// The entry named `key`.
    func element(for key: ObjectName) -> StoredEntry? { byName.entry(named: key.string) }

    /// Stores `entry` under `key`, returning the entry it replaced.
    @discardableResult
    mutating func insert(_ entry: StoredEntry, for key: ObjectName) -> StoredEntry? {
        assert(UTF8Order.equal(entry.name, key.string), "an entry is stored under its own name")
        byName.insert(entry)
        return uniqueOrdered().insert(entry, for: key)
    }

    /// Removes the entry named `key`, returning it.
    @discardableResult
    mutating func remove(_ key: ObjectName) -> StoredEntry? {
        byName.remove(named: key.string)
        return uniqueOrdered().remove(key)
    }

    /// Removes every entry.
    mutating func removeAll() {
        byName.removeAll()
        // A new index rather than the shared one copied, then emptied.
        ordered = OrderedIndex(maxKeys: ordered.maxKeys)
    }

    /// The index, copied first if another holder shares it.
    private mutating func uniqueOrdered() -> OrderedIndex<ObjectName, StoredEntry> {
        if !isKnownUniquelyReferenced(&ordered) { ordered = ordered.copy() }
        return ordered
    }
}

/// A bucket's entries in name order, indexed once, so that every bucket
/// restored from them shares the index and the table by name (each copies
/// them at its first write) instead of building them again.
///
/// Unchecked `Sendable`: the index is a class, but no holder changes it in
/// place while another holds it (``BucketContents`` copies it first), and
/// these contents always hold it.
struct SortedEntries: @unchecked Sendable {
    /// The entries, in name order.
    let entries: [StoredEntry]
    /// The entries, indexed.
    let contents: BucketContents

    /// `entries` in name order with no name twice.
    init(_ entries: [StoredEntry]) {
        self.entries = entries
        contents = BucketContents(sorted: entries)
    }
}
