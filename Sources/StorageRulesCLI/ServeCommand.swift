import ArgumentParser
import Foundation
import StorageEmulator

/// `storage-rules serve`: the Storage emulator, configured from the Firebase
/// project in the current folder.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a Cloud Storage for Firebase emulator authorized by the rules engine."
    )

    @Option(help: "Rules file for every bucket (default: firebase.json's storage configuration).")
    var rules: String?

    @Option(help: "Project id (default: .firebaserc's default project).")
    var project: String?

    @Option(help: "Interface to bind (default: emulators.storage.host, else 127.0.0.1).")
    var host: String?

    @Option(help: "Port to bind; 0 picks a free port (default: emulators.storage.port, else 9199).")
    var port: Int?

    @Option(help: "Largest request body accepted, in bytes (default: 130 MB, as the Firebase emulator).")
    var maxBodyBytes: Int = 130 * 1024 * 1024

    @Flag(help: "Log the full rules explanation of each request.")
    var verbose = false

    @Option(name: .customLong("import"), help: "Load an export folder (Firebase emulator layout) at start.")
    var importFolder: String?

    @Option(help: "Export the data to this folder when the server stops (SIGINT, SIGTERM).")
    var exportOnExit: String?

    @Option(help: "Keep the data on disk in this folder, written through on every change, loaded at start.")
    var data: String?

    func validate() throws {
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive.") }
    }

    /// The configuration and rules for the Firebase project in `directory`, with the flags applied.
    func prepare(directory: String, log: EmulatorLog) throws -> (EmulatorConfiguration, RulesManager) {
        let setup = try EmulatorSetup.resolve(
            directory: directory, overrides: .init(rules: rules, project: project, host: host, port: port))
        let manager = try RulesManager.load(setup.rules, log: log)
        let configuration = EmulatorConfiguration(
            host: setup.host, port: setup.port, projectID: setup.projectID, maximumBodyBytes: maxBodyBytes, verbose: verbose)
        return (configuration, manager)
    }

    func run() async throws {
        // Before anything is loaded: the replacement starts from the beginning.
        HugePageRelaunch.relaunchIfUseful()
        let log = EmulatorLog()
        let configuration: EmulatorConfiguration
        let manager: RulesManager
        do {
            (configuration, manager) = try prepare(directory: FileManager.default.currentDirectoryPath, log: log)
        } catch let error as EmulatorSetupError {
            Terminal.printError("error: \(error.message)")
            throw ExitCode(2)
        } catch let error as RulesLoadError {
            Terminal.printError(error.message)
            throw ExitCode(2)
        }
        let state = EmulatorState(configuration: configuration, rules: manager, log: log)
        let persistence: EmulatorPersistence
        do {
            persistence = try EmulatorPersistence.start(
                PersistenceOptions(importFolder: importFolder, exportOnExit: exportOnExit, dataFolder: data), state: state)
        } catch {
            Terminal.printError("error: \(error)")
            throw ExitCode(2)
        }
        do {
            try await EmulatorServer(state: state).run { host, port in
                log.write("Storage emulator listening on http://\(host):\(port)")
            }
        } catch {
            Terminal.printError("error: \(error)")
            throw ExitCode(1)
        }
        do {
            try persistence.stop()
        } catch {
            Terminal.printError("error: \(error)")
            throw ExitCode(1)
        }
        log.write("Storage emulator stopped.")
    }
}
