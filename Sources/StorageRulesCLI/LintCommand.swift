import ArgumentParser
import Foundation
import RulesLint
import RulesSyntax

/// `storage-rules lint [PATH...]`: compiler diagnostics plus the lint catalogue.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find mistakes in rules files: compile errors and the checks of the lint catalogue.",
        discussion: """
            Paths are files, folders (searched for *.rules) or `-` for standard input; no path lints the \
            current folder. Settings come from the nearest .storage-rules.yaml above each file. Exits 0 when \
            nothing at or above the failing severity is found, 1 when something is, 2 on usage or I/O errors.
            """
    )

    @Argument(help: "Rules files or folders (`-` reads standard input).")
    var paths: [String] = []

    @Option(help: "Output format: human, json, sarif or github.")
    var format: LintFormatOption = .human

    @Option(name: .customLong("fail-on"), help: "Lowest severity that makes lint exit 1: error, warning or note (default: the configuration's, else error).")
    var failOn: SeverityOption?

    @Flag(help: "Apply the safe fixes to the files, then report what is left.")
    var fix = false

    @Flag(name: .customLong("list-checks"), help: "List every check with its category and default severity.")
    var listChecks = false

    @Option(help: "Print the documentation of one check.")
    var explain: String?

    @Flag(help: "Print the documentation of every check as Markdown (docs/lint-checks.md).")
    var docs = false

    @Flag(name: .customLong("no-color"), help: "Never use colour.")
    var noColor = false

    func validate() throws {
        if fix && paths.contains("-") { throw ValidationError("--fix cannot rewrite standard input; pass file paths") }
    }

    func run() throws {
        if listChecks { return try Self.emit(CheckDocumentation.list()) }
        if docs { return try Self.emit(CheckDocumentation.catalogue()) }
        if let explain {
            guard let check = LintRegistry.check(explain) else {
                Terminal.printError("error: unknown check `\(explain)` (see `storage-rules lint --list-checks`)")
                throw ExitCode(2)
            }
            return try Self.emit(CheckDocumentation.explain(check) + "\n")
        }
        let run = LintRun(linter: Linter(), loader: LintConfigurationLoader(), fix: fix)
        let outcome = run.lint(LintFiles.expand(paths.isEmpty ? ["."] : paths))
        for problem in outcome.problems { Terminal.printError("error: \(problem)") }
        try Self.emit(LintOutput.render(
            outcome.results, format: format.value, color: !noColor && Terminal.stdoutWantsColor, unreadable: outcome.unreadable))
        if !outcome.problems.isEmpty { throw ExitCode(2) }
        let threshold = failOn?.value
        let failing = outcome.results.enumerated().contains { index, result in
            let level = threshold ?? outcome.failOn[index] ?? .error
            return result.findings.contains { $0.diagnostic.severity >= level }
        }
        if failing { throw ExitCode(1) }
    }

    /// Writes to standard output; a failed write is exit status 2.
    private static func emit(_ text: String) throws {
        do {
            try OutputFile.writeStandardOutput(text)
        } catch {
            Terminal.printError("error: \(error)")
            throw ExitCode(2)
        }
    }
}

/// The lint of many files: reading, configuration, fixing, and the problems
/// (unreadable files, bad configuration) that make the command exit 2.
struct LintRun {
    let linter: Linter
    let loader: LintConfigurationLoader
    let fix: Bool

    struct Outcome {
        var results: [LintFileResult] = []
        /// The configured failing severity of each result's file.
        var failOn: [Severity?] = []
        var problems: [String] = []
        /// The files that could not be read (also among `problems`).
        var unreadable: [LintUnreadableFile] = []
    }

    func lint(_ files: LintFiles) -> Outcome {
        var outcome = Outcome()
        outcome.problems = files.problems
        for path in files.paths {
            let diskPath = path == "-" ? nil : path
            let configuration: LintConfiguration
            do { configuration = try loader.configuration(forFile: diskPath) } catch {
                outcome.problems.append(error.description)
                continue
            }
            if configuration.ignores(path: diskPath) { continue }
            let text: String
            switch Terminal.read(path) {
            case .failure(let error):
                outcome.problems.append(error.description)
                outcome.unreadable.append(LintUnreadableFile(path: Terminal.displayName(path), error: error.description))
                continue
            case .success(let read):
                text = read
            }
            var source = SourceFile(path: Terminal.displayName(path), text: text)
            if fix, let diskPath {
                let fixed = FixApplier.fixRepeatedly(source, linter: linter, configuration: configuration, path: diskPath)
                if fixed.applied > 0 {
                    switch AtomicFile.replace(diskPath, with: fixed.text) {
                    case .success: source = SourceFile(path: source.path, text: fixed.text)
                    case .failure(let error): outcome.problems.append(error.description)
                    }
                }
            }
            outcome.results.append(LintFileResult(source: source, findings: linter.lint(source, configuration: configuration, path: diskPath)))
            outcome.failOn.append(configuration.failOn)
        }
        return outcome
    }
}

/// The files named on the command line: folders expanded to their `*.rules`
/// files by `RulesFileDiscovery`, missing paths reported.
struct LintFiles {
    var paths: [String] = []
    var problems: [String] = []

    static func expand(_ arguments: [String]) -> LintFiles {
        var files = LintFiles()
        let manager = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if argument == "-" || !manager.fileExists(atPath: argument, isDirectory: &isDirectory) || !isDirectory.boolValue {
                // Missing files and `-` are read (and reported) one by one.
                files.paths.append(argument)
                continue
            }
            guard let found = RulesFileDiscovery.rulesFiles(under: argument) else {
                files.problems.append("\(argument): the folder cannot be read")
                continue
            }
            files.paths += found
        }
        return files
    }
}

/// `--format` values.
enum LintFormatOption: String, CaseIterable, ExpressibleByArgument {
    case human, json, sarif, github

    var value: LintOutputFormat { LintOutputFormat(rawValue: rawValue) ?? .human }
}

/// `--fail-on` values.
enum SeverityOption: String, CaseIterable, ExpressibleByArgument {
    case error, warning, note

    var value: Severity { Severity(rawValue: rawValue) ?? .error }
}
