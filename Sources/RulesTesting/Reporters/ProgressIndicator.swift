import Foundation

/// A one-line `running 120/10000` indicator on stderr, shown only on a
/// terminal and only once a run has taken more than a moment.
///
/// Unchecked `Sendable`: the mutable drawing state is only touched under `lock`.
public final class ProgressIndicator: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private let delay: TimeInterval
    private var lastDraw = Date.distantPast
    private var shown = false
    private let enabled: Bool
    private let write: @Sendable (String) -> Void

    /// Creates an indicator; it draws nothing unless `enabled`. It writes to
    /// standard error unless given another `write`.
    public init(
        enabled: Bool, delay: TimeInterval = 0.3,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.enabled = enabled
        self.delay = delay
        self.write = write
    }

    /// Whether stderr is a terminal.
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Records progress; redraws at most ten times a second.
    public func update(finished: Int, total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(start) >= delay, now.timeIntervalSince(lastDraw) >= 0.1 || finished == total else { return }
        lastDraw = now
        shown = true
        let percent = total == 0 ? 100 : finished * 100 / total
        write("\r\u{1B}[2Krunning \(finished)/\(total) cases (\(percent)%)")
    }

    /// Erases the line if anything was drawn.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { write("\r\u{1B}[2K") }
        shown = false
    }
}
