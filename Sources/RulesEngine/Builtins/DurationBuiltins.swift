extension BuiltinRegistry {
    /// The `duration` namespace and the methods of durations.
    static let durationBuiltins: [Builtin] = [
        Builtin(
            "value", on: .namespace("duration"), signatures: [Signature([.int, .string])],
            summary: "A duration of a magnitude in a unit: w, d, h, m, s, ms or ns.",
            examples: [
                .true(
                    "duration.value(1, 'h') == duration.value(60, 'm') && duration.value(60, 'm') == duration.value(3600, 's')"
                ),
                .true(
                    "duration.value(1, 'w') == duration.value(7, 'd') && duration.value(1, 'd') == duration.value(24, 'h')"
                ),
                .true("duration.value(1500, 'ms').seconds() == 1 && duration.value(1500, 'ms').nanos() == 500000000"),
                .true("duration.value(-1, 'ns').nanos() == -1"),
                .error("duration.value(1, 'y')", EvalError.invalidDurationUnit("y").message),
            ]
        ) { call throws(EvalError) in
            .duration(try durationValue(ValueCast.int(call[0]), unit: ValueCast.string(call[1])))
        },
        Builtin(
            "time", on: .namespace("duration"), signatures: [Signature([.int, .int, .int, .int])],
            summary: "A duration of hours, minutes, seconds and nanoseconds.",
            examples: [
                .true("duration.time(4, 3, 2, 1) == duration.value(14582000000001, 'ns')"),
                .true("duration.time(1, 30, 0, 5).nanos() == 5 && duration.time(1, 30, 0, 5).seconds() == 5400"),
            ]
        ) { call throws(EvalError) in
            .duration(
                try durationTime(
                    hours: ValueCast.int(call[0]), minutes: ValueCast.int(call[1]),
                    seconds: ValueCast.int(call[2]), nanos: ValueCast.int(call[3])))
        },
        Builtin(
            "abs", on: .namespace("duration"), signatures: [Signature([.duration])],
            summary: "The absolute value of a duration.",
            examples: [
                .true("duration.abs(duration.value(-10, 's')) == duration.value(10, 's')"),
                .true("duration.abs(duration.value(10, 's')) == duration.value(10, 's')"),
                .error(
                    "duration.abs(10)",
                    "Unsupported operation error. Received: duration.abs(int). Expected: duration.abs(duration)."),
            ]
        ) { call throws(EvalError) in
            .duration(try ValueCast.duration(call[0]).magnitude())
        },
        Builtin(
            "seconds", on: .method(.duration), signatures: [Signature([])],
            summary: "The whole seconds (truncated toward zero).",
            examples: [
                .true("duration.value(90, 'm').seconds() == 5400"),
                .true("duration.value(-1500, 'ms').seconds() == -1"),
            ]
        ) { call throws(EvalError) in
            .int(try ValueCast.duration(ValueCast.receiver(call)).seconds)
        },
        Builtin(
            "nanos", on: .method(.duration), signatures: [Signature([])],
            summary: "The nanoseconds beyond the whole seconds (same sign as the duration).",
            examples: [
                .true("duration.value(1500, 'ms').nanos() == 500000000"),
                .true("duration.value(-1500, 'ms').nanos() == -500000000"),
            ]
        ) { call throws(EvalError) in
            .int(Int64(try ValueCast.duration(ValueCast.receiver(call)).nanos))
        },
    ]

    /// `duration.value(magnitude, unit)`, range-checked.
    private static func durationValue(_ magnitude: Int64, unit: String) throws(EvalError) -> RulesDuration {
        let secondsPerUnit: Int64
        switch unit {
        case "w": secondsPerUnit = 604_800
        case "d": secondsPerUnit = 86_400
        case "h": secondsPerUnit = 3_600
        case "m": secondsPerUnit = 60
        case "s": secondsPerUnit = 1
        case "ms": return try RulesDuration.checked(seconds: magnitude / 1000, nanos: magnitude % 1000 * 1_000_000)
        case "ns": return try RulesDuration.checked(seconds: 0, nanos: magnitude)
        default: throw .invalidDurationUnit(unit)
        }
        let (seconds, overflow) = magnitude.multipliedReportingOverflow(by: secondsPerUnit)
        guard !overflow else { throw .durationOutOfRange }
        return try RulesDuration.checked(seconds: seconds, nanos: 0)
    }

    /// `duration.time(hours, minutes, seconds, nanos)`, range-checked.
    private static func durationTime(hours: Int64, minutes: Int64, seconds: Int64, nanos: Int64) throws(EvalError)
        -> RulesDuration
    {
        let (hourSeconds, overflowHours) = hours.multipliedReportingOverflow(by: 3600)
        let (minuteSeconds, overflowMinutes) = minutes.multipliedReportingOverflow(by: 60)
        let (partial, overflowPartial) = hourSeconds.addingReportingOverflow(minuteSeconds)
        let (total, overflowTotal) = partial.addingReportingOverflow(seconds)
        guard !(overflowHours || overflowMinutes || overflowPartial || overflowTotal) else {
            throw .durationOutOfRange
        }
        return try RulesDuration.checked(seconds: total, nanos: nanos)
    }
}

extension EvalError {
    /// `duration.value` with a unit other than w, d, h, m, s, ms or ns.
    /// (The service's wording is unknown; this text is the project's.)
    public static func invalidDurationUnit(_ unit: String) -> EvalError {
        EvalError("Invalid duration unit: \(unit). Expected one of: w, d, h, m, s, ms, ns.")
    }
}
