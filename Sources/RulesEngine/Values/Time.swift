/// An instant in UTC: seconds since the Unix epoch plus nanoseconds
/// (0 ..< 1_000_000_000) into that second. Range 0001-01-01 … 9999-12-31.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before).
    public var seconds: Int64
    /// Nanoseconds into the second, always 0 ..< 1e9.
    public var nanos: Int32

    /// Creates a timestamp, normalizing nanoseconds into 0 ..< 1e9. Seconds
    /// wrap rather than trap at the ends of `Int64`; such instants are far
    /// outside ``isInRange`` (``checked(seconds:nanos:)`` reports them).
    public init(seconds: Int64, nanos: Int64 = 0) {
        var seconds = seconds &+ nanos / 1_000_000_000
        var nanos = nanos % 1_000_000_000
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds &-= 1
        }
        self.seconds = seconds
        self.nanos = Int32(nanos)
    }

    /// Orders by instant.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }

    /// The earliest representable instant, 0001-01-01T00:00:00Z.
    public static let minimum = Timestamp(seconds: -62_135_596_800)
    /// The latest representable instant, 9999-12-31T23:59:59.999999999Z.
    public static let maximum = Timestamp(seconds: 253_402_300_799, nanos: 999_999_999)

    /// Whether the instant is within the service's range.
    public var isInRange: Bool { self >= Timestamp.minimum && self <= Timestamp.maximum }
}

/// A signed span of time: seconds plus nanoseconds with the same sign.
public struct RulesDuration: Sendable, Hashable, Comparable {
    /// Whole seconds.
    public var seconds: Int64
    /// Nanoseconds, -999,999,999 … 999,999,999, with the sign of ``seconds``.
    public var nanos: Int32

    /// Creates a duration, normalizing so seconds and nanos share a sign.
    public init(seconds: Int64, nanos: Int64 = 0) {
        var seconds = seconds &+ nanos / 1_000_000_000
        var nanos = nanos % 1_000_000_000
        if seconds > 0 && nanos < 0 {
            seconds -= 1
            nanos += 1_000_000_000
        } else if seconds < 0 && nanos > 0 {
            seconds += 1
            nanos -= 1_000_000_000
        }
        self.seconds = seconds
        self.nanos = Int32(nanos)
    }

    /// Orders by length.
    public static func < (lhs: RulesDuration, rhs: RulesDuration) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }

    /// The largest magnitude in seconds the service accepts (about 10,000 years).
    public static let maximumSeconds: Int64 = 315_576_000_000
}
