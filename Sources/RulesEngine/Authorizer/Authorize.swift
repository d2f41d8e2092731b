import RulesSyntax

extension CompiledRuleset {
    /// Compiles rules text: parse, check, and build the evaluable form.
    public static func compile(_ source: SourceFile) -> CompileResult {
        let parsed = Parser.parse(source)
        guard !parsed.diagnostics.containsErrors else {
            return CompileResult(ruleset: nil, diagnostics: parsed.diagnostics, source: source)
        }
        let compiled = CompiledRuleset(source: source, ruleset: parsed.ruleset, warnings: parsed.diagnostics)
        return CompileResult(ruleset: compiled, diagnostics: parsed.diagnostics, source: source)
    }

    /// Authorizes one request. (Foundation placeholder: replaced by the evaluator.)
    public func authorize(_ request: AuthorizationRequest) -> Decision {
        Decision(allowed: false, method: request.method, path: request.requestPath, matches: [], allows: [], refusal: nil)
    }
}
