import Testing

@testable import RulesEngine

/// A builtin context for direct builtin calls: no documents, no logging.
final class CollectionsTestContext: BuiltinContext {
    func firestoreDocument(at path: RulesPath) throws(EvalError) -> RulesMap? { nil }
    func debugLog(_ value: Value) {}
}

/// One direct call of a builtin and its expected outcome.
struct CollectionsCase: Sendable, CustomTestStringConvertible {
    /// What the call is made on.
    enum Target: Sendable {
        case method(Value)
        case function(namespace: String)
    }

    /// The expected outcome.
    enum Expected: Sendable {
        case value(Value)
        case error(String)
    }

    let target: Target
    let name: String
    let arguments: [Value]
    let expected: Expected
    let note: String

    /// `receiver.name(arguments)` returning a value.
    static func method(
        _ receiver: Value, _ name: String, _ arguments: [Value] = [], returns value: Value, _ note: String = ""
    ) -> CollectionsCase {
        CollectionsCase(
            target: .method(receiver), name: name, arguments: arguments, expected: .value(value), note: note)
    }

    /// `receiver.name(arguments)` failing with a message.
    static func method(
        _ receiver: Value, _ name: String, _ arguments: [Value] = [], throws message: String, _ note: String = ""
    ) -> CollectionsCase {
        CollectionsCase(
            target: .method(receiver), name: name, arguments: arguments, expected: .error(message), note: note)
    }

    /// `namespace.name(arguments)` returning a value.
    static func function(
        _ namespace: String, _ name: String, _ arguments: [Value], returns value: Value, _ note: String = ""
    ) -> CollectionsCase {
        CollectionsCase(
            target: .function(namespace: namespace), name: name, arguments: arguments, expected: .value(value),
            note: note)
    }

    /// `namespace.name(arguments)` failing with a message.
    static func function(
        _ namespace: String, _ name: String, _ arguments: [Value], throws message: String, _ note: String = ""
    ) -> CollectionsCase {
        CollectionsCase(
            target: .function(namespace: namespace), name: name, arguments: arguments, expected: .error(message),
            note: note)
    }

    var testDescription: String {
        let callee =
            switch target {
            case .method(let receiver): "\(receiver.type.name).\(name)"
            case .function(let namespace): "\(namespace).\(name)"
            }
        let text = "\(callee)(\(arguments.map(\.type.name).joined(separator: ", ")))"
        return note.isEmpty ? text : "\(text) [\(note)]"
    }

    /// Runs the call as the evaluator would: an unknown name is "function not found".
    func run() -> Result<Value, EvalError> {
        let context = CollectionsTestContext()
        switch target {
        case .method(let receiver):
            guard let builtin = BuiltinRegistry.method(on: receiver.type, named: name) else {
                return .failure(.functionNotFound(name))
            }
            return Result { () throws(EvalError) in
                try builtin.invoke(receiver: receiver, arguments: arguments, context: context)
            }
        case .function(let namespace):
            guard let builtin = BuiltinRegistry.function(namespace: namespace, name: name) else {
                return .failure(.functionNotFound("\(namespace).\(name)"))
            }
            return Result { () throws(EvalError) in
                try builtin.invoke(receiver: nil, arguments: arguments, context: context)
            }
        }
    }

    /// Runs the call and checks the outcome.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = run()
        switch (expected, outcome) {
        case (.value(let want), .success(let got)):
            #expect(CollectionsValues.same(got, want), "got \(got), want \(want)", sourceLocation: sourceLocation)
        case (.error(let want), .failure(let got)):
            #expect(got.message == want, sourceLocation: sourceLocation)
        case (.value(let want), .failure(let got)):
            Issue.record("want \(want), got error \(got.message)", sourceLocation: sourceLocation)
        case (.error(let want), .success(let got)):
            Issue.record("want error \(want), got \(got)", sourceLocation: sourceLocation)
        }
    }
}

/// Value helpers for the collection, math and time builtin tests.
enum CollectionsValues {
    /// Same type and equal, with NaN equal to itself and zero signs told apart
    /// (so `1` is not `1.0`, and `math.ceil` returning an int would fail).
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.float(let x), .float(let y)):
            return (x.isNaN && y.isNaN) || (x == y && x.sign == y.sign)
        case (.list(let x), .list(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.set(let x), .set(let y)):
            return x.count == y.count && x.elements.allSatisfy { e in y.elements.contains { same(e, $0) } }
        case (.map(let x), .map(let y)):
            return x.count == y.count
                && x.entries.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default:
            return a.type == b.type && a.setEquals(b)
        }
    }

    /// A set value from elements.
    static func set(_ elements: Value...) -> Value {
        .set(RulesSet(elements))
    }

    /// A timestamp value from epoch seconds and nanoseconds.
    static func timestamp(_ seconds: Int64, _ nanos: Int64 = 0) -> Value {
        .timestamp(Timestamp(seconds: seconds, nanos: nanos))
    }

    /// A duration value from seconds and nanoseconds.
    static func duration(_ seconds: Int64, _ nanos: Int64 = 0) -> Value {
        .duration(RulesDuration(seconds: seconds, nanos: nanos))
    }

    /// A latlng value.
    static func latlng(_ latitude: Double, _ longitude: Double) -> Value {
        .latlng(LatLng(latitude: latitude, longitude: longitude))
    }

    /// A path value.
    static func path(_ text: String) -> Value {
        .path(RulesPath(parsing: text))
    }

    /// The builtins this branch declares.
    static let declared: [Builtin] =
        BuiltinRegistry.listBuiltins + BuiltinRegistry.mapBuiltins + BuiltinRegistry.setBuiltins
        + BuiltinRegistry.mapDiffBuiltins + BuiltinRegistry.mathBuiltins + BuiltinRegistry.timestampBuiltins
        + BuiltinRegistry.durationBuiltins + BuiltinRegistry.latlngBuiltins + BuiltinRegistry.pathBuiltins
}
