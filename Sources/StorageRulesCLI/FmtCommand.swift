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
        var failed = false
        var unformatted = false
        for path in paths {
            switch Self.expand(path) {
            case .failure(let error):
                Terminal.printError("error: \(error)")
                failed = true
            case .success(let files):
                for file in files {
                    switch process(file) {
                    case .formatted: break
                    case .changed: unformatted = true
                    case .failed: failed = true
                    }
                }
            }
        }
        if failed { throw ExitCode(2) }
        if check && unformatted { throw ExitCode(1) }
    }

    /// What became of one file.
    enum FileOutcome { case formatted, changed, failed }

    private func process(_ path: String) -> FileOutcome {
        let text: String
        switch Terminal.read(path) {
        case .failure(let error):
            Terminal.printError("error: \(error)")
            return .failed
        case .success(let read):
            text = read
        }
        let source = SourceFile(path: Terminal.displayName(path), text: text)
        switch RulesFormatter.format(source) {
        case .unparseable(let diagnostics):
            let renderer = DiagnosticRenderer(style: .human, color: Self.stderrWantsColor)
            Terminal.printError(renderer.render(diagnostics, in: source) + "error: \(source.path) was not formatted: it does not parse")
            return .failed
        case .formatted(let formatted):
            let changed = formatted != text
            if check {
                if changed {
                    print(Self.diff(old: text, new: formatted, path: source.path), terminator: "")
                }
            } else if write && path != "-" {
                if changed, case .failure(let error) = AtomicFile.replace(path, with: formatted) {
                    Terminal.printError("error: \(error)")
                    return .failed
                }
            } else {
                print(formatted, terminator: "")
            }
            return changed ? .changed : .formatted
        }
    }

    /// Syntax errors go to standard error, so colour follows that stream.
    static var stderrWantsColor: Bool {
        Terminal.wantsColor(isTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// The unified diff `--check` prints for one file.
    static func diff(old: String, new: String, path: String) -> String {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return UnifiedDiff.render(old: old, new: new, oldLabel: "a/" + relative, newLabel: "b/" + relative)
    }

    /// A path argument as the files it names: itself, or every `*.rules`
    /// file under a folder, sorted.
    static func expand(_ path: String) -> Result<[String], CLIError> {
        if path == "-" { return .success([path]) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(CLIError("\(path): no such file or folder"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            return .failure(CLIError("\(path): the folder cannot be read"))
        }
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".rules") }.sorted()
            .map { (path as NSString).appendingPathComponent($0) }
            .filter { file in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && !isFolder.boolValue
            }
        return .success(files)
    }
}
