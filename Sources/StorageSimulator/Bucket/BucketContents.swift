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
/// A new name goes into the table at once, so a lookup finds it, but into
/// the index and the directories only when something next reads them in
/// order (``unordered``). Ordering a batch of names costs far less than
/// placing each one in the tree as it comes: a sort, then one merge or a
/// build level by level, instead of a root-to-leaf descent, node splits and
/// shifted arrays per name. An upload answers sooner, and a bucket seeded
/// with many objects before its first listing is built once.
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
    /// Names new to the table since the index was last brought up to
    /// date, in the order stored. Their entries are read from the table
    /// when they are placed, so a name stored again meanwhile is placed
    /// with its latest entry, and no removed object's bytes are kept
    /// here. Never written while ``pending`` holds writes.
    private var unordered: [ObjectName] = []
    /// Whether a name of ``unordered`` has been removed since it was
    /// stored, so it may be gone from the table, or be there twice.
    private var unorderedHasRemovals = false
    /// How many entries of the table the index lacks.
    private var unorderedCount = 0

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

    var count: Int { ordered.count + unorderedCount + pendingCountChange }

    /// How many names wait to be ordered, removed ones included.
    var unorderedBacklog: Int { unordered.count }

    /// Whether these contents still share `other`'s index: neither has
    /// written since one was copied from the other, as every write first
    /// copies a shared index (or, emptying the bucket, drops it) or is kept
    /// pending.
    func sharesIndex(with other: BucketContents) -> Bool {
        ordered === other.ordered && pending.isEmpty && other.pending.isEmpty
            && unordered.isEmpty && other.unordered.isEmpty
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

    /// The entries in name order, pending writes folded in.
    mutating func orderedIndex() -> OrderedIndex<ObjectName, StoredEntry> {
        bringIndexUpToDate()
        return ordered
    }

    /// One page of a listing, pending writes folded in; see
    /// ``ListingEngine`` for `summaryThreshold`.
    mutating func list(
        _ query: ListingQuery, summaryThreshold: Int = ListingEngine.namesInChildrenForSummary
    ) throws(StorageError) -> ObjectListing {
        bringIndexUpToDate()
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
        guard pending.count < Self.pendingLimit, unordered.isEmpty, !isKnownUniquelyReferenced(&ordered) else {
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

    /// Stores `entry` under `key` in the table, and in the index if it
    /// holds the name already (a new name is left to
    /// ``bringIndexUpToDate()``), returning the entry it replaced.
    @discardableResult
    private mutating func store(_ entry: StoredEntry, for key: ObjectName) -> StoredEntry? {
        // Named by the key, which the caller holds, rather than by the
        // entry, whose name is read from its box at one more retain.
        guard let previous = byName.insert(entry, named: key.string) else {
            unordered.append(key)
            unorderedCount += 1
            return nil
        }
        // Nothing to replace when the name is still unordered.
        uniqueOrdered().replaceElement(entry, for: key)
        return previous
    }

    /// Removes the entry named `key` from the table, the index and the
    /// directories, returning it.
    @discardableResult
    private mutating func delete(_ key: ObjectName) -> StoredEntry? {
        guard let previous = byName.remove(named: key.string) else { return nil }
        if uniqueOrdered().remove(key) != nil {
            directories.remove(key)
        } else {
            unorderedCount -= 1
            unorderedHasRemovals = true
            // Names removed before they were ordered are dropped once they
            // outnumber the rest, so a bucket written and emptied again
            // and again, and never listed, does not keep every name.
            if unordered.count - unorderedCount > unorderedCount { bringIndexUpToDate() }
        }
        return previous
    }

    /// Applies the pending writes, then places the unordered names in the
    /// index and the directories: each name in turn when they are few
    /// beside the index; else sorted, and both built again from the
    /// index's entries merged with theirs (O(n + k) rather than k descents).
    private mutating func bringIndexUpToDate() {
        if !pending.isEmpty { foldPending() }
        guard !unordered.isEmpty else { return }
        guard unordered.count * Self.rebuildRatio >= ordered.count else {
            placeUnorderedOneByOne()
            return
        }
        let (keys, entries) = takeUnorderedSorted()
        if !keys.isEmpty { rebuild(adding: keys, entries) }
    }

    /// Inserts each unordered name still in the table into the index, in
    /// the order stored (a name stored twice is found the second time).
    private mutating func placeUnorderedOneByOne() {
        let names = unordered
        unordered = []
        unorderedHasRemovals = false
        unorderedCount = 0
        let index = uniqueOrdered()
        for name in names {
            guard let entry = byName.entry(named: name.string) else { continue }
            if index.insert(entry, for: name) == nil { directories.add(name) }
        }
    }

    /// Empties ``unordered``, returning its names in order, each once, and
    /// their entries; a name removed since it was stored is left out.
    private mutating func takeUnorderedSorted() -> (keys: [ObjectName], entries: [StoredEntry]) {
        let taken = unordered
        let hasRemovals = unorderedHasRemovals
        unordered = []
        unorderedHasRemovals = false
        unorderedCount = 0
        let sortedNames = Self.permuted(taken, by: NameSorter.order(of: taken))
        var keys: [ObjectName] = []
        var entries: [StoredEntry] = []
        keys.reserveCapacity(sortedNames.count)
        entries.reserveCapacity(sortedNames.count)
        for name in sortedNames {
            // Only a removal lets a name be stored twice: the equal names sit together.
            if hasRemovals, let last = keys.last, UTF8Order.equal(last.string, name.string) { continue }
            guard let entry = byName.entry(named: name.string) else { continue }
            keys.append(name)
            entries.append(entry)
        }
        return (keys, entries)
    }

    /// `names` in the order of the positions `order` gives.
    ///
    /// They are first copied, in order, into a buffer of their own, then
    /// moved out of it in the new order: copying them straight in the new
    /// order would count a reference to each name in scattered memory, a
    /// cache miss each at a million names.
    private static func permuted(_ names: [ObjectName], by order: [Int]) -> [ObjectName] {
        let count = order.count
        let staged = UnsafeMutableBufferPointer<ObjectName>.allocate(capacity: count)
        defer { staged.deallocate() }
        _ = staged.initialize(from: names)
        return [ObjectName](unsafeUninitializedCapacity: count) { buffer, initialized in
            for (target, source) in order.enumerated() {
                buffer.initializeElement(at: target, to: staged.moveElement(from: source))
            }
            initialized = count
        }
    }

    /// Unordered names fewer than the index's entries divided by this are
    /// placed one at a time; more, and the index is built again. Placing a
    /// name costs about 2 µs at a million objects, a rebuild about 0.5 µs
    /// per entry (`make bench`), so they break even near a quarter.
    private static let rebuildRatio = 4

    /// Builds the index and the directories again from the index's entries
    /// and `entries` (named `keys`, in name order, none of them in the index).
    private mutating func rebuild(adding keys: [ObjectName], _ entries: [StoredEntry]) {
        var allKeys = keys
        var allEntries = entries
        if ordered.count > 0 {
            allKeys = []
            allEntries = []
            allKeys.reserveCapacity(ordered.count + keys.count)
            allEntries.reserveCapacity(ordered.count + keys.count)
            var cursor = ordered.cursor(atLeast: [])
            var next = 0
            while let existing = cursor.element {
                let existingName = existing.name
                while next < keys.count, UTF8Order.compare(keys[next].string, existingName) < 0 {
                    allKeys.append(keys[next])
                    allEntries.append(entries[next])
                    next += 1
                }
                assert(next == keys.count || !UTF8Order.equal(keys[next].string, existingName), "an unordered name is not in the index")
                allKeys.append(ObjectName(existingName))
                allEntries.append(existing)
                cursor.advance()
            }
            allKeys.append(contentsOf: keys[next...])
            allEntries.append(contentsOf: entries[next...])
        }
        ordered = OrderedIndex(sortedKeys: allKeys, elements: allEntries, maxKeys: ordered.maxKeys)
        directories = DirectorySummary(sortedNames: allKeys.lazy.map(\.string))
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
