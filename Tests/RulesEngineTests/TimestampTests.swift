import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

/// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z in epoch seconds.
private let firstSecond: Int64 = -62_135_596_800
private let lastSecond: Int64 = 253_402_300_799

@Suite struct TimestampTests {
    static let functionCases: [CollectionsCase] = [
        // timestamp.date
        .function("timestamp", "date", [1984, 1, 2], returns: V.timestamp(5114 * 86_400), "R-timestamp"),
        .function("timestamp", "date", [1970, 1, 1], returns: V.timestamp(0)),
        .function("timestamp", "date", [1, 1, 1], returns: V.timestamp(firstSecond), "first day"),
        .function("timestamp", "date", [9999, 12, 31], returns: V.timestamp(2_932_896 * 86_400), "last day"),
        .function("timestamp", "date", [2000, 2, 29], returns: V.timestamp(11_016 * 86_400), "leap year"),
        .function("timestamp", "date", [1600, 2, 29], returns: V.timestamp(-135_081 * 86_400), "400-year leap"),
        .function("timestamp", "date", [1969, 12, 31], returns: V.timestamp(-86_400)),
        .function(
            "timestamp", "date", [1900, 2, 29],
            throws: "Invalid date. Received: timestamp.date(1900, 2, 29).", "century is not leap"),
        .function(
            "timestamp", "date", [2023, 2, 29], throws: "Invalid date. Received: timestamp.date(2023, 2, 29)."),
        .function("timestamp", "date", [2023, 4, 31], throws: "Invalid date. Received: timestamp.date(2023, 4, 31)."),
        .function("timestamp", "date", [2023, 13, 1], throws: "Invalid date. Received: timestamp.date(2023, 13, 1)."),
        .function("timestamp", "date", [2023, 0, 1], throws: "Invalid date. Received: timestamp.date(2023, 0, 1)."),
        .function("timestamp", "date", [2023, 1, 0], throws: "Invalid date. Received: timestamp.date(2023, 1, 0)."),
        .function("timestamp", "date", [0, 1, 1], throws: "Invalid date. Received: timestamp.date(0, 1, 1)."),
        .function("timestamp", "date", [10000, 1, 1], throws: "Invalid date. Received: timestamp.date(10000, 1, 1)."),
        .function(
            "timestamp", "date", [.int(.min), 1, 1],
            throws: "Invalid date. Received: timestamp.date(-9223372036854775808, 1, 1)."),
        .function(
            "timestamp", "date", [2020, 1, 1.0],
            throws:
                "Unsupported operation error. Received: timestamp.date(int, int, float). Expected: timestamp.date(int, int, int)."
        ),
        .function(
            "timestamp", "date", [2020, 1],
            throws: "Incorrect number of arguments. Received: 2. Expected: timestamp.date(int, int, int)."),
        // timestamp.value
        .function("timestamp", "value", [0], returns: V.timestamp(0)),
        .function("timestamp", "value", [60_000], returns: V.timestamp(60)),
        .function("timestamp", "value", [-1500], returns: V.timestamp(-2, 500_000_000), "pre-epoch"),
        .function("timestamp", "value", [-1], returns: V.timestamp(-1, 999_000_000)),
        .function("timestamp", "value", [-62_135_596_800_000], returns: V.timestamp(firstSecond), "minimum"),
        .function("timestamp", "value", [253_402_300_799_999], returns: V.timestamp(lastSecond, 999_000_000)),
        .function(
            "timestamp", "value", [-62_135_596_800_001], throws: EvalError.timestampOutOfRange.message, "below minimum"),
        .function(
            "timestamp", "value", [253_402_300_800_000], throws: EvalError.timestampOutOfRange.message, "above maximum"),
        .function("timestamp", "value", [.int(.max)], throws: EvalError.timestampOutOfRange.message),
        .function("timestamp", "value", [.int(.min)], throws: EvalError.timestampOutOfRange.message),
        .function(
            "timestamp", "value", ["0"],
            throws: "Unsupported operation error. Received: timestamp.value(string). Expected: timestamp.value(int)."),
    ]

    @Test(arguments: functionCases)
    func timestampFunction(_ testCase: CollectionsCase) {
        testCase.check()
    }

    /// 2024-02-29T13:45:30.123456789Z.
    static let sample = V.timestamp(19_782 * 86_400 + 13 * 3600 + 45 * 60 + 30, 123_456_789)
    /// timestamp.value(-1500) = 1969-12-31T23:59:58.5Z.
    static let preEpoch = V.timestamp(-2, 500_000_000)
    static let first = V.timestamp(firstSecond)
    static let last = V.timestamp(lastSecond, 999_999_999)

    static let methodCases: [CollectionsCase] = [
        .method(sample, "year", returns: 2024),
        .method(sample, "month", returns: 2),
        .method(sample, "day", returns: 29),
        .method(sample, "hours", returns: 13),
        .method(sample, "minutes", returns: 45),
        .method(sample, "seconds", returns: 30, "of the minute"),
        .method(sample, "nanos", returns: 123_456_789),
        .method(sample, "dayOfWeek", returns: 4, "Thursday"),
        .method(sample, "dayOfYear", returns: 60),
        .method(sample, "toMillis", returns: 1_709_214_330_123),
        .method(sample, "date", returns: V.timestamp(19_782 * 86_400)),
        .method(sample, "time", returns: V.duration(13 * 3600 + 45 * 60 + 30, 123_456_789)),
        // pre-epoch (fact 88)
        .method(preEpoch, "year", returns: 1969, "fact 88"),
        .method(preEpoch, "month", returns: 12),
        .method(preEpoch, "day", returns: 31),
        .method(preEpoch, "hours", returns: 23),
        .method(preEpoch, "minutes", returns: 59),
        .method(preEpoch, "seconds", returns: 58, "fact 88"),
        .method(preEpoch, "nanos", returns: 500_000_000),
        .method(preEpoch, "toMillis", returns: -1500),
        .method(preEpoch, "dayOfWeek", returns: 3, "Wednesday"),
        .method(preEpoch, "dayOfYear", returns: 365),
        .method(preEpoch, "date", returns: V.timestamp(-86_400)),
        .method(preEpoch, "time", returns: V.duration(86_398, 500_000_000)),
        .method(V.timestamp(0), "toMillis", returns: 0, "fact 87"),
        .method(V.timestamp(0), "dayOfWeek", returns: 4, "1970-01-01 was a Thursday"),
        .method(V.timestamp(-1, 999_999_999), "toMillis", returns: -1, "floored"),
        // range ends
        .method(first, "year", returns: 1),
        .method(first, "month", returns: 1),
        .method(first, "day", returns: 1),
        .method(first, "dayOfWeek", returns: 1, "0001-01-01 was a Monday"),
        .method(first, "toMillis", returns: -62_135_596_800_000),
        .method(last, "year", returns: 9999),
        .method(last, "month", returns: 12),
        .method(last, "day", returns: 31),
        .method(last, "hours", returns: 23),
        .method(last, "minutes", returns: 59),
        .method(last, "seconds", returns: 59),
        .method(last, "nanos", returns: 999_999_999),
        .method(last, "dayOfWeek", returns: 5, "Friday"),
        .method(last, "dayOfYear", returns: 365),
        .method(last, "toMillis", returns: 253_402_300_799_999),
        .method(last, "time", returns: V.duration(86_399, 999_999_999)),
        // calendar edge cases
        .method(V.timestamp(-25_508 * 86_400), "day", returns: 1, "1900-03-01"),
        .method(V.timestamp(-25_508 * 86_400), "dayOfYear", returns: 60, "1900 is not leap"),
        .method(V.timestamp(-718_008 * 86_400), "dayOfYear", returns: 60, "0004-02-29"),
        .method(V.timestamp(-718_008 * 86_400), "dayOfWeek", returns: 7, "Sunday"),
        .method(V.timestamp(47_541 * 86_400), "dayOfWeek", returns: 1, "2100-03-01 is a Monday"),
        // errors
        .method(sample, "year", [1], throws: "Incorrect number of arguments. Received: 1. Expected: timestamp.year()."),
        .method(
            sample, "toMillis", [1],
            throws: "Incorrect number of arguments. Received: 1. Expected: timestamp.toMillis()."),
        .method(sample, "lower", throws: "Function not found error: Name: [lower]."),
        .method(sample, "abs", throws: "Function not found error: Name: [abs]."),
    ]

    @Test(arguments: methodCases)
    func timestampMethod(_ testCase: CollectionsCase) {
        testCase.check()
    }

    @Test func fact87DateYearAndEpochMillis() throws {
        let date = try CollectionsCase.function("timestamp", "date", [2020, 1, 1], returns: nil).run().get()
        CollectionsCase.method(date, "year", returns: 2020, "fact 87").check()
        let epoch = try CollectionsCase.function("timestamp", "value", [0], returns: nil).run().get()
        CollectionsCase.method(epoch, "toMillis", returns: 0, "fact 87").check()
    }

    @Test func valueAndToMillisRoundTrip() throws {
        for millis: Int64 in [0, 1, -1, 999, -999, 1000, -1000, -1500, 1_709_214_330_123, -62_135_596_800_000] {
            let timestamp = try CollectionsCase.function("timestamp", "value", [.int(millis)], returns: nil).run().get()
            CollectionsCase.method(timestamp, "toMillis", returns: .int(millis), "\(millis)").check()
        }
    }
}

@Suite struct CivilCalendarTests {
    @Test(
        arguments: [
            (1, 1, 1, -719_162, 1, 1),
            (9999, 12, 31, 2_932_896, 5, 365),
            (2000, 2, 29, 11_016, 2, 60),
            (1900, 2, 28, -25_509, 3, 59),
            (1900, 3, 1, -25_508, 4, 60),
            (1600, 2, 29, -135_081, 2, 60),
            (1969, 12, 31, -1, 3, 365),
            (1970, 1, 1, 0, 4, 1),
            (2024, 2, 29, 19_782, 4, 60),
            (2024, 12, 31, 20_088, 2, 366),
            (2100, 3, 1, 47_541, 1, 60),
            (1984, 1, 2, 5114, 1, 2),
            (4, 2, 29, -718_008, 7, 60),
        ] as [(Int64, Int64, Int64, Int64, Int64, Int64)])
    func knownDays(year: Int64, month: Int64, day: Int64, days: Int64, weekday: Int64, dayOfYear: Int64) {
        let date = CivilDate(year: year, month: month, day: day)
        #expect(CivilCalendar.days(from: date) == days)
        #expect(CivilCalendar.date(fromDays: days) == date)
        #expect(CivilCalendar.dayOfWeek(fromDays: days) == weekday)
        #expect(CivilCalendar.dayOfYear(of: date) == dayOfYear)
    }

    @Test func everyDayRoundTripsAndAdvances() {
        // Every day from 0001-01-01 through 9999-12-31: consecutive dates, valid, round trip.
        var previous = CivilCalendar.date(fromDays: -719_162)
        #expect(previous == CivilDate(year: 1, month: 1, day: 1))
        var failures = 0
        for days in Int64(-719_161)...2_932_896 {
            let date = CivilCalendar.date(fromDays: days)
            let advancesByOne =
                (date.year == previous.year && date.month == previous.month && date.day == previous.day + 1)
                || (date.year == previous.year && date.month == previous.month + 1 && date.day == 1)
                || (date.year == previous.year + 1 && date.month == 1 && date.day == 1 && previous.month == 12)
            if !advancesByOne || CivilCalendar.days(from: date) != days
                || !CivilCalendar.isValid(year: date.year, month: date.month, day: date.day)
            {
                failures += 1
            }
            previous = date
        }
        #expect(failures == 0)
        #expect(previous == CivilDate(year: 9999, month: 12, day: 31))
    }

    @Test(
        arguments: [
            (2000, true), (1900, false), (2024, true), (2023, false), (1600, true), (2100, false), (4, true),
            (1, false),
        ] as [(Int64, Bool)])
    func leapYears(year: Int64, leap: Bool) {
        #expect(CivilCalendar.isLeapYear(year) == leap)
        #expect(CivilCalendar.daysInMonth(year: year, month: 2) == (leap ? 29 : 28))
    }

    @Test func extremeInputsDoNotTrap() {
        _ = CivilCalendar.date(fromDays: .max)
        _ = CivilCalendar.date(fromDays: .min)
        _ = CivilCalendar.days(from: CivilDate(year: .max, month: 12, day: 31))
        _ = CivilCalendar.days(from: CivilDate(year: .min, month: 1, day: 1))
        _ = Timestamp(seconds: .min).civilDate
        _ = Timestamp(seconds: .max).civilDate
        #expect(CivilCalendar.dayOfWeek(fromDays: .min) >= 1)
    }
}

@Suite struct RFC3339Tests {
    @Test(
        arguments: [
            ("2026-01-01T00:00:00Z", 1_767_225_600, 0, "2026-01-01T00:00:00Z"),
            ("1970-01-01T00:00:00Z", 0, 0, "1970-01-01T00:00:00Z"),
            ("1970-01-01t00:00:00z", 0, 0, "1970-01-01T00:00:00Z"),
            ("1969-12-31T23:59:58.5Z", -2, 500_000_000, "1969-12-31T23:59:58.500Z"),
            ("1969-12-31T23:59:58.500000000Z", -2, 500_000_000, "1969-12-31T23:59:58.500Z"),
            ("2024-02-29T13:45:30.123456789Z", 1_709_214_330, 123_456_789, "2024-02-29T13:45:30.123456789Z"),
            ("2024-02-29T13:45:30.1234567Z", 1_709_214_330, 123_456_700, "2024-02-29T13:45:30.123456700Z"),
            ("2024-02-29T13:45:30.000001Z", 1_709_214_330, 1000, "2024-02-29T13:45:30.000001Z"),
            ("2024-02-29T13:45:30.000000001Z", 1_709_214_330, 1, "2024-02-29T13:45:30.000000001Z"),
            ("2024-02-29T13:45:30.0Z", 1_709_214_330, 0, "2024-02-29T13:45:30Z"),
            ("2026-01-01T02:30:00+02:30", 1_767_225_600, 0, "2026-01-01T00:00:00Z"),
            ("2025-12-31T19:00:00-05:00", 1_767_225_600, 0, "2026-01-01T00:00:00Z"),
            ("0001-01-01T00:00:00Z", -62_135_596_800, 0, "0001-01-01T00:00:00Z"),
            ("9999-12-31T23:59:59.999999999Z", 253_402_300_799, 999_999_999, "9999-12-31T23:59:59.999999999Z"),
            ("0001-01-01T01:00:00+01:00", -62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        ] as [(String, Int64, Int64, String)])
    func parsesAndFormats(text: String, seconds: Int64, nanos: Int64, canonical: String) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(timestamp == Timestamp(seconds: seconds, nanos: nanos))
        #expect(timestamp.rfc3339 == canonical)
        #expect(Timestamp(rfc3339: canonical) == timestamp)
    }

    @Test(arguments: [
        "", "2026-01-01", "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "26-01-01T00:00:00Z",
        "2026-1-01T00:00:00Z", "2026-01-01T00:00Z", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
        "2026-01-32T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z",
        "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00.1234567891Z", "2026-01-01T00:00:00+0100",
        "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00+01:60", "2026-01-01T00:00:00Zx",
        "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
        "２０２６-01-01T00:00:00Z", "2026-01-01T00:00:00UTC",
    ])
    func rejects(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func roundTripsAcrossTheRange() {
        var seconds = firstSecond
        var nanos: Int64 = 0
        var mismatches = 0
        while seconds <= lastSecond {
            let timestamp = Timestamp(seconds: seconds, nanos: nanos)
            if Timestamp(rfc3339: timestamp.rfc3339) != timestamp { mismatches += 1 }
            seconds += 987_654_321
            nanos = (nanos + 123_456_789) % 1_000_000_000
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [
        (1_767_225_600, 0, "2026-01-01T00:00:00.000Z"),
        (-2, 500_000_000, "1969-12-31T23:59:58.500Z"),
        (1_709_214_330, 123_456_789, "2024-02-29T13:45:30.123Z"),
        (1_709_214_330, 999_999, "2024-02-29T13:45:30.000Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00.000Z"),
        (253_402_300_799, 999_999_999, "9999-12-31T23:59:59.999Z"),
    ] as [(Int64, Int64, String)])
    func formatsMilliseconds(seconds: Int64, nanos: Int64, text: String) {
        #expect(Timestamp(seconds: seconds, nanos: nanos).rfc3339Milliseconds == text)
    }

    @Test func formatsYearsOutsideTheRangeWithoutTrapping() {
        // Only the public `Timestamp(seconds:)` reaches these; they are not
        // RFC 3339, but formatting them must not crash.
        let beforeYearOne = Timestamp(seconds: -62_135_596_800 - 86_400 * 366 * 2)
        #expect(beforeYearOne.rfc3339.hasPrefix("-000"))
        #expect(Timestamp(seconds: .min).rfc3339.hasPrefix("-"))
        #expect(Timestamp(seconds: .max).rfc3339Milliseconds.hasSuffix(".000Z"))
    }
}
