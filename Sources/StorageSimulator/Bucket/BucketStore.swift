/// One bucket: its objects under a lock, indexed by exact name in UTF-8
/// byte order (and hashed by name for lookups).
///
/// Every method is atomic; compound operations that must see and change the
/// same state use the compare-and-swap ``replace(_:ifGeneration:with:)``.
final class BucketStore: Sendable {
    /// The name, which every record this store makes shares.
    let sharedName: BucketName
    var name: String { sharedName.text }
    private let index: Locked<BucketContents>
    /// Told about every change, in order (a persistence layer; empty otherwise).
    let changes = ChangeObserverSlot()

    init(name: String) {
        self.sharedName = BucketName(name)
        self.index = Locked(BucketContents())
    }

    /// A bucket holding `sorted`'s entries, sharing its index until a write.
    init(name: String, sorted: SortedEntries) {
        self.sharedName = BucketName(name)
        self.index = Locked(sorted.contents)
    }

    var count: Int { index.withLock { $0.count } }

    /// Holds `sorted`'s entries again, sharing its index until a write, as
    /// a store made from them would; tells no change observer.
    func restore(_ sorted: SortedEntries) {
        index.withLock { $0 = sorted.contents }
    }

    /// Whether this bucket holds `sorted`'s contents unwritten: made from
    /// them, and no object stored, replaced or removed since.
    func holdsUnwritten(_ sorted: SortedEntries) -> Bool {
        index.withLock { $0.sharesIndex(with: sorted.contents) }
    }

    /// Detaches the change observer under the index lock, so a write in
    /// flight either reports before this returns or not at all: a bucket
    /// dropped from the simulator must not reach its persistence layer.
    func detachChanges() {
        index.withLock { _ in changes.attach(nil) }
    }

    func entry(_ path: String) -> StoredEntry? {
        index.withLock { $0.element(for: ObjectName(path)) }
    }

    func object(_ path: String) -> StoredObject? { entry(path)?.object }

    /// Stores `entry`, whose name is `path`, unconditionally, returning
    /// what it replaced. The caller's name is used rather than the one read
    /// from the entry's box, which would cost a retain and a release.
    @discardableResult
    func put(_ entry: StoredEntry, named path: String) -> StoredEntry? {
        let (previous, commit) = index.withLock { index in
            let previous = index.insert(entry, for: ObjectName(path))
            return (previous, changes.prepare(.object(bucket: name, name: path, previous: previous, current: entry)))
        }
        commit?()
        return previous
    }

    /// Replaces (or with `nil`, removes) the object at `path`, but only if
    /// it is still the one the caller looked at: same generation and
    /// metageneration, or still absent when `expected` is `nil`.
    func replace(_ path: String, ifCurrent expected: StoredObject?, with newEntry: StoredEntry?) -> Bool {
        let (replaced, commit) = index.withLock { index -> (Bool, (@Sendable () -> Void)?) in
            let key = ObjectName(path)
            let previous = index.element(for: key)
            guard previous?.object.generation == expected?.generation,
                previous?.object.metageneration == expected?.metageneration
            else { return (false, nil) }
            if let newEntry {
                index.insert(newEntry, for: key)
            } else {
                index.remove(key)
            }
            return (true, changes.prepare(.object(bucket: name, name: path, previous: previous, current: newEntry)))
        }
        commit?()
        return replaced
    }

    @discardableResult
    func remove(_ path: String) -> StoredEntry? {
        let (removed, commit) = index.withLock { index -> (StoredEntry?, (@Sendable () -> Void)?) in
            guard let removed = index.remove(ObjectName(path)) else { return (nil, nil) }
            return (removed, changes.prepare(.object(bucket: name, name: path, previous: removed, current: nil)))
        }
        commit?()
        return removed
    }

    func list(_ query: ListingQuery) throws(StorageError) -> ObjectListing {
        try index.withLock { (index) throws(StorageError) -> ObjectListing in
            try index.list(query)
        }
    }

    /// Every entry, in name order.
    func allEntries() -> [StoredEntry] {
        index.withLock { Self.entries(of: $0.orderedIndex()) }
    }

    private static func entries(of index: OrderedIndex<ObjectName, StoredEntry>) -> [StoredEntry] {
        var result: [StoredEntry] = []
        result.reserveCapacity(index.count)
        var cursor = index.cursor(atLeast: [])
        while let entry = cursor.element {
            result.append(entry)
            cursor.advance()
        }
        return result
    }

    /// Every object, in name order.
    func allObjects() -> [StoredObject] {
        index.withLock { index in
            var result: [StoredObject] = []
            result.reserveCapacity(index.count)
            var cursor = index.orderedIndex().cursor(atLeast: [])
            while let entry = cursor.element {
                result.append(entry.object)
                cursor.advance()
            }
            return result
        }
    }
}
