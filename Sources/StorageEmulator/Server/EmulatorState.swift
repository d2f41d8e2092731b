import Foundation
import RulesEngine
import StorageSimulator
import Synchronization

/// Everything the running emulator keeps: the buckets, the rules, the
/// resumable upload sessions and the log. Every route group reaches the
/// server's state through this one object.
public final class EmulatorState: Sendable {
    /// The settings the server started with.
    public let configuration: EmulatorConfiguration
    /// The buckets and their objects.
    public let simulator: StorageSimulator
    /// Request-scoped operations over the buckets, each authorized by the rules.
    public let service: StorageService
    /// The loaded rulesets, per bucket or shared, and their reloading.
    public let rules: RulesManager
    /// Resumable upload sessions.
    public let uploads: UploadSessionStore
    /// Where log lines go.
    public let log: EmulatorLog
    /// The `--data` folder once persistence opened one: `/internal/export`
    /// refuses to write into it.
    public var dataFolder: String? {
        get { dataFolderStore.withLock { $0 } }
        set { dataFolderStore.withLock { $0 = newValue } }
    }
    private let dataFolderStore = Mutex<String?>(nil)

    /// Creates the state for a server with these rules.
    public init(configuration: EmulatorConfiguration, rules: RulesManager, log: EmulatorLog = EmulatorLog()) {
        self.configuration = configuration
        self.simulator = StorageSimulator(
            configuration: StorageSimulator.Configuration(
                defaultBucket: configuration.projectID.map { "\($0).appspot.com" } ?? "default-bucket"))
        self.rules = rules
        self.log = log
        self.service = StorageService(simulator: simulator) { bucket in rules.ruleset(forBucket: bucket) }
        self.uploads = UploadSessionStore(
            lifetime: configuration.uploadSessionLifetime, capacity: configuration.maximumUploadSessions)
    }

    /// Forgets every object, bucket and upload session (`/internal/reset`).
    public func reset() {
        simulator.admin.reset()
        uploads.removeAll()
    }
}

/// The emulator's log: one line per request plus rules reload messages.
public struct EmulatorLog: Sendable {
    private let sink: @Sendable (String) -> Void

    /// A log that writes each line to standard output.
    public init() {
        self.sink = { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// A log that hands each line to `sink` (tests collect them).
    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Writes one line (or several joined by newlines).
    public func write(_ line: String) { sink(line) }
}
