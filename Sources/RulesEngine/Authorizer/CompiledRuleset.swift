import RulesSyntax
import Synchronization

/// A compiled, reusable and thread-safe ruleset.
///
/// Compile once with ``compile(_:)``, then call ``authorize(_:)`` from any
/// number of tasks at once.
public final class CompiledRuleset: Sendable {
    /// The source it was compiled from.
    public let source: SourceFile
    /// The syntax tree.
    public let ruleset: Ruleset
    /// Warnings the compiler reported (errors prevent compilation).
    public let warnings: [Diagnostic]
    /// Production or emulator behaviour where they differ.
    public let options: EngineOptions
    /// The evaluable form.
    let program: Program
    /// Idle evaluators, reused by decisions.
    let evaluators: EvaluatorPool
    /// Every expression node by id, built on the first lookup.
    private let expressionIndex = Mutex<[Int: Expr]?>(nil)

    init(source: SourceFile, ruleset: Ruleset, warnings: [Diagnostic], options: EngineOptions) {
        self.source = source
        self.ruleset = ruleset
        self.warnings = warnings
        self.options = options
        self.program = Program(ruleset: ruleset, options: options)
        evaluators = EvaluatorPool(options: options, captureCapacity: program.tree.captureCapacity)
    }

    /// The expression node with an id from a ``TraceEntry``.
    public func expression(withID id: Int) -> Expr? {
        expressionIndex.withLock { index in
            if index == nil {
                var built: [Int: Expr] = [:]
                ruleset.forEachRootExpression { root in
                    root.forEachNode { built[$0.id] = $0 }
                }
                index = built
            }
            return index?[id]
        }
    }

    /// The declared language version.
    public var version: RulesVersion { ruleset.version }
}

/// The result of compiling rules text.
public struct CompileResult: Sendable {
    /// The compiled ruleset, or `nil` when there were errors.
    public var ruleset: CompiledRuleset?
    /// Every diagnostic (errors and warnings), in source order.
    public var diagnostics: [Diagnostic]
    /// The source.
    public var source: SourceFile

    /// Creates a result.
    public init(ruleset: CompiledRuleset?, diagnostics: [Diagnostic], source: SourceFile) {
        self.ruleset = ruleset
        self.diagnostics = diagnostics
        self.source = source
    }
}
