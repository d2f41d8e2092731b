extension BuiltinRegistry {
    /// The `timestamp` namespace and the methods of timestamps (all in UTC).
    static let timestampBuiltins: [Builtin] = [
        Builtin(
            "date", on: .namespace("timestamp"), signatures: [Signature([.int, .int, .int])],
            summary: "Midnight UTC of a year, month and day.",
            examples: [
                .true("timestamp.date(1984, 1, 2) == timestamp.value(441849600000)"),
                .true("timestamp.date(2020, 1, 1).year() == 2020"),
                .true("timestamp.date(2024, 2, 29).dayOfYear() == 60"),
                .error("timestamp.date(2023, 2, 29)", "Invalid date. Received: timestamp.date(2023, 2, 29)."),
            ]
        ) { call throws(EvalError) in
            let date = CivilDate(
                year: try ValueCast.int(call[0]), month: try ValueCast.int(call[1]), day: try ValueCast.int(call[2]))
            guard (1...9999).contains(date.year),
                CivilCalendar.isValid(year: date.year, month: date.month, day: date.day)
            else { throw .invalidDate(date) }
            return .timestamp(Timestamp(midnightOf: date))
        },
        Builtin(
            "value", on: .namespace("timestamp"), signatures: [Signature([.int])],
            summary: "The instant a number of milliseconds after the Unix epoch (before it if negative).",
            examples: [
                .true("timestamp.value(0).toMillis() == 0"),
                .true("timestamp.value(-1500).year() == 1969 && timestamp.value(-1500).seconds() == 58"),
                .true("timestamp.value(60000) - timestamp.value(0) == duration.value(60, 's')"),
                .error("timestamp.value(253402300800000)", EvalError.timestampOutOfRange.message),
            ]
        ) { call throws(EvalError) in
            .timestamp(try Timestamp.fromEpochMilliseconds(ValueCast.int(call[0])))
        },
        component("year", "The year, 1 … 9999.", example: "timestamp.date(2020, 5, 6).year() == 2020") {
            $0.civilDate.year
        },
        component("month", "The month, 1 … 12.", example: "timestamp.date(2020, 5, 6).month() == 5") {
            $0.civilDate.month
        },
        component("day", "The day of the month, 1 … 31.", example: "timestamp.date(2020, 5, 6).day() == 6") {
            $0.civilDate.day
        },
        component("hours", "The hour of the day, 0 … 23.", example: "timestamp.value(5400000).hours() == 1") {
            $0.secondOfDay / 3600
        },
        component("minutes", "The minute of the hour, 0 … 59.", example: "timestamp.value(5400000).minutes() == 30") {
            $0.secondOfDay % 3600 / 60
        },
        component(
            "seconds", "The second of the minute, 0 … 59 (not seconds since the epoch).",
            example: "timestamp.value(-1500).seconds() == 58"
        ) {
            $0.secondOfDay % 60
        },
        component(
            "nanos", "The nanoseconds into the second.", example: "timestamp.value(-1500).nanos() == 500000000"
        ) {
            Int64($0.nanos)
        },
        component(
            "dayOfWeek", "The day of the week, 1 (Monday) … 7 (Sunday).",
            example: "timestamp.value(0).dayOfWeek() == 4 && timestamp.date(2024, 1, 7).dayOfWeek() == 7"
        ) {
            CivilCalendar.dayOfWeek(fromDays: $0.epochDay)
        },
        component(
            "dayOfYear", "The day of the year, 1 … 366.", example: "timestamp.date(2024, 12, 31).dayOfYear() == 366"
        ) {
            CivilCalendar.dayOfYear(of: $0.civilDate)
        },
        Builtin(
            "toMillis", on: .method(.timestamp), signatures: [Signature([])],
            summary: "Milliseconds since the Unix epoch (floored before it).",
            examples: [
                .true("timestamp.value(-1500).toMillis() == -1500"),
                .true("timestamp.date(1970, 1, 2).toMillis() == 86400000"),
            ]
        ) { call throws(EvalError) in
            let timestamp = try ValueCast.timestamp(ValueCast.receiver(call))
            guard let millis = timestamp.checkedEpochMilliseconds else { throw .timestampOutOfRange }
            return .int(millis)
        },
        Builtin(
            "date", on: .method(.timestamp), signatures: [Signature([])],
            summary: "Midnight UTC of the same day.",
            examples: [
                .true("timestamp.value(90000000).date() == timestamp.date(1970, 1, 2)"),
                .true("timestamp.value(-1).date() == timestamp.date(1969, 12, 31)"),
            ]
        ) { call throws(EvalError) in
            let timestamp = try ValueCast.timestamp(ValueCast.receiver(call))
            return .timestamp(Timestamp(seconds: timestamp.epochDay &* CivilCalendar.secondsPerDay))
        },
        Builtin(
            "time", on: .method(.timestamp), signatures: [Signature([])],
            summary: "The time since midnight UTC, as a duration.",
            examples: [
                .true("timestamp.value(90000000).time() == duration.value(3600, 's')"),
                .true("timestamp.value(-1500).time() == duration.time(23, 59, 58, 500000000)"),
            ]
        ) { call throws(EvalError) in
            let timestamp = try ValueCast.timestamp(ValueCast.receiver(call))
            return .duration(RulesDuration(seconds: timestamp.secondOfDay, nanos: Int64(timestamp.nanos)))
        },
    ]

    /// A timestamp method without arguments returning an int component.
    private static func component(
        _ name: String, _ summary: String, example: String,
        _ value: @escaping @Sendable (Timestamp) -> Int64
    ) -> Builtin {
        Builtin(
            name, on: .method(.timestamp), signatures: [Signature([])], summary: summary,
            examples: [
                .true(example),
                .error(
                    "timestamp.value(0).\(name)(1)",
                    "Incorrect number of arguments. Received: 1. Expected: timestamp.\(name)()."),
            ]
        ) { call throws(EvalError) in
            .int(value(try ValueCast.timestamp(ValueCast.receiver(call))))
        }
    }
}

extension EvalError {
    /// `timestamp.date` with a day that does not exist or a year outside 1 … 9999.
    /// (The service's wording is unknown; this text is the project's.)
    public static func invalidDate(_ date: CivilDate) -> EvalError {
        EvalError("Invalid date. Received: timestamp.date(\(date.year), \(date.month), \(date.day)).")
    }
}
