import Foundation

/// State behind a lock. Unchecked `Sendable`: `state` is only reachable
/// through ``withLock(_:)``.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 while the package
/// targets macOS 14; `NSLock` is available everywhere the package builds.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    /// Only touched with the lock held, which already excludes overlapping
    /// access: the dynamic exclusivity check would only add cost.
    @exclusivity(unchecked) private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
