import Foundation
import Hummingbird
import RulesEngine
import RulesTesting

/// Writes one line per request: method, path, status, the rules decision
/// (method, allow/deny, the deciding line) and the time taken; with
/// `verbose`, the explanation `storage-rules eval` prints follows.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = EmulatorRequestContext
    let state: EmulatorState

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = ErrorResponseMiddleware.response(for: error)
        }
        let elapsed = ContinuousClock.now - start
        let line = RequestLogLine.format(
            method: request.method.rawValue, path: request.uri.path, status: response.status.code,
            record: context.record, elapsed: elapsed)
        if state.configuration.verbose, let decision = context.record.decision, let ruleset = context.record.ruleset {
            let explanation = Explainer(rules: ruleset).explain(decision).text(color: false)
            state.log.write(line + "\n" + explanation.trimmingCharacters(in: .newlines))
        } else {
            state.log.write(line)
        }
        return response
    }
}

/// The format of the per-request log line.
public enum RequestLogLine {
    /// `GET /v0/b/bkt/o/a%2Fb 200 get allow storage.rules:7 0.41ms`.
    public static func format(method: String, path: String, status: Int, record: RequestRecord, elapsed: Duration) -> String {
        "\(method) \(path) \(status) \(rulesPart(record)) \(milliseconds(elapsed))"
    }

    static func rulesPart(_ record: RequestRecord) -> String {
        if let decision = record.decision {
            let verdict = decision.allowed ? "allow" : "deny"
            var text = "\(decision.method.rawValue) \(verdict)"
            if let line = decidingLine(decision, ruleset: record.ruleset) { text += " " + line }
            return text
        }
        return record.note ?? "-"
    }

    /// Where the decision was made: the granting `allow`, or for a refusal
    /// the last `allow` that was considered (or the refusal reason).
    static func decidingLine(_ decision: Decision, ruleset: CompiledRuleset?) -> String? {
        let allow = decision.grantingAllow ?? decision.allows.last
        guard let allow, let ruleset else {
            return decision.refusal.map { "(\($0))" } ?? (decision.allowed ? nil : "(no allow matched)")
        }
        let location = ruleset.source.location(of: allow.range.start)
        return "\(ruleset.source.path):\(location.line)"
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)ms"
    }
}
