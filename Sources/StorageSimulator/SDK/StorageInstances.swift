/// A simulator's ``Storage`` instances, one per bucket, held weakly.
///
/// An instance holds its simulator (a caller may keep only the `Storage`),
/// so a simulator holding its instances strongly would never be freed, nor
/// would its buckets and their bytes: every simulator a test or a suite's
/// case made stayed in memory until the process ended. A bucket's settings
/// are kept here apart from its instance, so an instance made again after
/// the last one was dropped has the settings that one was given, as the SDK's
/// instances, cached for the life of the app, keep theirs.
///
/// Not thread-safe by itself: ``StorageSimulator`` keeps it under a lock.
struct StorageInstances {
    /// One bucket's settings and, while something holds it, its instance.
    final class Slot {
        weak var instance: Storage?
        let settings = Locked(Storage.Settings())
    }

    private var slots = NameMap<Slot>()

    /// The live instance of `bucket`, or a new one from `make`, given the
    /// bucket's settings.
    mutating func instance(of bucket: String, make: (Locked<Storage.Settings>) -> Storage) -> Storage {
        let slot = slots.element(named: bucket) ?? {
            let slot = Slot()
            slots.add(slot, named: bucket)
            return slot
        }()
        if let instance = slot.instance { return instance }
        let instance = make(slot.settings)
        slot.instance = instance
        return instance
    }
}
