import Foundation
import RulesEngine
import RulesSyntax

/// The rulesets the emulator authorizes with: one shared, or one per bucket.
///
/// Rules files are watched: a good edit replaces the ruleset, a broken edit
/// keeps the last good one and logs the diagnostics (file:line:col).
/// ``replace(files:)`` (`/internal/setRules`) swaps everything and, when the
/// new source does not compile, leaves no ruleset active, as the Firebase
/// emulator does.
public final class RulesManager: Sendable {
    private struct WatchedFile: Sendable {
        var path: String
        var bucket: String?
        var lastText: String
    }

    private struct State: Sendable {
        var shared: CompiledRuleset?
        var perBucket: [String: CompiledRuleset] = [:]
        var watched: [WatchedFile] = []
    }

    private let state: Protected<State>
    private let log: EmulatorLog

    /// The open rules of a `demo-*` project.
    public static func open(log: EmulatorLog) -> RulesManager {
        let compiled = CompiledRuleset.compile(
            SourceFile(path: "<default open rules>", text: RulesSetup.openRulesText), options: .emulator)
        return RulesManager(state: State(shared: compiled.ruleset), log: log)
    }

    private init(state: State, log: EmulatorLog) {
        self.state = Protected(state)
        self.log = log
    }

    /// Loads the rules of `setup`; throws ``RulesLoadError`` with rendered
    /// diagnostics if a file cannot be read or does not compile.
    public static func load(_ setup: RulesSetup, log: EmulatorLog) throws(RulesLoadError) -> RulesManager {
        switch setup {
        case .open:
            return open(log: log)
        case .shared(let path):
            let (ruleset, text) = try compileFile(path)
            return RulesManager(
                state: State(shared: ruleset, watched: [WatchedFile(path: path, bucket: nil, lastText: text)]), log: log)
        case .perBucket(let files):
            var state = State()
            for (bucket, path) in files.sorted(by: { $0.key < $1.key }) {
                let (ruleset, text) = try compileFile(path)
                state.perBucket[bucket] = ruleset
                state.watched.append(WatchedFile(path: path, bucket: bucket, lastText: text))
            }
            return RulesManager(state: state, log: log)
        }
    }

    /// The ruleset that decides requests on `bucket`, `nil` if none is loaded for it.
    public func ruleset(forBucket bucket: String) -> CompiledRuleset? {
        state.withLock { $0.perBucket[bucket] ?? $0.shared }
    }

    /// Replaces every ruleset (`/internal/setRules`): one file for all
    /// buckets, or files each bound to a bucket. On a compile error no
    /// ruleset is active afterwards and the diagnostics are logged.
    public func replace(files: [(name: String, content: String, bucket: String?)]) -> Bool {
        var next = State()
        var failed = false
        for file in files {
            let result = CompiledRuleset.compile(SourceFile(path: file.name, text: file.content), options: .emulator)
            guard let ruleset = result.ruleset else {
                log.write(DiagnosticRenderer(style: .human, color: false).render(result.diagnostics, in: result.source))
                failed = true
                continue
            }
            if let bucket = file.bucket, files.count > 1 {
                next.perBucket[bucket] = ruleset
            } else {
                next.shared = ruleset
            }
        }
        state.withLock { current in
            let watched = current.watched
            current = failed ? State() : next
            current.watched = failed ? watched : []
        }
        return !failed
    }

    /// Re-reads every watched file; a changed file that compiles replaces
    /// its ruleset, one that does not keeps the previous ruleset.
    public func reloadChangedFiles() {
        let watched = state.withLock { $0.watched }
        for (index, file) in watched.enumerated() {
            guard let text = try? String(contentsOfFile: file.path, encoding: .utf8), text != file.lastText else { continue }
            log.write("Change detected, updating rules for Cloud Storage from \(file.path)...")
            let result = CompiledRuleset.compile(SourceFile(path: Self.displayName(file.path), text: text), options: .emulator)
            state.withLock { current in
                guard index < current.watched.count, current.watched[index].path == file.path else { return }
                current.watched[index].lastText = text
                guard let ruleset = result.ruleset else { return }
                if let bucket = file.bucket { current.perBucket[bucket] = ruleset } else { current.shared = ruleset }
            }
            if result.ruleset == nil {
                log.write(DiagnosticRenderer(style: .human, color: false).render(result.diagnostics, in: result.source))
                log.write("Rules in \(file.path) did not compile; the previous rules stay active.")
            } else {
                log.write("Rules updated from \(file.path).")
            }
        }
    }

    /// Polls the watched files every `interval` seconds until the task is cancelled.
    public func watch(interval: Double = 0.2) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            reloadChangedFiles()
        }
    }

    /// The path as logs show it: relative to the working folder when inside it.
    static func displayName(_ path: String) -> String {
        let folder = FileManager.default.currentDirectoryPath
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func compileFile(_ path: String) throws(RulesLoadError) -> (CompiledRuleset, String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw RulesLoadError(message: "Cannot read the rules file \(path).")
        }
        let result = CompiledRuleset.compile(SourceFile(path: displayName(path), text: text), options: .emulator)
        guard let ruleset = result.ruleset else {
            throw RulesLoadError(
                message: DiagnosticRenderer(style: .human, color: false).render(result.diagnostics, in: result.source))
        }
        return (ruleset, text)
    }
}

/// Rules that could not be loaded at startup.
public struct RulesLoadError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with diagnostics rendered as file:line:col.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// A value behind a lock.
final class Protected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
