import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

private let maxSeconds: Int64 = 315_576_000_000

@Suite struct DurationTests {
    static let cases: [CollectionsCase] = [
        // duration.value in every unit (fact 81)
        .function("duration", "value", [1, "w"], returns: V.duration(604_800)),
        .function("duration", "value", [1, "d"], returns: V.duration(86_400)),
        .function("duration", "value", [1, "h"], returns: V.duration(3600), "fact 81"),
        .function("duration", "value", [60, "m"], returns: V.duration(3600), "fact 81"),
        .function("duration", "value", [3600, "s"], returns: V.duration(3600), "fact 81"),
        .function("duration", "value", [1500, "ms"], returns: V.duration(1, 500_000_000), "fact 83"),
        .function("duration", "value", [-1500, "ms"], returns: V.duration(-1, -500_000_000)),
        .function("duration", "value", [1_000_000_001, "ns"], returns: V.duration(1, 1)),
        .function("duration", "value", [-1, "ns"], returns: V.duration(0, -1)),
        .function("duration", "value", [0, "s"], returns: V.duration(0)),
        .function("duration", "value", [-10, "s"], returns: V.duration(-10)),
        .function("duration", "value", [.int(maxSeconds), "s"], returns: V.duration(maxSeconds), "upper bound"),
        .function("duration", "value", [.int(-maxSeconds), "s"], returns: V.duration(-maxSeconds), "lower bound"),
        .function("duration", "value", [.int(.max), "ns"], returns: V.duration(9_223_372_036, 854_775_807)),
        .function("duration", "value", [.int(.max), "ms"], throws: EvalError.durationOutOfRange.message),
        .function("duration", "value", [-315_576_000_000_999, "ms"], returns: V.duration(-maxSeconds, -999_000_000)),
        .function("duration", "value", [-315_576_001_000_000, "ms"], throws: EvalError.durationOutOfRange.message),
        .function(
            "duration", "value", [.int(maxSeconds + 1), "s"], throws: EvalError.durationOutOfRange.message,
            "beyond the range"),
        .function("duration", "value", [521_786, "w"], throws: EvalError.durationOutOfRange.message),
        .function("duration", "value", [.int(.max), "w"], throws: EvalError.durationOutOfRange.message, "overflow"),
        .function("duration", "value", [.int(.min), "h"], throws: EvalError.durationOutOfRange.message, "overflow"),
        .function(
            "duration", "value", [1, "y"], throws: "Invalid duration unit: y. Expected one of: w, d, h, m, s, ms, ns.",
            "fact 84"),
        .function(
            "duration", "value", [1, "S"], throws: "Invalid duration unit: S. Expected one of: w, d, h, m, s, ms, ns."),
        .function(
            "duration", "value", [1, ""], throws: "Invalid duration unit: . Expected one of: w, d, h, m, s, ms, ns."),
        .function(
            "duration", "value", [1.5, "s"],
            throws:
                "Unsupported operation error. Received: duration.value(float, string). Expected: duration.value(int, string)."
        ),
        .function(
            "duration", "value", [1],
            throws: "Incorrect number of arguments. Received: 1. Expected: duration.value(int, string)."),
        // duration.time
        .function("duration", "time", [4, 3, 2, 1], returns: V.duration(14_582, 1)),
        .function("duration", "time", [1, 30, 0, 5], returns: V.duration(5400, 5)),
        .function("duration", "time", [0, 0, 0, 1_500_000_000], returns: V.duration(1, 500_000_000), "nanos carry"),
        .function("duration", "time", [0, 0, 1, -1], returns: V.duration(0, 999_999_999), "mixed signs"),
        .function("duration", "time", [-1, 0, 0, 0], returns: V.duration(-3600)),
        .function("duration", "time", [0, -1, 30, 0], returns: V.duration(-30)),
        .function("duration", "time", [87_660_000, 0, 0, 0], returns: V.duration(maxSeconds), "upper bound"),
        .function("duration", "time", [87_660_000, 0, 1, 0], throws: EvalError.durationOutOfRange.message),
        .function("duration", "time", [.int(.max), 0, 0, 0], throws: EvalError.durationOutOfRange.message),
        .function(
            "duration", "time", [.int(.max / 3600), .int(.max / 60), 0, 0], throws: EvalError.durationOutOfRange.message
        ),
        .function(
            "duration", "time", [1, 2, 3],
            throws: "Incorrect number of arguments. Received: 3. Expected: duration.time(int, int, int, int)."),
        // duration.abs (fact 82)
        .function("duration", "abs", [V.duration(-10)], returns: V.duration(10), "fact 82"),
        .function("duration", "abs", [V.duration(10)], returns: V.duration(10)),
        .function("duration", "abs", [V.duration(0, -5)], returns: V.duration(0, 5)),
        .function(
            "duration", "abs", [V.duration(-maxSeconds, -999_999_999)], returns: V.duration(maxSeconds, 999_999_999)),
        .function(
            "duration", "abs", [10],
            throws: "Unsupported operation error. Received: duration.abs(int). Expected: duration.abs(duration)."),
        // methods (fact 83)
        .method(V.duration(5400), "seconds", returns: 5400),
        .method(V.duration(1, 500_000_000), "seconds", returns: 1, "fact 83"),
        .method(V.duration(1, 500_000_000), "nanos", returns: 500_000_000, "fact 83"),
        .method(V.duration(-1, -500_000_000), "seconds", returns: -1),
        .method(V.duration(-1, -500_000_000), "nanos", returns: -500_000_000),
        .method(V.duration(5400, 5), "nanos", returns: 5),
        .method(
            V.duration(1), "seconds", [1],
            throws: "Incorrect number of arguments. Received: 1. Expected: duration.seconds()."),
        .method(V.duration(1), "hours", throws: "Function not found error: Name: [hours]."),
        .method(V.duration(1), "toMillis", throws: "Function not found error: Name: [toMillis]."),
    ]

    @Test(arguments: cases)
    func durationBuiltin(_ testCase: CollectionsCase) {
        testCase.check()
    }

    @Test func fact81UnitsAgree() throws {
        func make(_ magnitude: Int64, _ unit: String) throws -> Value {
            try CollectionsCase.function("duration", "value", [.int(magnitude), .string(unit)], returns: nil).run()
                .get()
        }
        #expect(try make(1, "h").rulesEquals(make(60, "m")))
        #expect(try make(60, "m").rulesEquals(make(3600, "s")))
        #expect(try make(1, "w").rulesEquals(make(7, "d")))
        #expect(try make(1, "s").rulesEquals(make(1000, "ms")))
        #expect(try make(1, "ms").rulesEquals(make(1_000_000, "ns")))
        #expect(try !make(1, "h").rulesEquals(make(59, "m")))
    }

    @Test(
        arguments: [
            (0, 0, "0s"), (90, 0, "90s"), (1, 500_000_000, "1.5s"), (-1, -500_000_000, "-1.5s"),
            (0, -1, "-0.000000001s"),
            (0, 250_000, "0.00025s"), (-3600, 0, "-3600s"), (315_576_000_000, 999_999_999, "315576000000.999999999s"),
        ] as [(Int64, Int64, String)])
    func text(seconds: Int64, nanos: Int64, expected: String) {
        #expect(RulesDuration(seconds: seconds, nanos: nanos).text == expected)
    }
}
