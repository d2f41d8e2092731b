import Foundation
import StorageSimulator

/// Where the emulator's data comes from and goes: `--import`,
/// `--export-on-exit` and `--data` of `storage-rules serve`.
public struct PersistenceOptions: Sendable {
    /// An export folder (Firebase emulator layout) loaded at start.
    public var importFolder: String?
    /// A folder the data is exported to when the server stops.
    public var exportOnExit: String?
    /// A folder that keeps the data on disk, written through on every change.
    public var dataFolder: String?

    /// Creates options; nothing given keeps the data in memory only.
    public init(importFolder: String? = nil, exportOnExit: String? = nil, dataFolder: String? = nil) {
        self.importFolder = importFolder
        self.exportOnExit = exportOnExit
        self.dataFolder = dataFolder
    }
}

/// The emulator's persistence for one run: the data folder attached to the
/// simulator, and the export at exit.
public final class EmulatorPersistence: Sendable {
    private let options: PersistenceOptions
    private let state: EmulatorState
    private let directory: StorageDataDirectory?

    private init(options: PersistenceOptions, state: EmulatorState, directory: StorageDataDirectory?) {
        self.options = options
        self.state = state
        self.directory = directory
    }

    /// Opens the data folder (loading what it holds), then imports the
    /// import folder on top (written through to the data folder too).
    public static func start(_ options: PersistenceOptions, state: EmulatorState) throws(PersistenceError) -> EmulatorPersistence {
        var directory: StorageDataDirectory?
        if let folder = options.dataFolder {
            let opened = try StorageDataDirectory.open(folder, storage: state.simulator) { state.log.write("data: \($0)") }
            state.log.write(
                "Data folder \(folder): \(opened.loaded.objectCount) objects in \(opened.loaded.bucketCount) buckets loaded")
            directory = opened
            state.dataFolder = folder
        }
        if let folder = options.importFolder {
            let summary = try state.simulator.admin.importExport(from: folder)
            for warning in summary.warnings { state.log.write("import: \(warning)") }
            state.log.write("Imported \(summary.objectCount) objects in \(summary.bucketCount) buckets from \(folder)")
        }
        return EmulatorPersistence(options: options, state: state, directory: directory)
    }

    /// Exports to the `--export-on-exit` folder, if one was given, and
    /// detaches the data folder. Call once the server has stopped.
    public func stop() throws(PersistenceError) {
        defer { directory?.close() }
        guard let folder = options.exportOnExit else { return }
        let summary = try state.simulator.admin.export(to: folder)
        state.log.write("Exported \(summary.objectCount) objects in \(summary.bucketCount) buckets to \(folder)")
    }
}
