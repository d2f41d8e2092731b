import ArgumentParser
import Foundation
import StorageRulesCLI

/// Runs an async command; the generic context selects the `async` `run()`.
func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
    try await command.run()
}

/// Opens the existential so ``runAsync(_:)`` sees the concrete command type.
func runAsync(_ command: any AsyncParsableCommand) async throws {
    var concrete = command
    try await runAsync(&concrete)
}

// Parse and dispatch by hand: on Linux, top-level `await Command.main()`
// resolves to the synchronous overload, which refuses async subcommands.
do {
    var command = try StorageRulesCommand.parseAsRoot()
    if let asyncCommand = command as? any AsyncParsableCommand {
        try await runAsync(asyncCommand)
    } else {
        try command.run()
    }
} catch {
    let status = StorageRulesCommand.exitStatus(for: error)
    if status != StorageRulesCommand.exitCode(for: error).rawValue {
        FileHandle.standardError.write(Data((StorageRulesCommand.fullMessage(for: error) + "\n").utf8))
        exit(status)
    }
    StorageRulesCommand.exit(withError: error)
}
