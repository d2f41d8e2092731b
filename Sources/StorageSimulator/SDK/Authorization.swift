import RulesEngine
import RulesSyntax

/// Asking the rules, the one way every operation does it.
extension StorageSimulator {
    /// What an operation sees of the settings at its start.
    struct OperationContext {
        var time: Timestamp
        var auth: AuthIdentity?
        var documents: (any DocumentSource)?
        var rules: CompiledRuleset?
        var observers: [@Sendable (AuthorizationRequest, Decision) -> Void]
        var recordsTraces: Bool
        var explainsDecisions: Bool
    }

    func operationContext(bucket: String) -> OperationContext {
        withContext { context in
            OperationContext(
                time: context.time, auth: context.auth, documents: context.documents,
                rules: context.bucketRules.isEmpty ? context.rules : context.bucketRules[bucket] ?? context.rules,
                observers: context.observers.map(\.observer), recordsTraces: context.recordsTraces,
                explainsDecisions: context.explainsDecisions)
        }
    }

    /// The refusal recorded when no ruleset is loaded.
    static let noRulesRefusal = "Permission denied. No ruleset is loaded."

    /// Builds the request, asks the rules (or refuses when none are loaded),
    /// tells every observer, and returns the decision.
    func authorize(
        _ method: RuleMethod, bucket: String, path: String, incoming: Value?, existing: Value?,
        in operation: OperationContext
    ) -> Decision {
        let request = AuthorizationRequest(
            method: method, bucket: bucket, objectPath: path, auth: operation.auth,
            incoming: incoming, existing: existing, time: operation.time, documents: operation.documents,
            recordsTrace: operation.recordsTraces)
        let decision =
            operation.rules.map { operation.explainsDecisions ? $0.authorize(request) : $0.verdict(request) }
            ?? Decision(
                allowed: false, method: method, path: request.requestPath, matches: [], allows: [],
                refusal: StorageSimulator.noRulesRefusal)
        for observer in operation.observers {
            observer(request, decision)
        }
        return decision
    }

    /// Authorizes, throwing ``StorageErrorCode/unauthorized`` (with the
    /// decision) on a refusal.
    func require(
        _ method: RuleMethod, bucket: String, path: String, incoming: Value?, existing: Value?,
        in operation: OperationContext
    ) throws(StorageError) -> Decision {
        let decision = authorize(method, bucket: bucket, path: path, incoming: incoming, existing: existing, in: operation)
        guard decision.allowed else { throw .unauthorized(bucket: bucket, path: path, decision: decision) }
        return decision
    }
}
