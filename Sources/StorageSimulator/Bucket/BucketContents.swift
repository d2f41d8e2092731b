/// A bucket's objects, indexed twice: a B+tree in name order for listings,
/// and a hash table by exact name (``NameTable``) for lookups, which at a
/// million objects would otherwise walk four or five tree levels, a cache
/// miss or more each. Beside them, the directories of the names
/// (``DirectorySummary``), from which a folder listing takes its prefixes.
///
/// Contents made from a snapshot share its index and table. Their first
/// few writes are kept beside them (``pending``) instead of copying both
/// for a change or two and freeing the copies when the simulator goes back
/// to the snapshot, as a test runner does after each case that writes: that
/// was a quarter of such a case. Whatever reads the entries in order (a
/// listing, an export) first folds the pending writes into copies of the
/// index and table, as the first write used to.
///
/// Not thread-safe by itself: ``BucketStore`` guards it with its lock.
struct BucketContents {
    /// The entries in name order, pending writes aside. Shared by copies of
    /// these contents (every bucket restored from one snapshot) until one of
    /// them folds its writes in, which first copies the index unless this
    /// is its only holder.
    private var ordered: OrderedIndex<ObjectName, StoredEntry>
    /// The same entries by name.
    private var byName: NameTable<StoredEntry>
    /// The directories of the entries' names, for folder listings; shared
    /// and kept in step with ``ordered``.
    private var directories: DirectorySummary
    /// Writes to a shared index not applied to it yet, each name once, in
    /// the order first written: the entry stored, or `nil` for a removal.
    private var pending: [(name: ObjectName, entry: StoredEntry?)] = []
    /// The change in the number of entries that ``pending`` makes.
    private var pendingCountChange = 0

    /// Writes kept beside a shared index before they are folded into a copy
    /// of it: a lookup compares the name with each.
    private static let pendingLimit = 8

    /// An empty bucket.
    init() {
        ordered = OrderedIndex()
        byName = NameTable<StoredEntry>()
        directories = DirectorySummary()
    }

    /// A bucket holding `entries`, which must be in name order with no name twice.
    init(sorted entries: [StoredEntry]) {
        ordered = OrderedIndex(sortedKeys: entries.map { ObjectName($0.name) }, elements: entries)
        byName = NameTable(entries)
        directories = DirectorySummary(sortedNames: entries.lazy.map(\.name))
    }

    var count: Int { ordered.count + pendingCountChange }

    /// Whether these contents still share `other`'s index: neither has
    /// written since one was copied from the other, as every write first
    /// copies a shared index (or, emptying the bucket, drops it) or is kept
    /// pending.
    func sharesIndex(with other: BucketContents) -> Bool {
        ordered === other.ordered && pending.isEmpty && other.pending.isEmpty
    }

    /// The entry named `key`.
    func element(for key: ObjectName) -> StoredEntry? {
        if !pending.isEmpty, let position = pendingPosition(of: key) { return pending[position].entry }
        return byName.entry(named: key.string)
    }

    /// Stores `entry` under `key`, returning the entry it replaced.
    @discardableResult
    mutating func insert(_ entry: StoredEntry, for key: ObjectName) -> StoredEntry? {
        assert(UTF8Order.equal(entry.name, key.string), "an entry is stored under its own name")
        if let previous = keepPending(entry, for: key) { return previous }
        return store(entry, for: key)
    }

    /// Removes the entry named `key`, returning it.
    @discardableResult
    mutating func remove(_ key: ObjectName) -> StoredEntry? {
        if let previous = keepPending(nil, for: key) { return previous }
        return delete(key)
    }

    /// Removes every entry.
    mutating func removeAll() {
        pending = []
        pendingCountChange = 0
        byName.removeAll()
        // A new index rather than the shared one copied, then emptied.
        ordered = OrderedIndex(maxKeys: ordered.maxKeys)
        directories = DirectorySummary()
    }

    /// The entries in name order, pending writes folded in.
    mutating func orderedIndex() -> OrderedIndex<ObjectName, StoredEntry> {
        if !pending.isEmpty { foldPending() }
        return ordered
    }

    /// One page of a listing, pending writes folded in; see
    /// ``ListingEngine`` for `summaryThreshold`.
    mutating func list(
        _ query: ListingQuery, summaryThreshold: Int = ListingEngine.namesInChildrenForSummary
    ) throws(StorageError) -> ObjectListing {
        if !pending.isEmpty { foldPending() }
        return try ListingEngine.list(ordered, directories: directories, summaryThreshold: summaryThreshold, query: query)
    }

    /// Keeps a write to a shared index pending, returning what it replaced
    /// as `.some` (`.some(nil)` for nothing); `nil` when the write must be
    /// applied to the index itself: the index is this holder's alone, or
    /// enough writes are pending already.
    private mutating func keepPending(_ entry: StoredEntry?, for key: ObjectName) -> StoredEntry?? {
        if let position = pending.isEmpty ? nil : pendingPosition(of: key) {
            let previous = pending[position].entry
            pending[position].entry = entry
            pendingCountChange += (entry == nil ? 0 : 1) - (previous == nil ? 0 : 1)
            return .some(previous)
        }
        guard pending.count < Self.pendingLimit, !isKnownUniquelyReferenced(&ordered) else {
            if !pending.isEmpty { foldPending() }
            return nil
        }
        let previous = byName.entry(named: key.string)
        guard entry != nil || previous != nil else { return .some(nil) }
        pending.append((key, entry))
        pendingCountChange += (entry == nil ? 0 : 1) - (previous == nil ? 0 : 1)
        return .some(previous)
    }

    /// Where `key` is among the pending writes.
    private func pendingPosition(of key: ObjectName) -> Int? {
        pending.firstIndex { UTF8Order.equal($0.name.string, key.string) }
    }

    /// Applies the pending writes to this holder's own copies of the index
    /// and the table.
    private mutating func foldPending() {
        let writes = pending
        pending = []
        pendingCountChange = 0
        for (name, entry) in writes {
            if let entry { store(entry, for: name) } else { delete(name) }
        }
    }

    /// Stores `entry` under `key` in the index, the table and the
    /// directories, returning the entry it replaced.
    @discardableResult
    private mutating func store(_ entry: StoredEntry, for key: ObjectName) -> StoredEntry? {
        // Named by the key, which the caller holds, rather than by the
        // entry, whose name is read from its box at one more retain.
        byName.insert(entry, named: key.string)
        let previous = uniqueOrdered().insert(entry, for: key)
        if previous == nil { directories.add(key) }
        return previous
    }

    /// Removes the entry named `key` from the index, the table and the
    /// directories, returning it.
    @discardableResult
    private mutating func delete(_ key: ObjectName) -> StoredEntry? {
        byName.remove(named: key.string)
        let previous = uniqueOrdered().remove(key)
        if previous != nil { directories.remove(key) }
        return previous
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
/// Unchecked `Sendable`: the index and the directory summary's tree are
/// classes, but no holder changes them in place while another holds them
/// (``BucketContents`` and ``DirectorySummary`` copy them first), and these
/// contents always hold them.
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
