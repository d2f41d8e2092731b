import ArgumentParser

/// The `storage-rules` command line: a thin layer over the libraries.
@available(macOS 10.15, *)
public struct StorageRulesCommand: AsyncParsableCommand {
    /// The command's configuration.
    public static let configuration = CommandConfiguration(
        commandName: "storage-rules",
        abstract: "Compile, evaluate and test Cloud Storage for Firebase security rules.",
        version: StorageRulesVersion.current,
        subcommands: [
            CheckCommand.self, EvalCommand.self, TestCommand.self, LintCommand.self, FmtCommand.self, ServeCommand.self,
        ]
    )

    /// Creates the command (used by ArgumentParser).
    public init() {}

    /// The process exit status for an error: usage mistakes exit 2, as the
    /// test format promises (ArgumentParser's own status for them is 64).
    public static func exitStatus(for error: any Error) -> Int32 {
        let code = exitCode(for: error)
        return code == .validationFailure ? 2 : code.rawValue
    }
}
