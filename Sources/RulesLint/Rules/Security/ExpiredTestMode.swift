import Foundation
import RulesSyntax

/// `request.time < timestamp.date(2020, 1, 1)`: the console's "test mode" guard.
enum ExpiredTestMode {
    static let check = LintCheck(
        id: "lint.expired-test-mode", category: .security, severity: .warning,
        summary: "a \"test mode\" date guard (`request.time < timestamp.date(...)`) whose date has passed",
        rationale: """
            The Firebase console's test mode opens the bucket to everyone until a date. Once the date has \
            passed the guard is always false and the rules it protects deny every request; before it passes \
            the bucket is open to anyone. Either way the guard should be replaced by real rules.
            """,
        triggering: ["match /{all=**} {\n  allow read, write: if request.time < timestamp.date(2020, 1, 1);\n}"],
        nonTriggering: ["match /{all=**} {\n  allow read: if request.auth != null && request.time > timestamp.date(2020, 1, 1);\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            root.forEachNode { node in
                guard case .binary(let op, let lhs, let rhs) = node.kind else { return }
                let date: Expr
                if op == .less || op == .lessOrEqual, lhs.dottedPath == ["request", "time"] {
                    date = rhs
                } else if op == .greater || op == .greaterOrEqual, rhs.dottedPath == ["request", "time"] {
                    date = lhs
                } else {
                    return
                }
                guard let day = Self.date(date), day < context.now else { return }
                reports.append(LintReport(
                    "`\(context.text(node))` has been false since \(context.text(date)): every request it guards is denied",
                    at: node.range, help: "replace the test-mode guard with rules that check `request.auth`"))
            }
        }
        return reports
    }

    /// The instant of `timestamp.date(y, m, d)` with literal arguments.
    static func date(_ expr: Expr) -> Date? {
        let expr = expr.unparenthesized
        guard expr.calledName == "timestamp.date", case .call(_, let arguments) = expr.kind, arguments.count == 3 else { return nil }
        let parts = arguments.compactMap { argument -> Int? in
            if case .int(let value) = argument.unparenthesized.kind { return Int(value) }
            return nil
        }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}
