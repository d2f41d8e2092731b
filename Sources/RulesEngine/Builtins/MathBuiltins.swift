#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension BuiltinRegistry {
    /// The `math` namespace, as production behaves: `ceil` and `floor` return
    /// floats, `round` follows Java's `Math.round`, and there is no `isInfinite`.
    static let mathBuiltins: [Builtin] = [
        Builtin(
            "abs", on: .namespace("math"), signatures: [Signature([.int]), Signature([.float])],
            summary: "The absolute value, keeping the type (the smallest int stays itself).",
            examples: [
                .true("math.abs(-1) == 1"),
                .true("math.abs(-2) is int && math.abs(-2.5) is float"),
                .true("math.abs(-2.5) == 2.5"),
                .true("math.abs(-9223372036854775807 - 1) == -9223372036854775807 - 1"),
                .error(
                    "math.abs('a')",
                    "Unsupported operation error. Received: math.abs(string). Expected: math.abs(int), math.abs(float)."
                ),
                .error(
                    "math.abs(1, 2)",
                    "Incorrect number of arguments. Received: 2. Expected: math.abs(int), math.abs(float)."),
            ]
        ) { call throws(EvalError) in
            switch call[0] {
            case .int(let value): .int(value < 0 ? 0 &- value : value)
            default: .float(try ValueCast.number(call[0]).magnitude)
            }
        },
        Builtin(
            "ceil", on: .namespace("math"), signatures: [Signature([.float])],
            summary: "The smallest integral value not below the argument, as a float.",
            examples: [
                .true("math.ceil(2.1) == 3 && math.floor(2.7) == 2"),
                .true("math.ceil(1.5) == 2 && math.ceil(1.5) is float"),
                .true("math.ceil(1) is float"),
                .error(
                    "math.ceil('a')",
                    "Unsupported operation error. Received: math.ceil(string). Expected: math.ceil(float)."),
            ]
        ) { call throws(EvalError) in
            .float(try ValueCast.number(call[0]).rounded(.up))
        },
        Builtin(
            "floor", on: .namespace("math"), signatures: [Signature([.float])],
            summary: "The largest integral value not above the argument, as a float.",
            examples: [
                .true("math.floor(-1.5) == -2"),
                .true("math.floor(1) is float"),
                .error(
                    "math.floor(null)",
                    "Unsupported operation error. Received: math.floor(null). Expected: math.floor(float)."),
            ]
        ) { call throws(EvalError) in
            .float(try ValueCast.number(call[0]).rounded(.down))
        },
        Builtin(
            "round", on: .namespace("math"), signatures: [Signature([.float])],
            summary: "The nearest int, halves rounding up (Java Math.round); NaN gives 0.",
            examples: [
                .true("math.round(2.5) == 3 && math.round(-2.5) == -2"),
                .true("math.round(2.4) == 2"),
                .true("math.round(-1.5) == -1 && math.round(0.5) == 1 && math.round(-0.5) == 0"),
                .true("math.round(2.5) is int"),
                .true("math.round(float('NaN')) == 0"),
                .true("math.round(float('Infinity')) == 9223372036854775807"),
            ]
        ) { call throws(EvalError) in
            switch call[0] {
            case .int(let value): .int(value)
            default: .int(javaRound(try ValueCast.number(call[0])))
            }
        },
        Builtin(
            "sqrt", on: .namespace("math"), signatures: [Signature([.float])],
            summary: "The square root, as a float (NaN for negative arguments).",
            examples: [
                .true("math.sqrt(2.25) == 1.5"),
                .true("math.sqrt(4) == 2.0 && math.sqrt(4) is float"),
                .true("math.isNaN(math.sqrt(-1))"),
                .error("math.sqrt()", "Incorrect number of arguments. Received: 0. Expected: math.sqrt(float)."),
                .error(
                    "math.sqrt('a')",
                    "Unsupported operation error. Received: math.sqrt(string). Expected: math.sqrt(float)."),
            ]
        ) { call throws(EvalError) in
            .float(try ValueCast.number(call[0]).squareRoot())
        },
        Builtin(
            "pow", on: .namespace("math"), signatures: [Signature([.float, .float])],
            summary: "The base raised to the exponent, as a float.",
            examples: [
                .true("math.pow(1.5, 2) == 2.25 && math.pow(4, 0.5) == 2"),
                .true("math.pow(2, 3) == 8.0 && math.pow(2, 3) is float"),
                .true("math.pow(2, -1) == 0.5"),
                .true("math.pow(0, -1) == float('Infinity')"),
                .error(
                    "math.pow(2, 'a')",
                    "Unsupported operation error. Received: math.pow(int, string). Expected: math.pow(float, float)."),
            ]
        ) { call throws(EvalError) in
            .float(javaPow(try ValueCast.number(call[0]), try ValueCast.number(call[1])))
        },
        Builtin(
            "isNaN", on: .namespace("math"), signatures: [Signature([.float])],
            summary: "Whether the number is NaN (ints never are).",
            examples: [
                .true("math.isNaN(math.sqrt(-1))"),
                .true("!math.isNaN(1) && !math.isNaN(1.5)"),
                .true("math.isNaN(float('NaN'))"),
                .error(
                    "math.isNaN('a')",
                    "Unsupported operation error. Received: math.isNaN(string). Expected: math.isNaN(float)."),
                .error("math.isInfinite(1.0) == false", "Function not found error: Name: [math.isInfinite]."),
            ]
        ) { call throws(EvalError) in
            .bool(try ValueCast.number(call[0]).isNaN)
        },
    ]

    /// Java's `Math.round(double)`: the nearest long, ties toward positive
    /// infinity, NaN to 0, saturating at the long range.
    private static func javaRound(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let floor = value.rounded(.down)
        // Comparing the remainder avoids the double rounding of `floor(x + 0.5)`
        // (0.49999999999999994 rounds to 0, as in Java 7 and later).
        let rounded = value - floor >= 0.5 ? floor + 1 : floor
        if rounded >= 9_223_372_036_854_775_808.0 { return .max }
        if rounded < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(rounded)
    }

    /// Java's `Math.pow`, which differs from C's `pow` only for `1 ** NaN`
    /// and `±1 ** ±Infinity` (NaN in Java, 1 in C).
    private static func javaPow(_ base: Double, _ exponent: Double) -> Double {
        if exponent.isNaN { return .nan }
        if base.magnitude == 1 && exponent.isInfinite { return .nan }
        return pow(base, exponent)
    }
}
