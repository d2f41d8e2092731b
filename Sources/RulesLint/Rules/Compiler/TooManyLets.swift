import RulesSyntax

/// `check.too-many-lets`, reported by the rules compiler: a function with more `let` bindings than production accepts.
enum TooManyLets {
    static let check = LintCheck(
        id: "check.too-many-lets", category: .correctness, severity: .error,
        summary: "a function with more `let` bindings than production accepts",
        rationale: "Production accepts at most 11 `let` bindings per function (its message says 10) and rejects the ruleset otherwise.",
        triggering: [CompilerChecks.letFunction(12)], nonTriggering: [CompilerChecks.letFunction(11)], detector: .compiler)
}
