// There is deliberately no `bool()`: it is documented but absent in production,
// where every call fails with `Function not found error: Name: [bool].`
extension BuiltinRegistry {
    static let conversionBuiltins: [Builtin] = [
        Builtin(
            "int", on: .global, signatures: [Signature([.int]), Signature([.float]), Signature([.string])],
            summary: "An int from an int, a float (truncated toward zero, saturated, NaN is 0) or a strict decimal string.",
            examples: [
                .true("int('2') == 2 && int(2.0) == 2"),
                .true("int(-2.9) == -2 && int(2.9) == 2"),
                .true("int('007') == 7 && int('+3') == 3 && int('-0') == 0"),
                .true("int('-9223372036854775808') == -9223372036854775807 - 1"),
                .true("int(float('1e20')) == 9223372036854775807"),
                .true("int(float('-1e20')) == -9223372036854775807 - 1"),
                .true("int(float('NaN')) == 0"),
                .true("int(7) == 7"),
                .error(
                    "int('1e3') != 0",
                    "Type conversion error. Argument: [1e3], From type: [string], To type: [int]."),
                .error(
                    "int(' 12')", "Type conversion error. Argument: [ 12], From type: [string], To type: [int]."),
                .error(
                    "int('9223372036854775808')",
                    "Type conversion error. Argument: [9223372036854775808], From type: [string], To type: [int]."),
                .error(
                    "int(true)",
                    "Unsupported operation error. Received: int(bool). Expected: int(int), int(float), int(string)."),
                .error(
                    "int(null)",
                    "Unsupported operation error. Received: int(null). Expected: int(int), int(float), int(string)."),
                .error(
                    "int(1, 2)",
                    "Incorrect number of arguments. Received: 2. Expected: int(int), int(float), int(string)."),
            ]
        ) { call throws(EvalError) in
            switch call[0] {
            case .int(let value): return .int(value)
            case .float(let value): return .int(ConversionSupport.javaLong(value))
            case .string(let text):
                guard let value = JavaNumber.parseInt(text) else {
                    throw .typeConversion(argument: text, from: "string", to: "int")
                }
                return .int(value)
            default: throw ConversionSupport.unexpected(call, "int")
            }
        },
        Builtin(
            "float", on: .global, signatures: [Signature([.int]), Signature([.float]), Signature([.string])],
            summary: "A float from an int, a float or a string read like Java's Double.parseDouble.",
            examples: [
                .true("float('2.2') == 2.2 && float(2) == 2.0"),
                .true("float(2) is float"),
                .true("float('0x1p3') == 8.0"),
                .true("float('1e3') == 1000.0 && float('.5') == 0.5 && float('5.') == 5.0"),
                .true("float('1.5f') == 1.5 && float('1.5d') == 1.5"),
                .true("float(' 2.5 ') == 2.5"),
                .true("float('Infinity') > 0 && float('-Infinity') < 0 && float('+Infinity') > 0"),
                .true("float('NaN') != float('NaN')"),
                .error(
                    "float('inf')", "Type conversion error. Argument: [inf], From type: [string], To type: [float]."),
                .error(
                    "float('1_000')",
                    "Type conversion error. Argument: [1_000], From type: [string], To type: [float]."),
                .error("float('')", "Type conversion error. Argument: [], From type: [string], To type: [float]."),
                .error(
                    "float(true)",
                    "Unsupported operation error. Received: float(bool). Expected: float(int), float(float), float(string)."
                ),
            ]
        ) { call throws(EvalError) in
            switch call[0] {
            case .int(let value): return .float(Double(value))
            case .float(let value): return .float(value)
            case .string(let text):
                guard let value = JavaNumber.parseDouble(text) else {
                    throw .typeConversion(argument: text, from: "string", to: "float")
                }
                return .float(value)
            default: throw ConversionSupport.unexpected(call, "float")
            }
        },
        Builtin(
            "string", on: .global,
            signatures: [
                Signature([.int]), Signature([.float]), Signature([.null]), Signature([.string]), Signature([.bool]),
                Signature([.path]),
            ],
            summary: "The text of an int, float (Java's Double.toString), null, string, bool or path.",
            examples: [
                .true("string(true) == 'true' && string(1) == '1' && string(2.0) == '2.0' && string(null) == 'null'"),
                .true("string(-5) == '-5' && string(1.5) == '1.5' && string('a') == 'a'"),
                .true("string(0.1 + 0.2) == '0.30000000000000004'"),
                .true("string(-0.0) == '-0.0'"),
                .true("string(float('1e7')) == '1.0E7'"),
                .true("string(float('1e6')) == '1000000.0'"),
                .true("string(0.001) == '0.001' && string(0.0001) == '1.0E-4'"),
                .true("string(123456789.0) == '1.23456789E8'"),
                .true("string(float('4.9e-324')) == '4.9E-324'"),
                .true("string(float('NaN')) == 'NaN' && string(float('-Infinity')) == '-Infinity'"),
                .true("string(path('a/b')) == '/a/b'"),
                .error(
                    "string([1])",
                    "Unsupported operation error. Received: string(list). Expected: string(int), string(float), string(null), string(string), string(bool), string(path)."
                ),
            ]
        ) { call throws(EvalError) in
            switch call[0] {
            case .int(let value): return .string(String(value))
            case .float(let value): return .string(JavaNumber.format(value))
            case .null: return .string("null")
            case .string(let text): return .string(text)
            case .bool(let value): return .string(value ? "true" : "false")
            case .path(let path): return .string(path.description)
            default: throw ConversionSupport.unexpected(call, "string")
            }
        },
        Builtin(
            "path", on: .global, signatures: [Signature([.string])],
            summary: "A path from its text (leading, trailing and repeated slashes ignored).",
            examples: [
                .true("path('a/b') == path('/a/b')"),
                .true("path('users/alice')[1] == 'alice'"),
                .true("path('a/b') is path"),
                .error(
                    "path(path('a'))", "Unsupported operation error. Received: path(path). Expected: path(string)."),
            ]
        ) { call throws(EvalError) in
            guard case .string(let text) = call[0] else { throw ConversionSupport.unexpected(call, "path") }
            return .path(RulesPath(parsing: text))
        },
    ]
}

/// Helpers of the conversion functions.
enum ConversionSupport {
    /// Java's `(long) double`: truncation toward zero, saturation at the
    /// int64 bounds, NaN to 0.
    static func javaLong(_ value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value >= 9_223_372_036_854_775_808.0 { return .max }
        if value <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(value.rounded(.towardZero))
    }

    /// The unsupported-operation error for arguments no signature takes.
    static func unexpected(_ call: BuiltinCall, _ name: String) -> EvalError {
        let builtin = BuiltinRegistry.global(name)
        return .unsupported(
            received: "\(name)(\(call.arguments.map(\.type.name).joined(separator: ", ")))",
            expected: builtin?.signatureTexts ?? [])
    }
}
