/// A change to a simulator's stored state, as a persistence layer sees it.
///
/// Changes are reported while the lock that orders them is held, so the
/// order in which an observer receives them is the order in which they
/// took effect in memory.
enum StorageChange: Sendable {
    /// One object was stored, replaced or removed. `previous` is what was
    /// there before (`nil`: nothing), `current` what is there now (`nil`: removed).
    case object(bucket: String, name: String, previous: StoredEntry?, current: StoredEntry?)
    /// The set of buckets changed; these are all of them now.
    case bucketsChanged(names: [String])
    /// Every bucket was replaced at once (a reset or a snapshot restore);
    /// these are the buckets and their objects now.
    case everythingReplaced(buckets: [(name: String, entries: [StoredEntry])])
}

/// Receives every ``StorageChange`` of a simulator.
///
/// ``prepare(_:)`` runs inside the lock that orders the change, so it must
/// be quick and must not call back into the simulator; the work it returns
/// runs right after the lock is released and before the operation that made
/// the change returns, so a write is durable before it is acknowledged.
protocol StorageChangeObserver: AnyObject, Sendable {
    /// Records the change's place in the order and returns the work that
    /// makes it durable (`nil`: nothing to do).
    func prepare(_ change: StorageChange) -> (@Sendable () -> Void)?
}

/// The observer slot a bucket or a simulator keeps; empty unless a
/// persistence layer is attached.
final class ChangeObserverSlot: Sendable {
    private let observer = Locked<(any StorageChangeObserver)?>(nil)

    /// The attached observer, if any.
    var current: (any StorageChangeObserver)? { observer.withLock { $0 } }

    /// Attaches (or with `nil`, detaches) an observer.
    func attach(_ newObserver: (any StorageChangeObserver)?) {
        observer.withLock { $0 = newObserver }
    }

    /// Reports a change to the observer, returning the work to run once the
    /// ordering lock is released.
    func prepare(_ change: @autoclosure () -> StorageChange) -> (@Sendable () -> Void)? {
        current?.prepare(change())
    }
}
