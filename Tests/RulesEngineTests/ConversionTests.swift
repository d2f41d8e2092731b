import Testing

@testable import RulesEngine

@Suite("Conversion builtins")
struct ConversionTests {
    static let conversions: [(String, Value, Value)] = [
        ("int", "2", 2), ("int", 2.0, 2), ("int", 2.9, 2), ("int", -2.9, -2), ("int", 7, 7),
        ("int", "007", 7), ("int", "+3", 3), ("int", "-0", 0), ("int", "-9223372036854775808", .int(.min)),
        ("int", 1e20, .int(.max)), ("int", -1e20, .int(.min)), ("int", .float(.nan), 0),
        ("int", .float(.infinity), .int(.max)), ("int", .float(-.infinity), .int(.min)),
        ("int", 9.223372036854775E18, 9_223_372_036_854_774_784), ("int", -0.5, 0),
        ("float", "2.2", 2.2), ("float", 2, 2.0), ("float", 2.5, 2.5), ("float", "0x1p3", 8.0), ("float", "1e3", 1000.0),
        ("float", ".5", 0.5), ("float", "5.", 5.0), ("float", "1.5f", 1.5), ("float", "1.5d", 1.5),
        ("float", " 2.5 ", 2.5), ("float", "Infinity", .float(.infinity)), ("float", "-Infinity", .float(-.infinity)),
        ("float", "+Infinity", .float(.infinity)), ("float", "NaN", .float(.nan)), ("float", "-0", .float(-0.0)),
        ("float", "4.9e-324", .float(.leastNonzeroMagnitude)), ("float", "1e400", .float(.infinity)),
        ("float", .int(.max), 9.223372036854775807E18),
        ("string", true, "true"), ("string", false, "false"), ("string", 1, "1"), ("string", -5, "-5"),
        ("string", .int(.min), "-9223372036854775808"), ("string", 2.0, "2.0"), ("string", 1.5, "1.5"),
        ("string", .null, "null"), ("string", "a", "a"), ("string", .float(0.1 + 0.2), "0.30000000000000004"),
        ("string", .float(-0.0), "-0.0"), ("string", 1e7, "1.0E7"), ("string", 1e6, "1000000.0"),
        ("string", 0.001, "0.001"), ("string", 0.0001, "1.0E-4"), ("string", 123_456_789.0, "1.23456789E8"),
        ("string", .float(.leastNonzeroMagnitude), "4.9E-324"), ("string", .float(.nan), "NaN"),
        ("string", .float(-.infinity), "-Infinity"), ("string", .path(RulesPath(parsing: "a/b")), "/a/b"),
        ("string", .path(RulesPath(segments: [])), "/"),
        ("path", "a/b", .path(RulesPath(segments: ["a", "b"]))), ("path", "/a/b/", .path(RulesPath(segments: ["a", "b"]))),
        ("path", "users/{uid}", .path(RulesPath(segments: ["users", "{uid}"]))),
    ]

    @Test(arguments: conversions)
    func conversion(name: String, argument: Value, expected: Value) throws {
        let result = try StringsCall.global(name, [argument])
        #expect(StringsCall.same(result, expected), "\(name)(\(argument)) = \(result)")
    }

    static let badStrings: [(String, String)] = [
        ("int", "1e3"), ("int", "1.5"), ("int", "0x10"), ("int", ""), ("int", " 12"), ("int", "12 "), ("int", "12abc"),
        ("int", "9223372036854775808"), ("int", "-9223372036854775809"), ("int", "+"),
        ("float", "abc"), ("float", "inf"), ("float", "nan"), ("float", "1.2.3"), ("float", "1_000"), ("float", ""),
        ("float", "0x10"), ("float", "Infinityf"), ("float", "1e"),
    ]

    @Test(arguments: badStrings)
    func typeConversionErrors(name: String, text: String) {
        let message = "Type conversion error. Argument: [\(text)], From type: [string], To type: [\(name)]."
        #expect(throws: EvalError(message)) { try StringsCall.global(name, [.string(text)]) }
    }

    static let unsupported: [(String, [Value], String)] = [
        ("int", [true], "Unsupported operation error. Received: int(bool). Expected: int(int), int(float), int(string)."),
        ("int", [.null], "Unsupported operation error. Received: int(null). Expected: int(int), int(float), int(string)."),
        ("int", [1, 2], "Incorrect number of arguments. Received: 2. Expected: int(int), int(float), int(string)."),
        ("int", [], "Incorrect number of arguments. Received: 0. Expected: int(int), int(float), int(string)."),
        (
            "float", [true],
            "Unsupported operation error. Received: float(bool). Expected: float(int), float(float), float(string)."
        ),
        (
            "float", [.null],
            "Unsupported operation error. Received: float(null). Expected: float(int), float(float), float(string)."
        ),
        (
            "string", [[1]],
            "Unsupported operation error. Received: string(list). Expected: string(int), string(float), string(null), string(string), string(bool), string(path)."
        ),
        (
            "string", [["a": 1]],
            "Unsupported operation error. Received: string(map). Expected: string(int), string(float), string(null), string(string), string(bool), string(path)."
        ),
        (
            "string", [.bytes([1])],
            "Unsupported operation error. Received: string(bytes). Expected: string(int), string(float), string(null), string(string), string(bool), string(path)."
        ),
        (
            "string", [.duration(RulesDuration(seconds: 1, nanos: 0))],
            "Unsupported operation error. Received: string(duration). Expected: string(int), string(float), string(null), string(string), string(bool), string(path)."
        ),
        (
            "path", [.path(RulesPath(parsing: "a"))],
            "Unsupported operation error. Received: path(path). Expected: path(string)."
        ),
    ]

    @Test(arguments: unsupported)
    func unsupportedArguments(name: String, arguments: [Value], message: String) {
        #expect(throws: EvalError(message)) { try StringsCall.global(name, arguments) }
    }

    @Test func boolIsNotABuiltin() {
        #expect(BuiltinRegistry.global("bool") == nil)
        #expect(throws: EvalError("Function not found error: Name: [bool].")) { try StringsCall.global("bool", ["true"]) }
    }
}
