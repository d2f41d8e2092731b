import RulesSyntax

/// `check.call-depth`, reported by the rules compiler: a chain of function calls deeper than production's limit of 20.
enum CallDepth {
    static let check = LintCheck(
        id: "check.call-depth", category: .correctness, severity: .error,
        summary: "a chain of function calls deeper than production's limit of 20",
        rationale: "Production rejects a ruleset whose static call graph holds a chain of more than 21 functions.",
        triggering: [CompilerChecks.callChain(22)], nonTriggering: [CompilerChecks.callChain(21)], detector: .compiler)
}
