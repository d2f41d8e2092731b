import Synchronization

/// Large values a short-lived process keeps until it exits instead of
/// freeing them piece by piece.
///
/// A suite of ten thousand cases is a tree of tens of thousands of arrays,
/// strings and records: its loaded cases and their results. Freeing each of
/// them took `storage-rules test` about a tenth of its time, after the report
/// was written, for memory the operating system takes back at once when the
/// process exits. (The suite's YAML tree is still freed once loaded: the run
/// reuses its memory, which costs fewer page faults than freeing it costs.) The `storage-rules` executable, which
/// exits when its command returns, calls ``keepValuesUntilExit()``; code that
/// runs suites in a longer-lived process (tests, tools that embed the
/// runner) does not, and frees everything as usual.
public enum ProcessLifetime {
    private struct State {
        var keepsValues = false
        var kept: [any Sendable] = []
    }

    private static let state = Mutex(State())

    /// From now on, values handed to ``release(_:)`` stay allocated until
    /// the process exits. For executables that exit once their work is done.
    public static func keepValuesUntilExit() {
        state.withLock { $0.keepsValues = true }
    }

    /// Ends the caller's use of `value`: frees it now, or keeps it until the
    /// process exits when the executable asked for that.
    public static func release(_ value: some Sendable) {
        state.withLock { state in
            if state.keepsValues { state.kept.append(value) }
        }
    }
}
