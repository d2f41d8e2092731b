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
        var errors = 0
        var warnings = 0
        var unreadable = false
        var reports: [JSONValue] = []
        let renderer = DiagnosticRenderer(style: .human, color: Terminal.stdoutWantsColor)
        for path in files {
            switch Terminal.read(path) {
            case .failure(let error):
                Terminal.printError("error: \(error)")
                unreadable = true
            case .success(let text):
                let result = CompiledRuleset.compile(SourceFile(path: Terminal.displayName(path), text: text), options: emulator ? .emulator : .production)
                errors += result.diagnostics.filter { $0.severity == .error }.count
                warnings += result.diagnostics.filter { $0.severity == .warning }.count
                if format == .text {
                    print(renderer.render(result.diagnostics, in: result.source), terminator: "")
                } else {
                    reports.append(.object([
                        ("file", .string(Terminal.displayName(path))),
                        ("diagnostics", .array(result.diagnostics.map { Self.json($0, in: result.source) })),
                    ]))
                }
            }
        }
        if format == .json {
            print(JSONValue.object([("files", .array(reports)), ("errors", .int(errors)), ("warnings", .int(warnings))]).serialized(), terminator: "")
        } else {
            print("\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if unreadable { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
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
