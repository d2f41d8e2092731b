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
    /// The decision explains itself (matched blocks, every allow considered
    /// and its outcome, the trace when the request records one). When only
    /// the answer matters, ``isAllowed(_:)`` gives the same verdict faster.
    ///
    /// Safe to call concurrently: each call has its own evaluator.
    public func authorize(_ request: AuthorizationRequest) -> Decision {
        let path = request.requestPath
        if request.method == .list && program.version == .v1 {
            return Decision(
                allowed: false, method: request.method, path: path, matches: [], allows: [],
                refusal: CompiledRuleset.listRequiresVersion2)
        }
        var found: [PathMatch] = []
        var allows: [AllowEvaluation] = []
        var allowed = false
        var debugOutput: [Value] = []
        evaluators.withEvaluator(for: request) { evaluator in
            // The matcher works in the evaluator's capture buffer, as
            // `isAllowed` does; each match keeps a copy of its captures.
            found = PathMatcher(tree: program.tree, version: program.version, segments: path.segments)
                .matches(buffer: evaluator.matchBuffer)
            for match in found where !allowed {
                let block = match.block
                match.captures.withUnsafeBufferPointer { captures in
                    for index in block.allows.indices where block.compiledAllows[index].coverage.contains(request.method) {
                        evaluator.useCaptures(captures)
                        evaluator.captureScope = block.scope
                        let evaluation = evaluate(
                            block.allows[index], at: index, in: block, tracing: request.recordsTrace, evaluator)
                        allows.append(evaluation)
                        if evaluation.granted {
                            allowed = true
                            break
                        }
                    }
                }
            }
            debugOutput = evaluator.takeDebugValues()
        }
        let matched = found.map { match in
            MatchedBlock(
                pattern: match.block.pattern, range: match.block.pathRange,
                bindings: zip(match.block.scope.captureNames, match.captures).map { name, capture in
                    (name: name, value: capture.value(in: path.segments))
                })
        }
        return Decision(
            allowed: allowed, method: request.method, path: path, matches: matched, allows: allows, refusal: nil,
            debugOutput: debugOutput)
    }

    /// Whether the request is allowed: exactly the verdict of
    /// ``authorize(_:)``, without building its explanation.
    ///
    /// Blocks are matched and their allows evaluated in the same order, and
    /// the search stops at the first grant. In the steady state a decision
    /// allocates nothing unless the rules themselves build values (lists,
    /// maps, strings, `{x=**}` paths they read, or a builtin's arguments).
    /// `debug()` values are not collected (``Decision/debugOutput`` has
    /// them), and ``AuthorizationRequest/recordsTrace`` is ignored: a trace
    /// explains a verdict but never changes it.
    ///
    /// Safe to call concurrently.
    public func isAllowed(_ request: AuthorizationRequest) -> Bool {
        if request.method == .list && program.version == .v1 { return false }
        return evaluators.withIdleEvaluator { evaluator in
            program.tree.isAllowed(request, version: program.version, evaluator: evaluator)
        }
    }

    /// The decision without its explanation: the verdict of ``isAllowed(_:)``,
    /// the method and path, and the refusal when the request is refused
    /// before any rule runs, but no matched blocks, allows or `debug()`
    /// values. For callers that act on the verdict alone and ask
    /// ``authorize(_:)`` again when a decision needs explaining.
    ///
    /// Safe to call concurrently.
    public func verdict(_ request: AuthorizationRequest) -> Decision {
        let refused = request.method == .list && program.version == .v1
        return Decision(
            allowed: !refused && isAllowed(request), method: request.method, path: request.requestPath, matches: [],
            allows: [], refusal: refused ? CompiledRuleset.listRequiresVersion2 : nil)
    }

    /// Evaluates the allow at `index` of the matched block: traced by the
    /// tree-walking evaluator, untraced by its compiled condition.
    private func evaluate(
        _ allow: AllowStatement, at index: Int, in block: CompiledMatch, tracing: Bool, _ evaluator: Evaluator
    ) -> AllowEvaluation {
        guard let condition = allow.condition, let compiled = block.compiledAllows[index].condition else {
            return AllowEvaluation(
                range: allow.range, methods: allow.methods.map(\.method), pattern: block.pattern, conditionRange: nil,
                outcome: .value(.bool(true)), trace: [])
        }
        let outcome: Outcome
        var trace: [TraceEntry] = []
        if tracing {
            // A condition records a few dozen entries: grow the trace once,
            // not through every power of two. The evaluator is given the
            // reserved storage and the trace is moved out of it after, so
            // the first entry does not find the storage shared (which
            // copied it, reservation wasted) and nothing is retained twice.
            trace.reserveCapacity(32)
            evaluator.trace = consume trace
            outcome = evaluator.evaluateCondition(condition, scope: block.scope)
            trace = evaluator.trace.take() ?? []
        } else {
            outcome = evaluator.evaluateCompiled(compiled)
        }
        return AllowEvaluation(
            range: allow.range, methods: allow.methods.map(\.method), pattern: block.pattern, conditionRange: condition.range,
            outcome: outcome, trace: trace)
    }

    /// The service's message for `list` under `rules_version = '1'`.
    public static let listRequiresVersion2 =
        "Listing objects in a bucket is disallowed for rules_version = \"1\". Please update storage security rules to rules_version = \"2\" to use list."
}
