import Testing

@testable import RulesEngine

private let maxSeconds: Int64 = 315_576_000_000

@Suite struct TimeArithmeticTests {
    @Test func fact85TimestampPlusDuration() throws {
        let sum = try Timestamp(seconds: 0).adding(RulesDuration(seconds: 60))
        #expect(sum == Timestamp(seconds: 60))
    }

    /// The public initializer normalizes without trapping at the ends of `Int64`;
    /// the checked constructor then reports the instant as out of range.
    @Test func initializerDoesNotTrapAtInt64Ends() {
        let early = Timestamp(seconds: .min, nanos: -1)
        #expect(early.nanos == 999_999_999)
        #expect(!early.isInRange)
        let late = Timestamp(seconds: .max, nanos: 1_000_000_000)
        #expect(!late.isInRange)
        #expect(throws: EvalError.timestampOutOfRange) { try Timestamp.checked(seconds: .min, nanos: -1) }
    }

    @Test func fact86TimestampMinusTimestamp() throws {
        #expect(try Timestamp(seconds: 60).difference(Timestamp(seconds: 0)) == RulesDuration(seconds: 60))
        #expect(try Timestamp(seconds: 0).difference(Timestamp(seconds: 60)) == RulesDuration(seconds: -60))
    }

    /// (timestamp seconds, nanos) + (duration seconds, nanos) = (seconds, nanos)
    @Test(
        arguments: [
            (0, 0, 60, 0, 60, 0),
            (0, 500_000_000, 0, 600_000_000, 1, 100_000_000),
            (0, 0, 0, -1, -1, 999_999_999),
            (-2, 500_000_000, 1, 500_000_000, 0, 0),
            (10, 100, -10, -100, 0, 0),
            (-62_135_596_800, 0, 0, 0, -62_135_596_800, 0),
        ] as [(Int64, Int64, Int64, Int64, Int64, Int64)])
    func adding(ts: Int64, tn: Int64, ds: Int64, dn: Int64, rs: Int64, rn: Int64) throws {
        let timestamp = Timestamp(seconds: ts, nanos: tn)
        let duration = RulesDuration(seconds: ds, nanos: dn)
        let result = Timestamp(seconds: rs, nanos: rn)
        #expect(try timestamp.adding(duration) == result)
        #expect(try result.subtracting(duration) == timestamp)
        #expect(try result.difference(timestamp) == duration)
        #expect(try timestamp.subtracting(duration.negated()) == result)
    }

    @Test func timestampRangeIsEnforced() {
        #expect(throws: EvalError.timestampOutOfRange) {
            try Timestamp.maximum.adding(RulesDuration(seconds: 0, nanos: 1))
        }
        #expect(throws: EvalError.timestampOutOfRange) {
            try Timestamp.minimum.subtracting(RulesDuration(seconds: 0, nanos: 1))
        }
        #expect(throws: EvalError.timestampOutOfRange) {
            try Timestamp.minimum.adding(RulesDuration(seconds: -maxSeconds))
        }
        #expect(throws: EvalError.timestampOutOfRange) {
            try Timestamp(seconds: .max).adding(RulesDuration(seconds: .max))
        }
        #expect(throws: EvalError.timestampOutOfRange) {
            try Timestamp(seconds: .min).subtracting(RulesDuration(seconds: .max))
        }
        #expect(throws: EvalError.timestampOutOfRange) { try Timestamp.fromEpochMilliseconds(.max) }
        #expect(throws: EvalError.timestampOutOfRange) { try Timestamp.checked(seconds: .max, nanos: .max) }
    }

    @Test func fullRangeDifferenceFitsADuration() throws {
        let span = try Timestamp.maximum.difference(Timestamp.minimum)
        #expect(span == RulesDuration(seconds: 315_537_897_599, nanos: 999_999_999))
        #expect(try Timestamp.minimum.adding(span) == Timestamp.maximum)
        #expect(try Timestamp.minimum.difference(Timestamp.maximum) == span.negated())
    }

    @Test func differenceOfUncheckedExtremesThrows() {
        #expect(throws: EvalError.durationOutOfRange) {
            try Timestamp(seconds: .max).difference(Timestamp(seconds: .min))
        }
        #expect(throws: EvalError.durationOutOfRange) {
            try Timestamp(seconds: 1_000_000_000_000).difference(Timestamp(seconds: 0))
        }
    }

    /// (seconds, nanos) + (seconds, nanos) = (seconds, nanos)
    @Test(
        arguments: [
            (1, 500_000_000, 1, 500_000_000, 3, 0),
            (1, 0, 0, -1, 0, 999_999_999),
            (0, 1, 0, -2, 0, -1),
            (-1, -500_000_000, 2, 0, 0, 500_000_000),
            (maxSeconds, 0, -maxSeconds, 0, 0, 0),
            (maxSeconds - 1, 999_999_999, 0, 1, maxSeconds, 0),
        ] as [(Int64, Int64, Int64, Int64, Int64, Int64)])
    func durationSums(s1: Int64, n1: Int64, s2: Int64, n2: Int64, rs: Int64, rn: Int64) throws {
        let a = RulesDuration(seconds: s1, nanos: n1)
        let b = RulesDuration(seconds: s2, nanos: n2)
        let sum = RulesDuration(seconds: rs, nanos: rn)
        #expect(try a.adding(b) == sum)
        #expect(try b.adding(a) == sum)
        #expect(try sum.subtracting(b) == a)
        #expect(try a.subtracting(b.negated()) == sum)
    }

    @Test func durationRangeIsEnforced() throws {
        let top = RulesDuration(seconds: maxSeconds)
        #expect(throws: EvalError.durationOutOfRange) { try top.adding(RulesDuration(seconds: 1)) }
        #expect(throws: EvalError.durationOutOfRange) { try top.negated().subtracting(RulesDuration(seconds: 1)) }
        #expect(throws: EvalError.durationOutOfRange) {
            try RulesDuration(seconds: .max).adding(RulesDuration(seconds: .max))
        }
        #expect(throws: EvalError.durationOutOfRange) { try RulesDuration(seconds: .min).negated() }
        #expect(throws: EvalError.durationOutOfRange) { try RulesDuration.checked(seconds: .max, nanos: .max) }
        #expect(throws: EvalError.durationOutOfRange) { try RulesDuration.checked(seconds: maxSeconds + 1, nanos: 0) }
        #expect(
            try top.adding(RulesDuration(seconds: 0, nanos: 999_999_999))
                == RulesDuration(
                    seconds: maxSeconds, nanos: 999_999_999))
    }

    @Test func negationAndMagnitude() throws {
        let d = RulesDuration(seconds: -3, nanos: -250)
        #expect(try d.negated() == RulesDuration(seconds: 3, nanos: 250))
        #expect(try d.magnitude() == RulesDuration(seconds: 3, nanos: 250))
        #expect(try d.negated().negated() == d)
        #expect(try RulesDuration(seconds: 0).negated() == RulesDuration(seconds: 0))
        #expect(d.isNegative && !RulesDuration(seconds: 0).isNegative)
    }

    @Test func checkedConstructorsNormalize() throws {
        #expect(try Timestamp.checked(seconds: 0, nanos: -1) == Timestamp(seconds: -1, nanos: 999_999_999))
        #expect(try Timestamp.checked(seconds: 0, nanos: 2_500_000_000) == Timestamp(seconds: 2, nanos: 500_000_000))
        #expect(try RulesDuration.checked(seconds: 1, nanos: -1) == RulesDuration(seconds: 0, nanos: 999_999_999))
        #expect(try RulesDuration.checked(seconds: -1, nanos: 1) == RulesDuration(seconds: 0, nanos: -999_999_999))
        #expect(try Timestamp.fromEpochMilliseconds(-1500) == Timestamp(seconds: -2, nanos: 500_000_000))
        #expect(Timestamp(seconds: .max).checkedEpochMilliseconds == nil)
        #expect(Timestamp(seconds: -2, nanos: 500_000_000).checkedEpochMilliseconds == -1500)
    }
}

@Suite struct CollectionsDeclarationTests {
    @Test func everyBuiltinIsDocumentedWithExamples() {
        for builtin in CollectionsValues.declared {
            #expect(!builtin.summary.isEmpty, "\(builtin.qualifiedName)")
            #expect(!builtin.examples.isEmpty, "\(builtin.qualifiedName)")
            for example in builtin.examples where !(example.error ?? "").hasPrefix("Function not found") {
                #expect(example.expression.contains(builtin.name), "\(builtin.qualifiedName): \(example.expression)")
                if let message = example.error { #expect(message.hasSuffix("."), "\(message)") }
            }
        }
    }

    @Test func namesAreUniquePerReceiver() {
        // `timestamp.date` is both a function and a method, so key by receiver.
        let keys = CollectionsValues.declared.map { "\($0.receiver)/\($0.name)" }
        #expect(Set(keys).count == keys.count)
    }

    @Test func receiversHaveExactlyTheDocumentedMembers() {
        func names(_ type: ValueType) -> Set<String> {
            Set(CollectionsValues.declared.compactMap { $0.receiver == .method(type) ? $0.name : nil })
        }
        #expect(names(.list) == ["concat", "hasAll", "hasAny", "hasOnly", "join", "removeAll", "size", "toSet"])
        #expect(names(.map) == ["diff", "get", "keys", "values", "size"])
        #expect(names(.set) == ["size", "hasAll", "hasAny", "hasOnly", "difference", "intersection", "union"])
        #expect(names(.mapDiff) == ["addedKeys", "removedKeys", "changedKeys", "unchangedKeys", "affectedKeys"])
        #expect(names(.path) == ["bind"])
        #expect(
            names(.timestamp) == [
                "year", "month", "day", "hours", "minutes", "seconds", "nanos", "dayOfWeek", "dayOfYear", "toMillis",
                "date", "time",
            ])
        #expect(names(.duration) == ["seconds", "nanos"])
        #expect(names(.latlng) == ["latitude", "longitude", "distance"])
    }

    @Test func errorExamplesForArityAndTypesMatchTheDerivedMessages() {
        // Error examples written as `receiver.name(...)` with a signature-derived
        // message must name this builtin's signatures exactly.
        for builtin in CollectionsValues.declared {
            let expected = builtin.signatureTexts.joined(separator: ", ") + "."
            for example in builtin.examples {
                guard let message = example.error,
                    message.hasPrefix("Incorrect number of arguments.")
                        || (message.hasPrefix("Unsupported operation error. Received: \(builtin.qualifiedName)("))
                else { continue }
                // Messages about element or value types are the builtin's own, not derived.
                if message.contains("<") { continue }
                #expect(message.hasSuffix("Expected: " + expected), "\(builtin.qualifiedName): \(message)")
            }
        }
    }
}

/// The system clock as a timestamp.
struct SystemClockTests {
    @Test func nowIsAPlausibleInstant() {
        let now = Timestamp.now()
        #expect(now > Timestamp(rfc3339: "2020-01-01T00:00:00Z")!)
        #expect(now < Timestamp(rfc3339: "2100-01-01T00:00:00Z")!)
        #expect((0..<1_000_000_000).contains(now.nanos))
        #expect(Timestamp.now() >= now)
    }
}
