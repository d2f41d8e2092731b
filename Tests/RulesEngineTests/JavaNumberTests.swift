import FuzzSupport
import Testing

@testable import RulesEngine

@Suite("JavaNumber")
struct JavaNumberTests {
    static let formats: [(Double, String)] = [
        (1.0, "1.0"), (2.0, "2.0"), (-5.0, "-5.0"), (1.5, "1.5"), (0.1 + 0.2, "0.30000000000000004"), (0.3, "0.3"),
        (-0.0, "-0.0"), (0.0, "0.0"), (1e7, "1.0E7"), (1e6, "1000000.0"), (9_999_999.0, "9999999.0"),
        (9_999_999.999999998, "9999999.999999998"), (1e-3, "0.001"), (0.0009999999999999998, "9.999999999999998E-4"),
        (1e-4, "1.0E-4"), (123_456_789.0, "1.23456789E8"), (12_345_678.0, "1.2345678E7"), (1_234_567.0, "1234567.0"),
        (100.0, "100.0"), (100.5, "100.5"), (12345.678, "12345.678"), (0.00123, "0.00123"), (1e-5, "1.0E-5"),
        (1e15, "1.0E15"), (1e16, "1.0E16"), (1e21, "1.0E21"), (1e22, "1.0E22"), (1.0 / 3.0, "0.3333333333333333"),
        (2.0 / 3.0, "0.6666666666666666"), (4.35, "4.35"), (.greatestFiniteMagnitude, "1.7976931348623157E308"),
        (2.2250738585072014E-308, "2.2250738585072014E-308"), (.leastNonzeroMagnitude, "4.9E-324"),
        (-.leastNonzeroMagnitude, "-4.9E-324"), (.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity"),
        // Shortest digits (JDK 19+; JDK 17 prints 9.999999999999999E22, 1.9999999999999998E23, 8.409999999999999E21).
        (1e23, "1.0E23"), (2e23, "2.0E23"), (8.41e21, "8.41E21"),
        // Subnormals: the closest of the one- and two-digit decimals (JDK 19+; JDK 17 prints 1.0E-323 for 2 ulp).
        (Double(bitPattern: 2), "9.9E-324"), (Double(bitPattern: 3), "1.5E-323"), (Double(bitPattern: 6), "3.0E-323"),
        (Double(bitPattern: 7), "3.5E-323"), (Double(bitPattern: 10), "4.9E-323"), (Double(bitPattern: 99), "4.9E-322"),
    ]

    @Test(arguments: formats)
    func formatsLikeJava(value: Double, expected: String) {
        #expect(JavaNumber.format(value) == expected)
    }

    /// Whatever it prints reads back as the same double, with no more digits than needed.
    @Test func formatRoundTrips() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = JavaNumber.format(value)
            #expect(JavaNumber.parseDouble(text)?.bitPattern == value.bitPattern, "\(text)")
            let digits = text.split(separator: "E")[0].filter(\.isNumber).drop { $0 == "0" }
            let shortest = "\(Swift.abs(value))".split(separator: "e")[0].filter(\.isNumber).drop { $0 == "0" }
            #expect(digits.count <= max(2, shortest.count + 1), "\(text) vs \(value)")
        }
    }

    struct ParseCase: Sendable, CustomTestStringConvertible {
        var text: String
        var bits: UInt64?
        init(_ text: String, _ bits: UInt64?) {
            self.text = text
            self.bits = bits
        }
        var testDescription: String { "parseDouble(\(text.debugDescription))" }
    }

    /// Results of Java's `Double.parseDouble` (OpenJDK 17) as raw bits; `nil` is NumberFormatException.
    static let parses: [ParseCase] = [
        ParseCase("2.0", 4611686018427387904),
        ParseCase("1e3", 4652007308841189376),
        ParseCase(".5", 4602678819172646912),
        ParseCase("5.", 4617315517961601024),
        ParseCase("1.5f", 4609434218613702656),
        ParseCase("1.5d", 4609434218613702656),
        ParseCase("1.5F", 4609434218613702656),
        ParseCase("1.5D", 4609434218613702656),
        ParseCase("0x1p3", 4620693217682128896),
        ParseCase("0X1P3", 4620693217682128896),
        ParseCase("0x1.8p1", 4613937818241073152),
        ParseCase("0x.8p1", 4607182418800017408),
        ParseCase("0x1.p1", 4611686018427387904),
        ParseCase(" 2.5 ", 4612811918334230528),
        ParseCase("\t2.5\n", 4612811918334230528),
        ParseCase("NaN", 9221120237041090560),
        ParseCase("Infinity", 9218868437227405312),
        ParseCase("+Infinity", 9218868437227405312),
        ParseCase("-Infinity", 18442240474082181120),
        ParseCase("-NaN", 9221120237041090560),
        ParseCase("+NaN", 9221120237041090560),
        ParseCase("abc", nil),
        ParseCase("inf", nil),
        ParseCase("nan", nil),
        ParseCase("1.2.3", nil),
        ParseCase("1_000", nil),
        ParseCase("", nil),
        ParseCase("  ", nil),
        ParseCase("1e", nil),
        ParseCase("1e+", nil),
        ParseCase("e3", nil),
        ParseCase(".", nil),
        ParseCase("+", nil),
        ParseCase(".e1", nil),
        ParseCase("0x1", nil),
        ParseCase("0x1p", nil),
        ParseCase("0xp1", nil),
        ParseCase("0x.p1", nil),
        ParseCase("1e3f", 4652007308841189376),
        ParseCase("1.5ff", nil),
        ParseCase("Infinityf", nil),
        ParseCase("NaNd", nil),
        ParseCase("1,5", nil),
        ParseCase("\u{661}", nil),
        ParseCase("1e400", 9218868437227405312),
        ParseCase("-1e400", 18442240474082181120),
        ParseCase("1e-400", 0),
        ParseCase("4.9e-324", 1),
        ParseCase("00012", 4622945017495814144),
        ParseCase("-0", 9223372036854775808),
        ParseCase("+.5e-2", 4572414629676717179),
        ParseCase("1E+2", 4636737291354636288),
        ParseCase("1e2.5", nil),
        ParseCase("0x1.8p-1d", 4604930618986332160),
        ParseCase("1.7976931348623159e308", 9218868437227405312),
        ParseCase(" +1", 4607182418800017408),
        ParseCase(" - 1", nil),
        ParseCase("1 ", 4607182418800017408),
        ParseCase("\u{a0}1", nil),
    ]

    @Test(arguments: parses)
    func parsesLikeJava(_ testCase: ParseCase) {
        let result = JavaNumber.parseDouble(testCase.text)
        if let bits = testCase.bits {
            let value = Double(bitPattern: bits)
            if value.isNaN {
                #expect(result?.isNaN == true)
            } else {
                #expect(result?.bitPattern == bits)
            }
        } else {
            #expect(result == nil)
        }
    }

    static let ints: [(String, Int64?)] = [
        ("0", 0), ("2", 2), ("007", 7), ("+3", 3), ("-0", 0), ("-12", -12),
        ("9223372036854775807", .max), ("-9223372036854775808", .min), ("+0009223372036854775807", .max),
        ("9223372036854775808", nil), ("-9223372036854775809", nil), ("99999999999999999999", nil),
        ("1e3", nil), ("1.5", nil), ("0x10", nil), ("", nil), ("+", nil), ("-", nil), (" 12", nil), ("12 ", nil),
        ("12abc", nil), ("1_000", nil), ("\u{661}", nil), ("--1", nil), ("+-1", nil),
    ]

    @Test(arguments: ints)
    func parsesStrictDecimalInts(text: String, expected: Int64?) {
        #expect(JavaNumber.parseInt(text) == expected)
    }
}
