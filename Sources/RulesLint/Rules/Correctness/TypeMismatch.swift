import RulesEngine
import RulesSyntax

/// `request.resource.size < '5MB'`, `request.resource.size.matches('.*')`.
enum TypeMismatch {
    static let check = LintCheck(
        id: "lint.type-mismatch", category: .correctness, severity: .error,
        summary: "a comparison or method call whose types are wrong on every request",
        rationale: """
            Some type errors are visible without running the rules: a size compared with a string, `matches` \
            called on a number, a timestamp ordered against an int. Ordering values of different types and \
            calling a method the type does not have are errors when the rule runs, and `==` between different \
            types is always false, so the condition never grants.
            """,
        triggering: [
            "match /a/{f} {\n  allow write: if request.resource.size < '5242880';\n}",
            "match /a/{f} {\n  allow write: if request.resource.size.matches('[0-9]+');\n}",
        ],
        nonTriggering: [
            "match /a/{f} {\n  allow write: if request.resource.size < 5242880;\n}",
            "match /a/{f} {\n  allow write: if request.resource.contentType.matches('image/.*');\n}",
        ],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, locals) in context.scopedRoots {
            root.forEachNode { node in
                switch node.kind {
                case .binary(let op, let lhs, let rhs):
                    guard [.less, .lessOrEqual, .greater, .greaterOrEqual, .equal].contains(op),
                        let left = StaticTypes.type(of: lhs, shadowed: locals), let right = StaticTypes.type(of: rhs, shadowed: locals),
                        left != .null, right != .null, !compatible(left, right)
                    else { return }
                    let outcome = op == .equal ? "is always false" : "is an error, so the condition denies"
                    reports.append(LintReport(
                        "comparing `\(left.rawValue)` with `\(right.rawValue)` \(outcome): `\(context.text(lhs))` \(op.rawValue) `\(context.text(rhs))`",
                        at: node.range, help: helpFor(left, right)))
                case .call(let callee, _):
                    guard case .member(let receiver, let name) = callee.kind,
                        let type = StaticTypes.type(of: receiver, shadowed: locals), type != .null, type != .map,
                        BuiltinRegistry.isMethodName(name.name), !hasMethod(type, name.name)
                    else { return }
                    reports.append(LintReport(
                        "`\(name.name)` is not a method of `\(type.rawValue)`: `\(context.text(receiver))` is a \(type.rawValue), so the call is an error",
                        at: name.range,
                        help: type == .int || type == .float ? "compare numbers with `<`, `<=`, `>`, `>=` or `==`" : nil))
                default:
                    return
                }
            }
        }
        return reports
    }

    private static func compatible(_ left: ValueType, _ right: ValueType) -> Bool {
        let numbers: Set<ValueType> = [.int, .float]
        return left == right || (numbers.contains(left) && numbers.contains(right))
    }

    private static func hasMethod(_ type: ValueType, _ name: String) -> Bool {
        if BuiltinRegistry.method(on: type, named: name) != nil { return true }
        // Ints accept the float methods and the reverse (numbers coerce).
        if type == .int { return BuiltinRegistry.method(on: .float, named: name) != nil }
        if type == .float { return BuiltinRegistry.method(on: .int, named: name) != nil }
        return false
    }

    private static func helpFor(_ left: ValueType, _ right: ValueType) -> String? {
        let pair: Set<ValueType> = [left, right]
        if pair == [.int, .string] { return "write the number without quotes, e.g. `5 * 1024 * 1024`" }
        if pair.contains(.timestamp) { return "compare timestamps with timestamps, e.g. `timestamp.date(2026, 1, 1)` or `request.time - duration.value(1, 'd')`" }
        return nil
    }
}
