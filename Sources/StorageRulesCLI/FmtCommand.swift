#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import RulesSyntax

/// `storage-rules fmt [PATH...]`: print, rewrite or check the canonical
/// layout of rules files.
struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Format rules files in the canonical layout.",
        discussion: """
            Prints the formatted text of each file, or rewrites the files in place with --write, \
            or with --check prints a unified diff of every file that is not formatted. Folders are \
            searched for *.rules files; `-` reads standard input. Exits 0 when done (with --check: \
            when every file is formatted), 1 when --check finds a file to format, 2 when a file \
            cannot be read or written or does not parse (it is left untouched).
            """
    )

    @Argument(help: "Rules files or folders (`-` reads standard input).")
    var paths: [String] = []

    @Flag(help: "Rewrite the files in place (atomically) instead of printing them.")
    var write = false

    @Flag(help: "Change nothing; print a diff and exit 1 when a file is not formatted.")
    var check = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one file or folder, or `-` for standard input") }
        if write && check { throw ValidationError("--write and --check cannot be combined") }
    }

    func run() throws {
        var runner = FmtRunner(mode: check ? .check : write ? .write : .print)
        runner.color = Self.stderrWantsColor
        let status = runner.run(paths)
        if status != 0 { throw ExitCode(status) }
    }

    /// Syntax errors go to standard error, so colour follows that stream.
    static var stderrWantsColor: Bool {
        Terminal.wantsColor(isTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }
}
