import ArgumentParser
import Foundation
import RulesEngine
import RulesSyntax

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
        var reports: [[String: Any]] = []
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
                    reports.append(["file": path, "diagnostics": result.diagnostics.map { DiagnosticJSON.object($0, in: result.source) }])
                }
            }
        }
        if format == .json {
            print(DiagnosticJSON.string(["files": reports, "errors": errors, "warnings": warnings]))
        } else {
            print("\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if unreadable { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }
}

/// Diagnostics as JSON objects.
enum DiagnosticJSON {
    static func object(_ diagnostic: Diagnostic, in source: SourceFile) -> [String: Any] {
        let start = source.location(of: diagnostic.range.start)
        let end = source.location(of: diagnostic.range.end)
        var object: [String: Any] = [
            "id": diagnostic.id, "severity": diagnostic.severity.rawValue, "message": diagnostic.message,
            "file": source.path, "line": start.line, "column": start.column, "endLine": end.line, "endColumn": end.column,
        ]
        if let help = diagnostic.help { object["help"] = help }
        return object
    }

    static func string(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
