import Synchronization

/// State behind a lock: a `Mutex` kept in a class, so that the simulator's
/// objects can share it by reference.
///
/// `Mutex` rather than `NSLock`: it lives inline in this object (one
/// allocation, no `pthread_mutex_init`), and on Linux it takes one atomic
/// exchange when free. Every case of a suite makes a simulator and its
/// locks, so creating them is on the test runner's hot path.
///
/// Unchecked `Sendable`: some states hold values that are not `Sendable`
/// (an upload task's handlers), and they are only reachable through
/// ``withLock(_:)``. For the same reason results travel through the mutex
/// in an ``Unchecked`` box: the mutex's `sending` checks cannot see that
/// nothing escapes the lock.
///
/// The state sits beside a `Mutex` of nothing rather than inside a
/// `Mutex<State>`: freeing a `Locked<State>` then needs no metadata for a
/// `Mutex` of the state's type, which the runtime looked up in its generic
/// cache at every deinit (about 1,400 instructions; a suite's uploads free
/// thousands of task states). Exclusivity is the lock's, so the property's
/// dynamic checks are off.
final class Locked<State>: @unchecked Sendable {
    private let mutex = Mutex(())
    @exclusivity(unchecked) private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock { _ throws(Failure) -> Unchecked<Result> in
            Unchecked(try body(&state))
        }.value
    }
}

/// A value handed across the mutex's `sending` boundary; see ``Locked``.
struct Unchecked<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }
}
