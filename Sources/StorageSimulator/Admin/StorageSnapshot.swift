/// A frozen copy of a simulator's buckets and objects, to start many
/// simulators from the same state without recomputing it.
///
/// Seeding computes hashes, etags and generations for every object; a test
/// runner that gives each case a fresh bucket seeds once, takes a snapshot,
/// and restores it per case. Records, bytes, the name-ordered arrays and the
/// table by name are built once and shared; a restore builds each bucket's
/// B+tree over them.
public struct StorageSnapshot: Sendable {
    /// Every bucket's entries in name order.
    let buckets: [(name: String, contents: SortedEntries)]
    /// The last generation handed out when the snapshot was taken.
    let lastGeneration: Int64

    /// The number of objects in every bucket together.
    public var objectCount: Int { buckets.reduce(0) { $0 + $1.contents.entries.count } }
}

extension StorageSnapshot {
    init(buckets: [(name: String, entries: [StoredEntry])], lastGeneration: Int64) {
        self.buckets = buckets.map { ($0.name, SortedEntries($0.entries)) }
        self.lastGeneration = lastGeneration
    }
}

extension StorageAdmin {
    /// A snapshot of every bucket (empty ones too), its objects and the
    /// generation counter.
    public func snapshot() -> StorageSnapshot {
        let names = storage.bucketNames
        let buckets = names.compactMap { name in
            storage.existingBucket(name).map { (name: name, entries: $0.allEntries()) }
        }
        return StorageSnapshot(buckets: buckets, lastGeneration: storage.currentGeneration)
    }

    /// Replaces every bucket with the snapshot's buckets and objects (the
    /// default bucket stays, empty if the snapshot has none). Generations
    /// handed out afterwards follow both the snapshot's and this simulator's.
    ///
    /// A fresh simulator restored from a snapshot holds exactly what the
    /// simulator the snapshot was taken from held: same records, same bytes,
    /// and the same next generation.
    public func restore(_ snapshot: StorageSnapshot) {
        storage.replaceBuckets(snapshot.stores(defaultBucket: storage.configuration.defaultBucket))
        storage.advanceGeneration(to: snapshot.lastGeneration)
    }
}

extension StorageSimulator {
    /// Whether this simulator still holds exactly what it held when made
    /// from `snapshot` (``init(rules:configuration:restoring:)``): the same
    /// buckets, no object written, updated or deleted, and no generation
    /// handed out since. Reads, denied requests and failed writes leave it
    /// unchanged, so a test runner can give the next case this simulator
    /// rather than restore the snapshot into a new one. `false` for a
    /// simulator made another way, or from a snapshot without the default
    /// bucket.
    public func isUnchanged(since snapshot: StorageSnapshot) -> Bool {
        guard currentGeneration == snapshot.lastGeneration else { return false }
        return withBuckets { buckets in
            guard buckets.byName.count == snapshot.buckets.count else { return false }
            // By position, each bucket read in place: a copy of one retains
            // every part of its contents (a test runner checks after each case).
            return snapshot.buckets.indices.allSatisfy { position in
                buckets.element(named: snapshot.buckets[position].name)?
                    .holdsUnwritten(snapshot.buckets[position].contents) ?? false
            }
        }
    }

    /// Returns the buckets, objects and generation counter to what
    /// ``init(rules:configuration:restoring:)`` made from `snapshot`, so
    /// that ``isUnchanged(since:)`` holds again: unlike
    /// ``StorageAdmin/restore(_:)``, generations handed out since are
    /// forgotten, and the next one is the one a new simulator would hand
    /// out. Rules, identity, clock, observers and `Storage` settings stay:
    /// a test runner's next case sets those it needs.
    ///
    /// A simulator that is unchanged is left as it is, so a caller can reset
    /// after every use at the cost of the check.
    public func reset(to snapshot: StorageSnapshot) {
        guard !isUnchanged(since: snapshot) else { return }
        if !restoreContents(of: snapshot) {
            replaceBuckets(snapshot.stores(defaultBucket: configuration.defaultBucket))
        }
        setLastGeneration(snapshot.lastGeneration)
    }
}

extension StorageSnapshot {
    /// A bucket for each of the snapshot's, by name, sharing its index until
    /// a write, and an empty `defaultBucket` if the snapshot has none.
    func stores(defaultBucket: String) -> [String: BucketStore] {
        // The usual snapshot (a test runner restores one per case): the
        // default bucket alone, stored without a lookup or a grown table.
        if buckets.count == 1, buckets[0].name == defaultBucket {
            return [defaultBucket: BucketStore(name: defaultBucket, sorted: buckets[0].contents)]
        }
        var stores: [String: BucketStore] = [:]
        stores.reserveCapacity(buckets.count + 1)
        for bucket in buckets { stores[bucket.name] = BucketStore(name: bucket.name, sorted: bucket.contents) }
        if stores[defaultBucket] == nil { stores[defaultBucket] = BucketStore(name: defaultBucket) }
        return stores
    }
}
