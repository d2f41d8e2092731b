import RulesSyntax

extension CompiledRuleset {
    /// The checker's diagnostics for a ruleset that parsed without errors,
    /// without building the evaluable form: for tools such as the linter
    /// that already hold the syntax tree.
    public static func checkerDiagnostics(for ruleset: Ruleset, options: EngineOptions = .production) -> [Diagnostic] {
        Checker(ruleset: ruleset, options: options).run()
    }
}
