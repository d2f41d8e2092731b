/// A value of the rules language.
///
/// The enum is closed: every builtin, operator and the equality and ordering
/// rules switch over it exhaustively. Errors are not values here; they travel
/// as ``EvalError`` through typed throws and are turned into data (an
/// ``Outcome``) wherever the language absorbs them.
public enum Value: Sendable {
    /// `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A signed 64-bit integer.
    case int(Int64)
    /// An IEEE-754 double.
    case float(Double)
    /// A string; sizes and indexes count UTF-16 code units.
    case string(String)
    /// A byte sequence.
    case bytes([UInt8])
    /// An ordered list.
    case list([Value])
    /// A map with string keys.
    case map(RulesMap)
    /// A set (no literal; made with `list.toSet()` and map-diff methods).
    case set(RulesSet)
    /// The result of `map.diff(other)`.
    case mapDiff(MapDiff)
    /// A path (`request.path`, path literals, recursive wildcard captures).
    case path(RulesPath)
    /// An instant in UTC with nanosecond precision.
    case timestamp(Timestamp)
    /// A signed span of time with nanosecond precision.
    case duration(RulesDuration)
    /// A latitude/longitude pair.
    case latlng(LatLng)

    /// The value's type.
    public var type: ValueType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .float: .float
        case .string: .string
        case .bytes: .bytes
        case .list: .list
        case .map: .map
        case .set: .set
        case .mapDiff: .mapDiff
        case .path: .path
        case .timestamp: .timestamp
        case .duration: .duration
        case .latlng: .latlng
        }
    }
}

/// The types of the rules language, named as the service names them in messages.
public enum ValueType: String, Sendable, Hashable, CaseIterable, Codable {
    /// `null`.
    case null
    /// `bool`.
    case bool
    /// `int`.
    case int
    /// `float`.
    case float
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
    /// `map_diff`.
    case mapDiff = "map_diff"
    /// `path`.
    case path
    /// `timestamp`.
    case timestamp
    /// `duration`.
    case duration
    /// `latlng`.
    case latlng

    /// The name used in runtime messages (`int`, `map_diff`, ...).
    public var name: String { rawValue }
}

extension Value {
    /// Convenience for building map values in Swift.
    public static func map(_ entries: [String: Value]) -> Value { .map(RulesMap(entries)) }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The int, if this is one.
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// A number as a double (ints are converted), `nil` for other types.
    public var numericValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An int value.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A float value.
    public init(floatLiteral value: Double) { self = .float(value) }
    /// A bool value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A list value.
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
    /// A map value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .map(RulesMap(Dictionary(elements, uniquingKeysWith: { _, last in last })))
    }
}
