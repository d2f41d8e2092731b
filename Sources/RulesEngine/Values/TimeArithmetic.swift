// Range-checked construction and arithmetic of timestamps and durations.
// Every result outside the service's range is an `EvalError`, never a trap.

private let nanosPerSecond: Int64 = 1_000_000_000

extension EvalError {
    /// A timestamp result before 0001-01-01T00:00:00Z or after 9999-12-31T23:59:59.999999999Z.
    /// (The service's wording is unknown; this text is the project's.)
    public static let timestampOutOfRange = EvalError(
        "Timestamp out of range. Valid range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.")

    /// A duration result beyond ±315,576,000,000 seconds.
    /// (The service's wording is unknown; this text is the project's.)
    public static let durationOutOfRange = EvalError(
        "Duration out of range. Valid range: -315576000000s to 315576000000s.")
}

extension Timestamp {
    /// A timestamp from seconds and nanoseconds of any sign (nanoseconds carry into seconds),
    /// or ``EvalError/timestampOutOfRange``.
    public static func checked(seconds: Int64, nanos: Int64) throws(EvalError) -> Timestamp {
        var carry = nanos / nanosPerSecond
        var remainder = nanos % nanosPerSecond
        if remainder < 0 {
            remainder += nanosPerSecond
            carry -= 1
        }
        let (total, overflow) = seconds.addingReportingOverflow(carry)
        guard !overflow else { throw .timestampOutOfRange }
        let timestamp = Timestamp(seconds: total, nanos: remainder)
        guard timestamp.isInRange else { throw .timestampOutOfRange }
        return timestamp
    }

    /// The instant `milliseconds` after the epoch (before it when negative).
    public static func fromEpochMilliseconds(_ milliseconds: Int64) throws(EvalError) -> Timestamp {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        return try checked(seconds: quotient, nanos: remainder * 1_000_000)
    }

    /// Milliseconds since the epoch, floored; `nil` if it does not fit in 64 bits.
    public var checkedEpochMilliseconds: Int64? {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        let (total, overflowSum) = scaled.addingReportingOverflow(Int64(nanos) / 1_000_000)
        return overflowSum ? nil : total
    }

    /// `timestamp + duration`.
    public func adding(_ duration: RulesDuration) throws(EvalError) -> Timestamp {
        let (total, overflow) = seconds.addingReportingOverflow(duration.seconds)
        guard !overflow else { throw .timestampOutOfRange }
        return try Timestamp.checked(seconds: total, nanos: Int64(nanos) + Int64(duration.nanos))
    }

    /// `timestamp - duration`.
    public func subtracting(_ duration: RulesDuration) throws(EvalError) -> Timestamp {
        let (total, overflow) = seconds.subtractingReportingOverflow(duration.seconds)
        guard !overflow else { throw .timestampOutOfRange }
        return try Timestamp.checked(seconds: total, nanos: Int64(nanos) - Int64(duration.nanos))
    }

    /// `self - other` as a duration.
    public func difference(_ other: Timestamp) throws(EvalError) -> RulesDuration {
        let (total, overflow) = seconds.subtractingReportingOverflow(other.seconds)
        guard !overflow else { throw .durationOutOfRange }
        return try RulesDuration.checked(seconds: total, nanos: Int64(nanos) - Int64(other.nanos))
    }
}

extension RulesDuration {
    /// Whether the duration is within ±``maximumSeconds`` seconds.
    public var isInRange: Bool {
        seconds.magnitude <= UInt64(RulesDuration.maximumSeconds)
            && nanos.magnitude < UInt32(nanosPerSecond)
    }

    /// A duration from seconds and nanoseconds of any sign (nanoseconds carry into seconds),
    /// or ``EvalError/durationOutOfRange``.
    public static func checked(seconds: Int64, nanos: Int64) throws(EvalError) -> RulesDuration {
        let (total, overflow) = seconds.addingReportingOverflow(nanos / nanosPerSecond)
        // The bound leaves room for the sign normalization of the initializer.
        guard !overflow, total.magnitude <= UInt64(maximumSeconds) + 1 else { throw .durationOutOfRange }
        let duration = RulesDuration(seconds: total, nanos: nanos % nanosPerSecond)
        guard duration.isInRange else { throw .durationOutOfRange }
        return duration
    }

    /// `self + other`.
    public func adding(_ other: RulesDuration) throws(EvalError) -> RulesDuration {
        let (total, overflow) = seconds.addingReportingOverflow(other.seconds)
        guard !overflow else { throw .durationOutOfRange }
        return try RulesDuration.checked(seconds: total, nanos: Int64(nanos) + Int64(other.nanos))
    }

    /// `self - other`.
    public func subtracting(_ other: RulesDuration) throws(EvalError) -> RulesDuration {
        let (total, overflow) = seconds.subtractingReportingOverflow(other.seconds)
        guard !overflow else { throw .durationOutOfRange }
        return try RulesDuration.checked(seconds: total, nanos: Int64(nanos) - Int64(other.nanos))
    }

    /// `-self`.
    public func negated() throws(EvalError) -> RulesDuration {
        let (total, overflow) = Int64(0).subtractingReportingOverflow(seconds)
        guard !overflow else { throw .durationOutOfRange }
        return try RulesDuration.checked(seconds: total, nanos: -Int64(nanos))
    }

    /// The absolute value.
    public func magnitude() throws(EvalError) -> RulesDuration {
        seconds < 0 || nanos < 0 ? try negated() : self
    }

    /// Whether the duration is shorter than zero.
    public var isNegative: Bool { seconds < 0 || nanos < 0 }
}
