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
    private final class Slot {
        weak var instance: Storage?
        let settings: Locked<Storage.Settings>

        init(settings: Locked<Storage.Settings>) {
            self.settings = settings
        }
    }

    private var slots: [String: Slot] = [:]
    /// The slot found or added last: almost every call names the same bucket.
    private var recent: (bucket: String, slot: Slot)?

    /// The live instance of `bucket`, or a new one from `make`, given the
    /// bucket's settings.
    mutating func instance(
        of bucket: String, make: (Locked<Storage.Settings>) -> Storage
    ) -> Storage {
        let slot: Slot
        if let recent, recent.bucket == bucket {
            slot = recent.slot
        } else if let found = slots[bucket] {
            slot = found
            recent = (bucket, found)
        } else {
            slot = Slot(settings: Locked(Storage.Settings()))
            slots[bucket] = slot
            recent = (bucket, slot)
        }
        if let instance = slot.instance { return instance }
        let instance = make(slot.settings)
        slot.instance = instance
        return instance
    }
}
