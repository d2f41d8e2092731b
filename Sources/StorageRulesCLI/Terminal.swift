#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import RulesTesting

/// Facts about where output goes.
enum Terminal {
    /// Whether standard output is a terminal and colour is not switched off
    /// with `NO_COLOR`.
    static var stdoutWantsColor: Bool {
        wantsColor(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to a
    /// non-empty value (https://no-color.org).
    static func wantsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"]?.isEmpty ?? true)
    }

    /// Writes to standard error.
    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// The name diagnostics use for a path argument: `<stdin>` for `-`.
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads a text file (`-` is standard input), or returns a message saying why it cannot.
    static func read(_ path: String) -> Result<String, CLIError> {
        let result = path == "-"
            ? TextFile.read(FileHandle.standardInput, name: displayName(path)) : TextFile.read(path)
        return result.mapError { CLIError($0.description) }
    }
}

/// A command-line failure: a message and exit status 2.
struct CLIError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// How a command reports: for people or for programs.
enum OutputFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case text
    case json
}
