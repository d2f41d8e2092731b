import Synchronization
import Testing

@testable import RulesTesting

/// Only the executable keeps released values until it exits: in a process
/// that goes on (this one, or a tool embedding the runner) they are freed.
@Suite("Process lifetime")
struct ProcessLifetimeTests {
    final class Probe: Sendable {
        let freed = Atomic(false)
    }

    final class Counted: Sendable {
        let probe: Probe
        init(probe: Probe) { self.probe = probe }
        deinit { probe.freed.store(true, ordering: .relaxed) }
    }

    @Test("a released value is freed when the executable did not ask to keep values")
    func releasedValuesAreFreed() {
        let probe = Probe()
        do {
            let value = Counted(probe: probe)
            ProcessLifetime.release(value)
        }
        let freed = probe.freed.load(ordering: .relaxed)
        #expect(freed)
    }
}
