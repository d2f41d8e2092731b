import RulesSyntax

/// `check.too-complex`, reported by the rules compiler: an expression nested deeper than production evaluates.
enum TooComplex {
    static let check = LintCheck(
        id: "check.too-complex", category: .correctness, severity: .error,
        summary: "an expression nested deeper than production evaluates",
        rationale: "Production rejects expressions nested too deeply (`Expression is too complex to evaluate safely.`).",
        triggering: [CompilerChecks.nested(98)], nonTriggering: [CompilerChecks.nested(20)], detector: .compiler)
}
