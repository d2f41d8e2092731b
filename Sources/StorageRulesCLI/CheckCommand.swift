import ArgumentParser
import RulesEngine
import RulesSyntax
import RulesTesting

/// `storage-rules check FILE...`: compile rules files and print diagnostics.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile rules files and report errors and warnings.",
        discussion: "Exits 0 when every file compiles (warnings allowed), 1 when any has errors, 2 when a file cannot be read."
    )

    @Argument(help: "Rules files to check (`-` reads standard input).")
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Accept the emulator-only `debug()` function.")
    var emulator = false

    func run() throws {
        let outcome = Self.check(files, format: format, emulator: emulator, color: Terminal.stdoutWantsColor)
        for message in outcome.errors { Terminal.printError("error: \(message)") }
        do {
            try OutputFile.writeStandardOutput(outcome.output)
        } catch {
            Terminal.printError("error: \(error)")
            throw ExitCode(2)
        }
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }

    /// What `check` prints and its exit status.
    struct Outcome {
        /// Standard output: diagnostics and the summary, or one JSON document.
        var output: String
        /// Messages for standard error (files that could not be read).
        var errors: [String]
        /// 0 clean, 1 errors, 2 a file could not be read.
        var status: Int32
    }

    /// Checks the files. An unreadable file is reported on standard error,
    /// listed in the JSON with its error, and not counted as checked.
    static func check(_ files: [String], format: OutputFormat, emulator: Bool, color: Bool) -> Outcome {
        var errors = 0
        var warnings = 0
        var checked = 0
        var unreadable: [String] = []
        var reports: [JSONValue] = []
        var output = ""
        let renderer = DiagnosticRenderer(style: .human, color: color)
        for path in files {
            switch Terminal.read(path) {
            case .failure(let error):
                unreadable.append(error.description)
                reports.append(.object([("file", .string(Terminal.displayName(path))), ("error", .string(error.description))]))
            case .success(let text):
                checked += 1
                let result = CompiledRuleset.compile(SourceFile(path: Terminal.displayName(path), text: text), options: emulator ? .emulator : .production)
                errors += result.diagnostics.filter { $0.severity == .error }.count
                warnings += result.diagnostics.filter { $0.severity == .warning }.count
                if format == .text {
                    output += renderer.render(result.diagnostics, in: result.source)
                } else {
                    reports.append(.object([
                        ("file", .string(Terminal.displayName(path))),
                        ("diagnostics", .array(result.diagnostics.map { Self.json($0, in: result.source) })),
                    ]))
                }
            }
        }
        if format == .json {
            output += JSONValue.object([
                ("files", .array(reports)), ("errors", .int(errors)), ("warnings", .int(warnings)),
                ("unreadable", .int(unreadable.count)),
            ]).serialized()
        } else {
            output += "\(checked) file\(checked == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            if !unreadable.isEmpty { output += ", \(unreadable.count) unreadable" }
            output += "\n"
        }
        return Outcome(output: output, errors: unreadable, status: !unreadable.isEmpty ? 2 : (errors > 0 ? 1 : 0))
    }
}

extension CheckCommand {
    /// A diagnostic as a JSON object: id, severity, message and its range.
    static func json(_ diagnostic: Diagnostic, in source: SourceFile) -> JSONValue {
        let start = source.location(of: diagnostic.range.start)
        let end = source.location(of: diagnostic.range.end)
        var entries: [(String, JSONValue)] = [
            ("id", .string(diagnostic.id)), ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)), ("file", .string(source.path)),
            ("line", .int(start.line)), ("column", .int(start.column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
        ]
        if let help = diagnostic.help { entries.append(("help", .string(help))) }
        return .object(entries)
    }
}
