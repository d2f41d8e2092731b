/// Typed views of builtin arguments that a signature has already checked.
///
/// A mismatch cannot happen after signature matching; if it does (a
/// signature and its implementation disagree), the call fails with an
/// unsupported-operation error instead of trapping.
enum ValueCast {
    /// The elements of a list.
    static func list(_ value: Value) throws(EvalError) -> [Value] {
        guard case .list(let elements) = value else { throw mismatch(value, "list") }
        return elements
    }

    /// A map.
    static func map(_ value: Value) throws(EvalError) -> RulesMap {
        guard case .map(let map) = value else { throw mismatch(value, "map") }
        return map
    }

    /// A set.
    static func set(_ value: Value) throws(EvalError) -> RulesSet {
        guard case .set(let set) = value else { throw mismatch(value, "set") }
        return set
    }

    /// The elements of a list or a set.
    static func elements(_ value: Value) throws(EvalError) -> [Value] {
        switch value {
        case .list(let elements): elements
        case .set(let set): set.elements
        default: throw mismatch(value, "list")
        }
    }

    /// A string.
    static func string(_ value: Value) throws(EvalError) -> String {
        guard case .string(let string) = value else { throw mismatch(value, "string") }
        return string
    }

    /// An int.
    static func int(_ value: Value) throws(EvalError) -> Int64 {
        guard case .int(let int) = value else { throw mismatch(value, "int") }
        return int
    }

    /// An int or a float, as a double.
    static func number(_ value: Value) throws(EvalError) -> Double {
        guard let number = value.numericValue else { throw mismatch(value, "float") }
        return number
    }

    /// A map diff.
    static func mapDiff(_ value: Value) throws(EvalError) -> MapDiff {
        guard case .mapDiff(let diff) = value else { throw mismatch(value, "map_diff") }
        return diff
    }

    /// A path.
    static func path(_ value: Value) throws(EvalError) -> RulesPath {
        guard case .path(let path) = value else { throw mismatch(value, "path") }
        return path
    }

    /// A timestamp.
    static func timestamp(_ value: Value) throws(EvalError) -> Timestamp {
        guard case .timestamp(let timestamp) = value else { throw mismatch(value, "timestamp") }
        return timestamp
    }

    /// A duration.
    static func duration(_ value: Value) throws(EvalError) -> RulesDuration {
        guard case .duration(let duration) = value else { throw mismatch(value, "duration") }
        return duration
    }

    /// A latitude/longitude pair.
    static func latlng(_ value: Value) throws(EvalError) -> LatLng {
        guard case .latlng(let latlng) = value else { throw mismatch(value, "latlng") }
        return latlng
    }

    /// The receiver of a method call.
    static func receiver(_ call: BuiltinCall) throws(EvalError) -> Value {
        guard let receiver = call.receiver else { throw .nullValue }
        return receiver
    }

    private static func mismatch(_ value: Value, _ expected: String) -> EvalError {
        .unsupported(received: value.type.name, expected: [expected])
    }
}
