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
    public var rfc3339: String { text(fraction: .shortest) }

    /// The instant in UTC with exactly three fraction digits, truncated:
    /// `2026-01-01T00:00:00.000Z`, as Cloud Storage, its emulator and the
    /// Firebase SDKs write dates.
    public var rfc3339Milliseconds: String { text(fraction: .milliseconds) }

    /// How many fraction digits the text has.
    private enum FractionDigits {
        /// None for a whole second, else 3, 6 or 9 (trailing zero groups dropped).
        case shortest
        /// Always 3.
        case milliseconds
    }

    private func text(fraction: FractionDigits) -> String {
        let date = civilDate
        let secondOfDay = self.secondOfDay
        // Written as bytes: the runner and the emulator format two per object.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        appendPadded(date.year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(date.month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(date.day, 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 3600 / 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, 2, to: &bytes)
        switch fraction {
        case .milliseconds:
            bytes.append(UInt8(ascii: "."))
            appendPadded(Int64(nanos / 1_000_000), 3, to: &bytes)
        case .shortest where nanos != 0:
            bytes.append(UInt8(ascii: "."))
            var value = Int64(nanos)
            var digits = 9
            while digits > 3 && value % 1000 == 0 {
                value /= 1000
                digits -= 3
            }
            appendPadded(value, digits, to: &bytes)
        case .shortest:
            break
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension RulesDuration {
    /// Compact text in seconds: `90s`, `1.5s`, `-0.000000001s`, `0s`.
    public var text: String {
        let sign = isNegative ? "-" : ""
        return sign + String(seconds.magnitude) + fractionText(nanos: Int64(nanos.magnitude)) + "s"
    }
}

/// `.5`, `.000000001` or `` for zero nanoseconds: trailing zeros dropped.
private func fractionText(nanos: Int64) -> String {
    guard nanos != 0 else { return "" }
    var bytes: [UInt8] = [UInt8(ascii: ".")]
    appendPadded(nanos, 9, to: &bytes)
    while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends a number's ASCII digits, with leading zeros to a width (a
/// negative number, such as a year before 1 from an out-of-range
/// timestamp, gets a `-` before its padded magnitude).
private func appendPadded(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var divisor: UInt64 = 1
    var count = 1
    while magnitude / divisor >= 10 {
        divisor *= 10
        count += 1
    }
    for _ in count..<max(width, count) { bytes.append(UInt8(ascii: "0")) }
    var rest = magnitude
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
    }
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
