import Foundation
import RulesEngine
import RulesSyntax

/// Compiles each rules file once per run, however many suites use it, so
/// suites share one ``CompiledRuleset`` (and coverage adds up per file).
///
/// Unchecked `Sendable`: the only mutable state, `results`, is read and
/// written under `lock`.
public final class RulesCache: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [String: CompileResult] = [:]

    /// Creates an empty cache.
    public init() {}

    /// The compile result for a rules text, keyed by its path, text and
    /// indentation (see ``SourceFile/indentation``).
    public func compile(path: String, text: String, indentation: Int = 0) -> CompileResult {
        let key = path + "\u{0}" + String(indentation) + "\u{0}" + text
        lock.lock()
        if let cached = results[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let result = CompiledRuleset.compile(SourceFile(path: path, text: text, indentation: indentation))
        lock.lock()
        defer { lock.unlock() }
        if let raced = results[key] { return raced }
        results[key] = result
        return result
    }
}
