import Foundation
import RulesLint
import RulesSyntax

/// The work of `storage-rules fmt`, with its input and output injectable so
/// tests run it in-process.
struct FmtRunner {
    /// What to do with each formatted file.
    enum Mode {
        /// Print the formatted text.
        case print
        /// Rewrite files in place (standard input is printed).
        case write
        /// Print a unified diff of each file that is not formatted.
        case check
    }

    var mode: Mode
    /// Whether diagnostics are coloured.
    var color = false
    /// Reads standard input.
    var readStandardInput: () -> Result<String, CLIError> = { Terminal.read("-") }
    /// Writes to standard output, saying why when it cannot.
    var output: (String) throws(CLIError) -> Void = { text throws(CLIError) in try OutputFile.writeStandardOutput(text) }
    /// Writes a message to standard error.
    var errorOutput: (String) -> Void = { Terminal.printError($0) }

    /// Formats every file the paths name and returns the exit status: 2 when
    /// a file could not be read, parsed or written, else 1 when `--check`
    /// found a file to format, else 0.
    func run(_ paths: [String]) -> Int32 {
        var failed = false
        var unformatted = false
        for path in paths {
            switch Self.expand(path) {
            case .failure(let error):
                errorOutput("error: \(error)")
                failed = true
            case .success(let files):
                for file in files {
                    switch process(file) {
                    case .formatted: break
                    case .changed: unformatted = true
                    case .failed: failed = true
                    case .outputFailed: return 2
                    }
                }
            }
        }
        if failed { return 2 }
        return mode == .check && unformatted ? 1 : 0
    }

    /// What became of one file; `outputFailed` stops the run, since
    /// nothing more can be printed.
    enum FileOutcome { case formatted, changed, failed, outputFailed }

    private func process(_ path: String) -> FileOutcome {
        let text: String
        switch path == "-" ? readStandardInput() : Terminal.read(path) {
        case .failure(let error):
            errorOutput("error: \(error)")
            return .failed
        case .success(let read):
            text = read
        }
        let source = SourceFile(path: Terminal.displayName(path), text: text)
        switch RulesFormatter.format(source) {
        case .unparseable(let diagnostics):
            let rendered = DiagnosticRenderer(style: .human, color: color).render(diagnostics, in: source)
            errorOutput(rendered + "error: \(source.path) was not formatted: \(Self.refusal(diagnostics))")
            return .failed
        case .formatted(let formatted):
            let changed = formatted != text
            do {
                switch mode {
                case .check:
                    if changed { try output(Self.diff(old: text, new: formatted, path: source.path)) }
                case .write where path != "-":
                    if changed, case .failure(let error) = AtomicFile.replace(path, with: formatted) {
                        errorOutput("error: \(error)")
                        return .failed
                    }
                case .write, .print:
                    try output(formatted)
                }
            } catch {
                errorOutput("error: \(error)")
                return .outputFailed
            }
            return changed ? .changed : .formatted
        }
    }

    /// Why a file was left alone: it does not parse, or it parses but its
    /// syntax tree lacks text the compiler ignores, which printing would drop.
    static func refusal(_ diagnostics: [Diagnostic]) -> String {
        if diagnostics.contains(where: { $0.severity == .error }) { return "it does not parse" }
        var dropped: [String] = []
        if diagnostics.contains(where: { $0.id == "syntax.extra-service" }) { dropped.append("the second `service` block") }
        if diagnostics.contains(where: { $0.id == "syntax.repeated-version" }) { dropped.append("the repeated `rules_version`") }
        return "formatting would drop \(dropped.isEmpty ? "text the compiler ignores" : dropped.joined(separator: " and ")), which the compiler ignores; remove it by hand"
    }

    /// The unified diff `--check` prints for one file.
    static func diff(old: String, new: String, path: String) -> String {
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        if relative.hasPrefix("/") { relative = relative.dropFirst() }
        return UnifiedDiff.render(old: old, new: new, oldLabel: "a/" + relative, newLabel: "b/" + relative)
    }

    /// A path argument as the files it names: itself, or the `*.rules`
    /// files `RulesFileDiscovery` finds under a folder.
    static func expand(_ path: String) -> Result<[String], CLIError> {
        if path == "-" { return .success([path]) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(CLIError("\(path): no such file or folder"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        guard let files = RulesFileDiscovery.rulesFiles(under: path) else {
            return .failure(CLIError("\(path): the folder cannot be read"))
        }
        return .success(files)
    }
}
