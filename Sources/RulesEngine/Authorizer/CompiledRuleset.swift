import RulesSyntax

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
    /// Every expression node by id, for explanations and coverage.
    private let expressionsByID: [Int: Expr]

    init(source: SourceFile, ruleset: Ruleset, warnings: [Diagnostic], options: EngineOptions) {
        self.source = source
        self.ruleset = ruleset
        self.warnings = warnings
        self.options = options
        self.program = Program(ruleset: ruleset, options: options)
        var index: [Int: Expr] = [:]
        for root in ruleset.allExpressions {
            root.forEachNode { index[$0.id] = $0 }
        }
        self.expressionsByID = index
    }

    /// The expression node with an id from a ``TraceEntry``.
    public func expression(withID id: Int) -> Expr? { expressionsByID[id] }

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
