/// A day of the proleptic Gregorian calendar.
public struct CivilDate: Sendable, Hashable {
    /// The year (1 … 9999 for timestamps; other values are representable).
    public var year: Int64
    /// The month, 1 … 12.
    public var month: Int64
    /// The day of the month, 1 … 31.
    public var day: Int64

    /// Creates a date without validation (see ``CivilCalendar/isValid(year:month:day:)``).
    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }
}

/// Proleptic Gregorian calendar arithmetic on day counts since 1970-01-01,
/// in plain integer arithmetic (no Foundation calendar, no time zones).
///
/// The conversions are exact for years within ±10^12; beyond that they wrap
/// instead of trapping, which the timestamp range (years 1 … 9999) rules out.
public enum CivilCalendar {
    /// Seconds in a UTC day (the rules language has no leap seconds).
    public static let secondsPerDay: Int64 = 86_400

    /// Days in one 400-year cycle.
    private static let daysPerEra: Int64 = 146_097
    /// Days from 0000-03-01 to 1970-01-01.
    private static let epochShift: Int64 = 719_468

    /// Whether a year has a 29 February.
    public static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of a month (0 for a month outside 1 … 12).
    public static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    /// Whether month and day exist in that year.
    public static func isValid(year: Int64, month: Int64, day: Int64) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    /// Days since 1970-01-01 of a date (negative before). The date must be valid.
    public static func days(from date: CivilDate) -> Int64 {
        // Count years from March so the leap day is the last day of the year.
        let year = date.month <= 2 ? date.year &- 1 : date.year
        let era = (year >= 0 ? year : year &- 399) / 400
        let yearOfEra = year &- era &* 400
        let monthFromMarch = (date.month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era &* daysPerEra &+ dayOfEra &- epochShift
    }

    /// The date of a day count since 1970-01-01.
    public static func date(fromDays days: Int64) -> CivilDate {
        let shifted = days &+ epochShift
        let era = (shifted >= 0 ? shifted : shifted &- (daysPerEra - 1)) / daysPerEra
        let dayOfEra = shifted &- era &* daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra &+ era &* 400 &+ (month <= 2 ? 1 : 0)
        return CivilDate(year: year, month: month, day: day)
    }

    /// ISO day of the week of a day count: 1 = Monday … 7 = Sunday.
    public static func dayOfWeek(fromDays days: Int64) -> Int64 {
        // 1970-01-01 was a Thursday (4).
        let mod = ((days % 7) + 7) % 7
        return (mod + 3) % 7 + 1
    }

    /// Day of the year, 1 … 366.
    public static func dayOfYear(of date: CivilDate) -> Int64 {
        days(from: date) &- days(from: CivilDate(year: date.year, month: 1, day: 1)) &+ 1
    }
}

extension Timestamp {
    /// Whole days since 1970-01-01 (floored, so negative before the epoch).
    public var epochDay: Int64 {
        seconds >= 0 ? seconds / CivilCalendar.secondsPerDay : (seconds &+ 1) / CivilCalendar.secondsPerDay &- 1
    }

    /// Seconds since midnight UTC, 0 ..< 86,400.
    public var secondOfDay: Int64 {
        seconds &- epochDay &* CivilCalendar.secondsPerDay
    }

    /// The UTC calendar date.
    public var civilDate: CivilDate { CivilCalendar.date(fromDays: epochDay) }

    /// Midnight UTC of a date (no range check).
    public init(midnightOf date: CivilDate) {
        self.init(seconds: CivilCalendar.days(from: date) &* CivilCalendar.secondsPerDay)
    }
}
