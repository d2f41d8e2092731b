// RFC 3339 text for timestamps and compact text for durations, as the CLI,
// the YAML test format and explanations read and print them.

extension Timestamp {
    /// Parses an RFC 3339 date-time such as `2026-01-01T00:00:00Z`,
    /// `2026-01-01t10:30:00.5+02:00` or `1969-12-31T23:59:58.500000000z`.
    ///
    /// Accepts a fraction of 1 to 9 digits and a `Z`/`z` or `±hh:mm` offset.
    /// Returns `nil` for anything else, for impossible dates and times
    /// (including leap second 60), and for instants outside
    /// 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z.
    public init?(rfc3339 text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        guard CivilCalendar.isValid(year: year, month: month, day: day),
            hour < 24, minute < 60, second < 60
        else { return nil }

        var nanos: Int64 = 0
        if scanner.skip(".") {
            var count = 0
            while let digit = scanner.digit() {
                count += 1
                guard count <= 9 else { return nil }
                nanos = nanos * 10 + digit
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanos *= 10 }
        }

        var offsetSeconds: Int64 = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offsetSeconds = 0
        } else if let sign: Int64 = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : nil {
            guard let offsetHours = scanner.number(digits: 2), scanner.skip(":"),
                let offsetMinutes = scanner.number(digits: 2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }

        let midnight =
            CivilCalendar.days(from: CivilDate(year: year, month: month, day: day))
            * CivilCalendar.secondsPerDay
        let local = midnight + hour * 3600 + minute * 60 + second
        let timestamp = Timestamp(seconds: local - offsetSeconds, nanos: nanos)
        guard timestamp.isInRange else { return nil }
        self = timestamp
    }

    /// The instant in UTC, e.g. `2026-01-01T00:00:00Z` or `1969-12-31T23:59:58.500Z`:
    /// a fraction only when non-zero, with 3, 6 or 9 digits.
    public var rfc3339: String {
        let date = civilDate
        let secondOfDay = self.secondOfDay
        var text = padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
        text += "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay % 3600 / 60, 2)
        text += ":" + padded(secondOfDay % 60, 2)
        text += fractionText(nanos: Int64(nanos), trimToGroups: true)
        return text + "Z"
    }
}

extension RulesDuration {
    /// Compact text in seconds: `90s`, `1.5s`, `-0.000000001s`, `0s`.
    public var text: String {
        let sign = isNegative ? "-" : ""
        return sign + String(seconds.magnitude) + fractionText(nanos: Int64(nanos.magnitude), trimToGroups: false) + "s"
    }
}

/// `.5`, `.500` (grouped) or `` for zero nanoseconds.
private func fractionText(nanos: Int64, trimToGroups: Bool) -> String {
    guard nanos != 0 else { return "" }
    var digits = padded(nanos, 9)
    if trimToGroups {
        while digits.count > 3 && digits.hasSuffix("000") { digits.removeLast(3) }
    } else {
        while digits.hasSuffix("0") { digits.removeLast() }
    }
    return "." + digits
}

/// A non-negative number with leading zeros to a width.
private func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// A cursor over ASCII bytes for the fixed-width RFC 3339 grammar.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Consumes one ASCII character if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Consumes one decimal digit.
    mutating func digit() -> Int64? {
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            return nil
        }
        defer { index += 1 }
        return Int64(bytes[index] - UInt8(ascii: "0"))
    }

    /// Consumes exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
