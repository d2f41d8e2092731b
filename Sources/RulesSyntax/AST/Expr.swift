/// An expression node.
///
/// Each node has an ``id`` unique within its ruleset, assigned by the parser
/// in source order; explanations and coverage refer to nodes by id.
/// Equality compares structure and ranges, not ids.
public struct Expr: Sendable, Hashable {
    /// Identifier unique within one parsed ruleset.
    public var id: Int
    /// The source the node covers (parentheses included when present).
    public var range: SourceRange
    /// The node's shape.
    public var kind: ExprKind

    /// Creates an expression node.
    public init(id: Int, range: SourceRange, kind: ExprKind) {
        self.id = id
        self.range = range
        self.kind = kind
    }

    /// Structural equality: same shape and ranges, ids ignored.
    public static func == (lhs: Expr, rhs: Expr) -> Bool {
        lhs.range == rhs.range && lhs.kind == rhs.kind
    }

    /// Hashes shape and range, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(kind)
    }
}

/// The shape of an expression.
public enum ExprKind: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// An integer literal (a leading unary minus is folded in, so
    /// `-9223372036854775808` is representable).
    case int(Int64)
    /// A floating-point literal.
    case float(Double)
    /// A string literal, escapes decoded.
    case string(String)
    /// A bytes literal, escapes decoded.
    case bytes([UInt8])
    /// `[a, b]`.
    case list([Expr])
    /// `{'k': v}`; keys are expressions (they must evaluate to strings).
    case map([MapEntry])
    /// A path literal such as `/databases/(default)/documents/users/$(uid)`.
    case path([PathLiteralSegment])
    /// A bare name: a variable, a wildcard, `request`, a namespace.
    case identifier(String)
    /// `base.name`.
    indirect case member(Expr, Identifier)
    /// `base[index]`.
    indirect case index(Expr, Expr)
    /// `base[lower:upper]`, at least one bound present.
    indirect case slice(Expr, Expr?, Expr?)
    /// `callee(args)`: the callee is an identifier (function), a member
    /// (method or namespaced function such as `math.abs`).
    indirect case call(Expr, [Expr])
    /// `!x`, `-x`.
    indirect case unary(UnaryOperator, Expr)
    /// `a op b`, including `in`, `&&` and `||`.
    indirect case binary(BinaryOperator, Expr, Expr)
    /// `value is type`.
    indirect case isType(Expr, TypeName)
    /// `condition ? then : else`.
    indirect case ternary(Expr, Expr, Expr)
    /// `( inner )`: kept so ranges, formatting and nesting limits see it.
    indirect case parenthesized(Expr)
    /// A placeholder the parser inserts after a syntax error.
    case invalid
}

/// One entry of a map literal.
public struct MapEntry: Sendable, Hashable {
    /// The key expression.
    public var key: Expr
    /// The value expression.
    public var value: Expr

    /// Creates an entry.
    public init(key: Expr, value: Expr) {
        self.key = key
        self.value = value
    }
}

/// One segment of a path literal.
public enum PathLiteralSegment: Sendable, Hashable {
    /// Raw text, e.g. `(default)`.
    case text(String)
    /// `$(expr)`: the value of the expression as one segment.
    case interpolation(Expr)
    /// `{name}`: a placeholder that `bind()` fills.
    case placeholder(String)
}

/// Unary operators.
public enum UnaryOperator: String, Sendable, Hashable {
    /// Logical not.
    case not = "!"
    /// Arithmetic negation.
    case negate = "-"
}

/// Binary operators, listed with their precedence level (higher binds tighter).
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    /// `a * b`.
    case multiply = "*"
    /// `a / b` (integer division truncates toward zero).
    case divide = "/"
    /// `a % b` (the result takes the dividend's sign).
    case modulo = "%"
    /// `a + b`: numbers, strings, durations and timestamps.
    case add = "+"
    /// `a - b`: numbers, durations and timestamps.
    case subtract = "-"
    /// `a < b`.
    case less = "<"
    /// `a <= b`.
    case lessOrEqual = "<="
    /// `a > b`.
    case greater = ">"
    /// `a >= b`.
    case greaterOrEqual = ">="
    /// `a in b`: membership in a list, set or map's keys.
    case `in` = "in"
    /// `a == b`.
    case equal = "=="
    /// `a != b`.
    case notEqual = "!="
    /// `a && b`, absorbing errors when the other side is `false`.
    case and = "&&"
    /// `a || b`, absorbing errors when the other side is `true`.
    case or = "||"

    /// Precedence level, higher binds tighter (`is` sits at 5, between `in` and `==`).
    public var precedence: Int {
        switch self {
        case .multiply, .divide, .modulo: 9
        case .add, .subtract: 8
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 7
        case .in: 6
        case .equal, .notEqual: 4
        case .and: 3
        case .or: 2
        }
    }
}

/// Type names accepted after `is`.
public enum TypeName: String, Sendable, Hashable, CaseIterable {
    /// `bool`.
    case bool
    /// `int`.
    case int
    /// `float`.
    case float
    /// `number`: an int or a float.
    case number
    /// `string`.
    case string
    /// `bytes`.
    case bytes
    /// `list`.
    case list
    /// `map`.
    case map
    /// `set`.
    case set
    /// `timestamp`.
    case timestamp
    /// `duration`.
    case duration
    /// `path`.
    case path
    /// `latlng`.
    case latlng
    /// `map_diff`: the result of `map.diff()`.
    case mapDiff = "map_diff"
}
