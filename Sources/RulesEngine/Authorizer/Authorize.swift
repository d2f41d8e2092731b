import RulesSyntax

extension CompiledRuleset {
    /// Compiles rules text: parse, check, and build the evaluable form.
    /// The result holds a ruleset only when there are no errors.
    public static func compile(_ source: SourceFile, options: EngineOptions = .production) -> CompileResult {
        let parsed = Parser.parse(source)
        var diagnostics = parsed.diagnostics
        if !diagnostics.containsErrors {
            diagnostics += Checker(ruleset: parsed.ruleset, options: options).run()
        }
        diagnostics.sort { $0.range.start < $1.range.start }
        guard !diagnostics.containsErrors else {
            return CompileResult(ruleset: nil, diagnostics: diagnostics, source: source)
        }
        let compiled = CompiledRuleset(source: source, ruleset: parsed.ruleset, warnings: diagnostics, options: options)
        return CompileResult(ruleset: compiled, diagnostics: diagnostics, source: source)
    }

    /// Compiles rules text given as a string.
    public static func compile(_ text: String, path: String = "storage.rules", options: EngineOptions = .production) -> CompileResult {
        compile(SourceFile(path: path, text: text), options: options)
    }

    /// Authorizes one request: finds every match block that matches the path
    /// completely and grants when any `allow` covering the method has a
    /// condition that evaluates to exactly `true`.
    ///
    /// Safe to call concurrently: each call has its own evaluator.
    public func authorize(_ request: AuthorizationRequest) -> Decision {
        let path = request.requestPath
        if request.method == .list && program.version == .v1 {
            return Decision(
                allowed: false, method: request.method, path: path, matches: [], allows: [],
                refusal: CompiledRuleset.listRequiresVersion2)
        }
        let matcher = PathMatcher(version: program.version, segments: path.segments)
        let found = matcher.matches(in: program.dispatch)
        // Created for the first condition: unconditional allows need none.
        var evaluator: Evaluator?
        var matched: [MatchedBlock] = []
        matched.reserveCapacity(found.count)
        var allows: [AllowEvaluation] = []
        var allowed = false
        for match in found {
            matched.append(MatchedBlock(
                pattern: match.block.pattern, range: match.block.pathRange,
                bindings: Array(zip(match.block.scope.flatCaptureNames, match.captures))))
            guard !allowed else { continue }
            for (index, allow) in match.block.allows.enumerated() where allow.covers(request.method) {
                let evaluation = evaluate(allow, at: index, in: match, tracing: request.recordsTrace) {
                    let current = evaluator ?? Evaluator(request: request, path: path, options: options)
                    evaluator = current
                    current.captures = match.captures
                    current.captureScope = match.block.scope
                    return current
                }
                allows.append(evaluation)
                if evaluation.granted {
                    allowed = true
                    break
                }
            }
        }
        return Decision(
            allowed: allowed, method: request.method, path: path, matches: matched, allows: allows, refusal: nil,
            debugOutput: evaluator?.debugValues ?? [])
    }

    /// Evaluates the allow at `index` of the matched block: traced by the
    /// tree-walking evaluator, untraced by its compiled condition.
    private func evaluate(
        _ allow: AllowStatement, at index: Int, in match: PathMatch, tracing: Bool, evaluatorFor: () -> Evaluator
    ) -> AllowEvaluation {
        let block = match.block
        guard let condition = allow.condition, let compiled = block.compiledConditions[index] else {
            return AllowEvaluation(
                range: allow.range, methods: block.allowMethods[index], pattern: block.pattern, conditionRange: nil,
                outcome: .value(.bool(true)), trace: [])
        }
        let evaluator = evaluatorFor()
        let outcome: Outcome
        var trace: [TraceEntry] = []
        if tracing {
            evaluator.trace = []
            outcome = evaluator.evaluateCondition(condition, scope: block.scope)
            trace = evaluator.trace ?? []
            evaluator.trace = nil
        } else {
            outcome = evaluator.evaluateCompiled(compiled)
        }
        return AllowEvaluation(
            range: allow.range, methods: block.allowMethods[index], pattern: block.pattern, conditionRange: condition.range,
            outcome: outcome, trace: trace)
    }

    /// The service's message for `list` under `rules_version = '1'`.
    public static let listRequiresVersion2 =
        "Listing objects in a bucket is disallowed for rules_version = \"1\". Please update storage security rules to rules_version = \"2\" to use list."
}
