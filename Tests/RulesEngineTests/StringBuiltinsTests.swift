import Testing

@testable import RulesEngine

/// A context for calling builtins directly (no documents, no log).
final class StringsTestContext: BuiltinContext {
    func firestoreDocument(at path: RulesPath) throws(EvalError) -> RulesMap? { nil }
    func debugLog(_ value: Value) {}
}

/// Calls builtins the way the evaluator will: found in the registry, then invoked.
enum StringsCall {
    static func method(_ receiver: Value, _ name: String, _ arguments: [Value] = []) throws(EvalError) -> Value {
        guard let builtin = BuiltinRegistry.method(on: receiver.type, named: name) else {
            throw .functionNotFound(name)
        }
        return try builtin.invoke(receiver: receiver, arguments: arguments, context: StringsTestContext())
    }

    static func global(_ name: String, _ arguments: [Value]) throws(EvalError) -> Value {
        guard let builtin = BuiltinRegistry.global(name) else { throw .functionNotFound(name) }
        return try builtin.invoke(receiver: nil, arguments: arguments, context: StringsTestContext())
    }

    static func function(_ namespace: String, _ name: String, _ arguments: [Value]) throws(EvalError) -> Value {
        guard let builtin = BuiltinRegistry.function(namespace: namespace, name: name) else {
            throw .functionNotFound("\(namespace).\(name)")
        }
        return try builtin.invoke(receiver: nil, arguments: arguments, context: StringsTestContext())
    }

    /// Same type and `==` (floats compared by bits so `-0.0` and NaN are checked too).
    static func same(_ actual: Value, _ expected: Value) -> Bool {
        if case .float(let a) = actual, case .float(let b) = expected {
            return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        }
        return actual.type == expected.type && actual.rulesEquals(expected)
    }
}

@Suite("String builtins")
struct StringBuiltinsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var receiver: String
        var method: String
        var arguments: [String]
        var expected: Value
        init(_ receiver: String, _ method: String, _ arguments: [String], _ expected: Value) {
            self.receiver = receiver
            self.method = method
            self.arguments = arguments
            self.expected = expected
        }
        init(_ receiver: String, _ method: String, _ expected: Value) {
            self.init(receiver, method, [], expected)
        }
        var testDescription: String { "'\(receiver)'.\(method)(\(arguments.map { "'\($0)'" }.joined(separator: ", ")))" }
    }

    static let cases: [Case] = [
        Case("ABC", "lower", "abc"),
        Case("ÀÉÎ", "lower", "àéî"),
        Case("ΟΔΟΣ ΚΑΙ", "lower", "οδος και"),
        Case("ΣΑ", "lower", "σα"),
        Case("Σ", "lower", "σ"),
        Case("ΑΣ.", "lower", "ας."),
        Case("İ", "lower", "i\u{307}"),
        Case("abc123", "upper", "ABC123"),
        Case("straße", "upper", "STRASSE"),
        Case(" a ", "trim", "a"),
        Case("\t\n a b \r\u{0}", "trim", "a b"),
        Case("\u{A0}a\u{A0}", "trim", "\u{A0}a\u{A0}"),
        Case("\u{2003}a", "trim", "\u{2003}a"),
        Case("   ", "trim", ""),
        Case("", "trim", ""),
        Case("abc", "size", 3),
        Case("😀", "size", 2),
        Case("é", "size", 1),
        Case("e\u{301}", "size", 2),
        Case("", "size", 0),
        Case("user@domain.com", "matches", [".*@domain[.]com"], true),
        Case("banana", "matches", [".*@domain[.]com"], false),
        Case("hello world", "matches", ["world"], false),
        Case("hello world", "matches", [".*world"], true),
        Case("abc123!", "matches", ["[a-z]+[0-9]+"], false),
        Case("ximage/png", "matches", ["image/.*"], false),
        Case("a/b/c", "split", ["/"], ["a", "b", "c"]),
        Case("a,b,,", "split", [","], ["a", "b"]),
        Case("abc", "split", [""], ["a", "b", "c"]),
        Case("a-b-c.png", "split", ["-"], ["a", "b", "c.png"]),
        Case("banana", "replace", ["a", "o"], "bonono"),
        Case("banana", "replace", ["ana", "ee"], "beena"),
        Case("foo@test.com", "replace", [".", "-"], "------------"),
        Case("a.b", "replace", [".", "-"], "---"),
        Case("ab", "replace", ["(a)", "$1$1"], "aab"),
        Case("ab", "replace", ["a", "\\$"], "$b"),
        Case("abc", "replace", ["", "-"], "-a-b-c-"),
    ]

    @Test(arguments: cases)
    func method(_ testCase: Case) throws {
        let result = try StringsCall.method(
            .string(testCase.receiver), testCase.method, testCase.arguments.map(Value.string))
        #expect(StringsCall.same(result, testCase.expected), "\(result)")
    }

    @Test func toUtf8() throws {
        let cases: [(String, [UInt8])] = [
            ("**", [0x2A, 0x2A]), ("€", [0xE2, 0x82, 0xAC]), ("é", [0xC3, 0xA9]), ("", []), ("😀", [0xF0, 0x9F, 0x98, 0x80]),
        ]
        for (text, bytes) in cases {
            #expect(StringsCall.same(try StringsCall.method(.string(text), "toUtf8"), .bytes(bytes)))
        }
    }

    static let errors: [(String, String, [Value], String)] = [
        ("abc", "replace", ["(", "x"], "Invalid regular expression pattern. Pattern: (."),
        ("abc", "matches", ["("], "Invalid regular expression pattern. Pattern: (."),
        ("abc", "split", ["(?=b)"], "Invalid regular expression pattern. Pattern: (?=b)."),
        ("abc", "matches", [1], "Unsupported operation error. Received: string.matches(int). Expected: string.matches(string)."),
        ("abc", "matches", [], "Incorrect number of arguments. Received: 0. Expected: string.matches(string)."),
        (
            "abc", "replace", ["a", 1],
            "Unsupported operation error. Received: string.replace(string, int). Expected: string.replace(string, string)."
        ),
        ("abc", "lower", [1], "Incorrect number of arguments. Received: 1. Expected: string.lower()."),
        ("abc", "split", [.null], "Unsupported operation error. Received: string.split(null). Expected: string.split(string)."),
        ("ab", "replace", ["a", "$&"], "Invalid replacement string: Illegal group reference."),
    ]

    @Test(arguments: errors)
    func failures(receiver: String, method: String, arguments: [Value], message: String) {
        #expect(throws: EvalError(message)) { try StringsCall.method(.string(receiver), method, arguments) }
    }

    @Test func invalidRegexMessageUsesTheSharedError() {
        // The spec quotes the service as `... Pattern: (.`; the message comes from EvalError.invalidRegex.
        #expect(throws: EvalError.invalidRegex("(")) { try StringsCall.method("abc", "matches", ["("]) }
    }

    @Test func noSubstringMethods() {
        #expect(BuiltinRegistry.method(on: .string, named: "in") == nil)
        #expect(BuiltinRegistry.method(on: .string, named: "contains") == nil)
        #expect(BuiltinRegistry.method(on: .int, named: "lower") == nil)
    }

    @Test func everyBuiltinOfThisAreaHasExamples() {
        let ours = BuiltinRegistry.stringBuiltins + BuiltinRegistry.bytesBuiltins + BuiltinRegistry.hashingBuiltins
            + BuiltinRegistry.conversionBuiltins
        #expect(ours.count == 19)
        for builtin in ours {
            #expect(!builtin.examples.isEmpty, "\(builtin.qualifiedName)")
            #expect(!builtin.summary.isEmpty)
        }
    }
}
