/// A simulator's buckets by name, remembering the one found last.
///
/// Almost every operation in a row names the same bucket, and comparing
/// one name (often the very same string storage) costs a fraction of
/// hashing it for the dictionary.
///
/// Not thread-safe by itself: ``StorageSimulator`` keeps it under a lock.
struct BucketMap {
    /// Every bucket, by name.
    private(set) var byName: [String: BucketStore]
    /// The bucket found or added last.
    private var recent: BucketStore?

    /// A map of `stores`, by their names.
    init(_ stores: [String: BucketStore] = [:]) {
        byName = stores
    }

    /// The bucket named `name`, if there is one.
    mutating func bucket(_ name: String) -> BucketStore? {
        if let recent, recent.name == name { return recent }
        let found = byName[name]
        if found != nil { recent = found }
        return found
    }

    /// Adds `store` under its name.
    mutating func add(_ store: BucketStore) {
        byName[store.name] = store
        recent = store
    }
}
