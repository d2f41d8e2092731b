import RulesSyntax

/// Warns about `a != b` whose operands can never be equal because their
/// static types differ, as Firebase's compiler does for
/// `latlng.value(0, 0) != null`. Only types that are certain without a type
/// system are used: literals, boolean-valued operators and the namespace
/// constructors with a fixed result type; anything else is left alone.
enum ComparisonCheck {
    static let message = "The sub-expressions are not comparable, so this comparison will always return true."

    /// Warns if the operands of `lhs != rhs`, the node at `range`, can never be equal.
    static func check(_ lhs: Expr, _ rhs: Expr, at range: SourceRange, into diagnostics: inout [Diagnostic]) {
        guard let left = staticType(of: lhs), let right = staticType(of: rhs), !comparable(left, right) else { return }
        diagnostics.append(.warning("check.not-comparable", message, at: range))
    }

    /// A type every value of the expression certainly has, if known.
    static func staticType(of expr: Expr) -> ValueType? {
        switch expr.kind {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .float: .float
        case .string: .string
        case .bytes: .bytes
        case .list: .list
        case .map: .map
        case .path: .path
        case .parenthesized(let inner): staticType(of: inner)
        case .unary(.not, _), .isType: .bool
        case .binary(let op, _, _):
            switch op {
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .in, .equal, .notEqual, .and, .or: .bool
            default: nil
            }
        case .call(let callee, _):
            if case .member(let base, let name) = callee.kind, case .identifier(let namespace) = base.kind {
                constructorType(namespace, name.name)
            } else {
                nil
            }
        default: nil
        }
    }

    private static func constructorType(_ namespace: String, _ name: String) -> ValueType? {
        switch (namespace, name) {
        case ("latlng", "value"): .latlng
        case ("timestamp", "value"), ("timestamp", "date"): .timestamp
        case ("duration", "value"), ("duration", "time"), ("duration", "abs"): .duration
        case ("hashing", _): .bytes
        default: nil
        }
    }

    /// Whether values of the two types can ever be equal.
    private static func comparable(_ left: ValueType, _ right: ValueType) -> Bool {
        if left == right { return true }
        let numbers: Set<ValueType> = [.int, .float]
        return numbers.contains(left) && numbers.contains(right)
    }
}
