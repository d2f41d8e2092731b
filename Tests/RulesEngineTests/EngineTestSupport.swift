import RulesEngine
import RulesSyntax
import Testing

/// What a test expects an expression or a request to produce.
enum Expected: Sendable, CustomStringConvertible {
    case `true`
    case `false`
    /// An error, optionally with its exact message.
    case error(String?)

    var description: String {
        switch self {
        case .true: "true"
        case .false: "false"
        case .error(let message): "error(\(message ?? "any"))"
        }
    }
}

/// Helpers shared by the engine tests.
enum Engine {
    static let bucket = "B"
    static let time = Timestamp(seconds: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// Compiles rules, failing the test with the rendered diagnostics on error.
    static func compile(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CompiledRuleset? {
        let result = CompiledRuleset.compile(text)
        if result.ruleset == nil {
            Issue.record("rules did not compile:\n\(DiagnosticRenderer(style: .plain).render(result.diagnostics, in: result.source))", sourceLocation: sourceLocation)
        }
        return result.ruleset
    }

    /// `R(x)` of the spec: version 2, `match /b/{bucket}/o { x }`.
    static func storageRules(_ body: String, version: String? = "2") -> String {
        let header = version.map { "rules_version = '\($0)';\n" } ?? ""
        return header + "service firebase.storage {\n  match /b/{bucket}/o {\n    \(body)\n  }\n}\n"
    }

    /// The outcome of a condition evaluated on a `get` of `x/y`.
    static func outcome(
        of expression: String, method: RuleMethod = .get, incoming: Value? = nil, existing: Value? = nil,
        auth: AuthIdentity? = nil, documents: (any DocumentSource)? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Outcome? {
        let rules = storageRules("match /{path=**} { allow \(method.rawValue): if \(expression); }")
        guard let compiled = compile(rules, sourceLocation: sourceLocation) else { return nil }
        let decision = decideBothWays(compiled, AuthorizationRequest(
            method: method, bucket: bucket, objectPath: "x/y", auth: auth, incoming: incoming, existing: existing,
            time: time, documents: documents), sourceLocation: sourceLocation)
        guard let allow = decision.allows.first else {
            Issue.record("no allow statement was evaluated", sourceLocation: sourceLocation)
            return nil
        }
        return allow.outcome
    }

    /// Checks an outcome against an expectation.
    static func expect(_ outcome: Outcome?, _ expected: Expected, _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let outcome else { return }
        switch (expected, outcome) {
        case (.true, .value(.bool(true))), (.false, .value(.bool(false))):
            break
        case (.error(nil), .error):
            break
        case (.error(let message?), .error(let error)):
            #expect(error.message == message, "\(label)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(label): expected \(expected), got \(outcome)", sourceLocation: sourceLocation)
        }
    }

    /// Authorizes one request against rules text.
    static func decide(
        _ rules: String, _ method: RuleMethod, _ path: String, auth: AuthIdentity? = nil, incoming: Value? = nil,
        existing: Value? = nil, time: Timestamp = Engine.time, documents: (any DocumentSource)? = nil,
        bucket: String = Engine.bucket, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Decision? {
        guard let compiled = compile(rules, sourceLocation: sourceLocation) else { return nil }
        return decideBothWays(compiled, AuthorizationRequest(
            method: method, bucket: bucket, objectPath: path, auth: auth, incoming: incoming, existing: existing,
            time: time, documents: documents), sourceLocation: sourceLocation)
    }

    /// Authorizes a request traced (the tree-walking evaluator) and untraced
    /// (the compiled conditions), and asks `isAllowed` for the verdict;
    /// records an issue unless all three agree (the two decisions on every
    /// outcome), and returns the traced decision.
    static func decideBothWays(
        _ compiled: CompiledRuleset, _ request: AuthorizationRequest, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Decision {
        var traced = request
        traced.recordsTrace = true
        var untraced = request
        untraced.recordsTrace = false
        let decision = compiled.authorize(traced)
        let fast = compiled.authorize(untraced)
        #expect(summary(of: fast) == summary(of: decision), "untraced and traced decisions differ", sourceLocation: sourceLocation)
        #expect(
            compiled.isAllowed(untraced) == decision.allowed && compiled.isAllowed(traced) == decision.allowed,
            "isAllowed differs from authorize", sourceLocation: sourceLocation)
        let verdict = compiled.verdict(untraced)
        #expect(
            verdict.allowed == decision.allowed && verdict.refusal == decision.refusal && verdict.method == decision.method
                && verdict.path == decision.path && verdict.matches.isEmpty && verdict.allows.isEmpty,
            "verdict differs from authorize", sourceLocation: sourceLocation)
        return decision
    }

    /// Everything but the trace of a decision, for comparing two of them.
    static func summary(of decision: Decision) -> String {
        let matches = decision.matches.map { match in
            "\(match.pattern)(\(match.bindings.map { "\($0.name)=\($0.value.rulesDescription)" }.joined(separator: ",")))"
        }
        let allows = decision.allows.map { "\($0.pattern) \($0.methods) \($0.outcome.rulesDescription)" }
        let debug = decision.debugOutput.map(\.rulesDescription)
        return "\(decision.allowed) \(decision.refusal ?? "-") \(matches) \(allows) \(debug)"
    }
}
