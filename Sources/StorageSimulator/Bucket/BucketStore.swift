/// One bucket: its objects under a lock, indexed by exact name in UTF-8
/// byte order.
///
/// Every method is atomic; compound operations that must see and change the
/// same state use the compare-and-swap ``replace(_:ifGeneration:with:)``.
final class BucketStore: Sendable {
    let name: String
    private let index: Locked<OrderedIndex<ObjectName, StoredEntry>>

    init(name: String) {
        self.name = name
        self.index = Locked(OrderedIndex())
    }

    /// A bucket holding `entries` under `keys` (their names), in name
    /// order with no name twice. The arrays are shared until a write.
    init(name: String, sortedKeys keys: [ObjectName], entries: [StoredEntry]) {
        self.name = name
        self.index = Locked(OrderedIndex(sortedKeys: keys, elements: entries))
    }

    var count: Int { index.withLock { $0.count } }

    func entry(_ path: String) -> StoredEntry? {
        index.withLock { $0.element(for: ObjectName(path)) }
    }

    func object(_ path: String) -> StoredObject? { entry(path)?.object }

    /// Stores `entry` unconditionally, returning what it replaced.
    @discardableResult
    func put(_ entry: StoredEntry) -> StoredEntry? {
        index.withLock { $0.insert(entry, for: ObjectName(entry.object.name)) }
    }

    /// Replaces (or with `nil`, removes) the object at `path`, but only if
    /// it is still the one the caller looked at: same generation and
    /// metageneration, or still absent when `expected` is `nil`.
    func replace(_ path: String, ifCurrent expected: StoredObject?, with newEntry: StoredEntry?) -> Bool {
        index.withLock { index in
            let key = ObjectName(path)
            let current = index.element(for: key)?.object
            guard current?.generation == expected?.generation,
                current?.metageneration == expected?.metageneration
            else { return false }
            if let newEntry {
                index.insert(newEntry, for: key)
            } else {
                index.remove(key)
            }
            return true
        }
    }

    @discardableResult
    func remove(_ path: String) -> StoredEntry? {
        index.withLock { $0.remove(ObjectName(path)) }
    }

    func removeAll() {
        index.withLock { $0.removeAll() }
    }

    func list(_ query: ListingQuery) throws(StorageError) -> ObjectListing {
        try index.withLock { (index) throws(StorageError) -> ObjectListing in
            try ListingEngine.list(index, query: query)
        }
    }

    /// Every entry, in name order.
    func allEntries() -> [StoredEntry] {
        index.withLock { index in
            var result: [StoredEntry] = []
            result.reserveCapacity(index.count)
            var cursor = index.cursor { _ in false }
            while let entry = cursor.element {
                result.append(entry)
                cursor.advance()
            }
            return result
        }
    }

    /// Every object, in name order.
    func allObjects() -> [StoredObject] {
        index.withLock { index in
            var result: [StoredObject] = []
            result.reserveCapacity(index.count)
            var cursor = index.cursor { _ in false }
            while let (_, entry) = cursor.current {
                result.append(entry.object)
                cursor.advance()
            }
            return result
        }
    }
}
