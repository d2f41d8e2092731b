/// Number text the way the service's Java runtime writes and reads it:
/// `Double.toString`, `Double.parseDouble` and strict decimal `long` parsing.
public enum JavaNumber {
    /// Formats a float like Java's `Double.toString` (JDK 19 and later):
    /// the shortest digits that read back as the same double (at least two
    /// significant digits, the closer one when a single digit would do),
    /// plain notation for 10^-3 <= |x| < 10^7 with at least one fractional
    /// digit (`2.0`, `0.001`, `1000000.0`), otherwise `1.0E7`, `1.0E-4`,
    /// `1.23456789E8`; `NaN`, `Infinity`, `-Infinity`, `-0.0`.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        let sign = value.sign == .minus ? "-" : ""
        if value == 0 { return sign + "0.0" }
        var decimal = DecimalDigits(shortest: Swift.abs(value))
        if decimal.digits.count == 1 {
            decimal = decimal.closestTwoDigits(to: Swift.abs(value))
        }
        return sign + decimal.javaText
    }

    /// Parses text like Java's `Double.parseDouble`: surrounding characters
    /// up to U+0020 are ignored; then an optional sign and `NaN`,
    /// `Infinity`, a decimal (`1`, `1.`, `.5`, `1e3`, `1.5E-2`) or a hex
    /// float with a mandatory binary exponent (`0x1p3`, `0x1.8P-1`), the
    /// last two optionally followed by one of `f F d D`. `nil` otherwise
    /// (`inf`, `nan`, `1_000`, `''`, `0x10`).
    public static func parseDouble(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var negative = false
        if let first = scalars.first, first == "+" || first == "-" {
            negative = first == "-"
            scalars.removeFirst()
        }
        let rest = String(String.UnicodeScalarView(scalars))
        let magnitude: Double?
        switch rest {
        case "NaN": magnitude = .nan
        case "Infinity": magnitude = .infinity
        default:
            if let last = scalars.last, "fFdD".unicodeScalars.contains(last) {
                scalars.removeLast()
            }
            if scalars.starts(with: "0x".unicodeScalars) || scalars.starts(with: "0X".unicodeScalars) {
                magnitude = positionalFloat(scalars.dropFirst(2), hexadecimal: true)
            } else {
                magnitude = positionalFloat(scalars, hexadecimal: false)
            }
        }
        guard let magnitude else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Parses a strict decimal 64-bit integer: an optional `+` or `-`, then
    /// one or more ASCII digits (leading zeros allowed), nothing else; `nil`
    /// on anything else or out of range.
    public static func parseInt(_ text: String) -> Int64? {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        guard !bytes.isEmpty else { return nil }
        // Accumulated as a negative number, which has room for Int64.min.
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// A positional float with at least one mantissa digit: decimal
    /// `digits [. digits] [e|E [sign] digits]`, or hexadecimal (after the
    /// `0x`) `hexdigits [. hexdigits] (p|P) [sign] digits`, whose binary
    /// exponent is required.
    private static func positionalFloat(_ scalars: Substring.UnicodeScalarView.SubSequence, hexadecimal: Bool) -> Double? {
        var cursor = scalars.startIndex
        func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            hexadecimal ? scalar.asciiHexValue != nil : scalar.asciiDecimalValue != nil
        }
        func digits() -> String {
            var result = ""
            while cursor < scalars.endIndex, isDigit(scalars[cursor]) {
                result.unicodeScalars.append(scalars[cursor])
                cursor = scalars.index(after: cursor)
            }
            return result
        }
        let integer = digits()
        var fraction = ""
        if cursor < scalars.endIndex, scalars[cursor] == "." {
            cursor = scalars.index(after: cursor)
            fraction = digits()
        }
        guard !(integer.isEmpty && fraction.isEmpty) else { return nil }
        guard let exponent = exponentPart(scalars, &cursor, markers: hexadecimal ? "pP" : "eE", required: hexadecimal),
            cursor == scalars.endIndex
        else { return nil }
        let mantissa = "\(integer.isEmpty ? "0" : integer).\(fraction.isEmpty ? "0" : fraction)"
        return Double(hexadecimal ? "0x\(mantissa)p\(exponent)" : "\(mantissa)e\(exponent)")
    }

    /// An exponent marker, optional sign and digits, returned as text
    /// (`"0"` when absent and optional); `nil` when malformed or missing.
    private static func exponentPart(
        _ scalars: Substring.UnicodeScalarView.SubSequence, _ cursor: inout Substring.UnicodeScalarView.Index,
        markers: String, required: Bool
    ) -> String? {
        guard cursor < scalars.endIndex, markers.unicodeScalars.contains(scalars[cursor]) else {
            return required ? nil : "0"
        }
        cursor = scalars.index(after: cursor)
        var text = ""
        if cursor < scalars.endIndex, scalars[cursor] == "+" || scalars[cursor] == "-" {
            text.unicodeScalars.append(scalars[cursor])
            cursor = scalars.index(after: cursor)
        }
        var sawDigit = false
        while cursor < scalars.endIndex, scalars[cursor].asciiDecimalValue != nil {
            text.unicodeScalars.append(scalars[cursor])
            sawDigit = true
            cursor = scalars.index(after: cursor)
        }
        return sawDigit ? text : nil
    }
}

/// A positive decimal `d1.d2d3... × 10^exponent` with no leading or trailing zero digits.
struct DecimalDigits: Equatable {
    /// The significant digits, most significant first (values 0...9).
    var digits: [UInt8]
    /// The power of ten of the first digit.
    var exponent: Int

    /// The shortest digits that read back as `value` (positive, finite),
    /// taken from Swift's own shortest round-trip description.
    init(shortest value: Double) {
        let text = "\(value)"
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponentPart = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var digits: [UInt8] = []
        var pointPosition: Int?
        for byte in parts[0].utf8 {
            if byte == UInt8(ascii: ".") {
                pointPosition = digits.count
            } else {
                digits.append(byte - UInt8(ascii: "0"))
            }
        }
        var integerDigits = pointPosition ?? digits.count
        while digits.first == 0 {
            digits.removeFirst()
            integerDigits -= 1
        }
        while digits.last == 0 { digits.removeLast() }
        self.digits = digits
        self.exponent = integerDigits - 1 + exponentPart
    }

    init(digits: [UInt8], exponent: Int) {
        self.digits = digits
        self.exponent = exponent
    }

    /// Java never prints a single significant digit: among the two-digit
    /// decimals that read back as `value`, it prints the one closest to it.
    /// Only subnormals have more than one (`4.9E-324`, not `5.0E-324`).
    func closestTwoDigits(to value: Double) -> DecimalDigits {
        let lead = Int(digits[0])
        let below = lead == 1 ? Self(digits: [9, 9], exponent: exponent - 1) : Self(digits: [UInt8(lead - 1), 9], exponent: exponent)
        let above = Self(digits: [UInt8(lead), 1], exponent: exponent)
        guard below.doubleValue == value || above.doubleValue == value else { return self }
        let exact = Self.exactRounded(value, significantDigits: 2)
        return exact.doubleValue == value ? exact : self
    }

    /// The double this decimal reads back as.
    var doubleValue: Double? {
        Double("\(digits.map { String($0) }.joined())e\(exponent - digits.count + 1)")
    }

    /// `value` rounded (half to even) to a number of significant digits,
    /// computed exactly from its binary form with a small big integer.
    static func exactRounded(_ value: Double, significantDigits: Int) -> DecimalDigits {
        let mantissa = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
        let binaryExponent = (value.isNormal ? Int(value.exponentBitPattern) : 1) - 1075
        // value = mantissa × 2^binaryExponent = integer × 10^decimalShift
        var integer = BigDecimalInteger(mantissa)
        var decimalShift = 0
        if binaryExponent >= 0 {
            for _ in 0..<binaryExponent { integer.multiply(by: 2) }
        } else {
            for _ in 0..<(-binaryExponent) { integer.multiply(by: 5) }
            decimalShift = binaryExponent
        }
        var all = integer.decimalDigits
        let exponent = all.count - 1 + decimalShift
        while all.count <= significantDigits { all.append(0) }
        var kept = Array(all.prefix(significantDigits))
        let next = all[significantDigits]
        let restNonZero = all.dropFirst(significantDigits + 1).contains { $0 != 0 }
        let roundUp = next > 5 || (next == 5 && (restNonZero || kept[kept.count - 1] % 2 == 1))
        var resultExponent = exponent
        if roundUp {
            var position = kept.count - 1
            while position >= 0 {
                if kept[position] == 9 {
                    kept[position] = 0
                    position -= 1
                } else {
                    kept[position] += 1
                    break
                }
            }
            if position < 0 {
                kept.insert(1, at: 0)
                kept.removeLast()
                resultExponent += 1
            }
        }
        while kept.count > 1, kept.last == 0 { kept.removeLast() }
        return DecimalDigits(digits: kept, exponent: resultExponent)
    }

    /// Java's notation for a positive value: plain between 10^-3 and 10^7, scientific otherwise.
    var javaText: String {
        let text = digits.map { String($0) }
        if exponent >= -3 && exponent < 7 {
            if exponent < 0 {
                return "0." + String(repeating: "0", count: -exponent - 1) + text.joined()
            }
            let integerCount = exponent + 1
            let integerPart = text.prefix(integerCount).joined()
                + String(repeating: "0", count: max(0, integerCount - text.count))
            let fraction = text.dropFirst(integerCount).joined()
            return integerPart + "." + (fraction.isEmpty ? "0" : fraction)
        }
        let fraction = text.dropFirst().joined()
        return text[0] + "." + (fraction.isEmpty ? "0" : fraction) + "E" + String(exponent)
    }
}

/// A non-negative integer in base 10^9 limbs, enough to expand a double exactly.
struct BigDecimalInteger {
    private var limbs: [UInt64]  // least significant first, each < 10^9
    private static let base: UInt64 = 1_000_000_000

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % Self.base)
            rest /= Self.base
        } while rest > 0
    }

    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        while carry > 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
    }

    /// The decimal digits, most significant first.
    var decimalDigits: [UInt8] {
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let piece = String(limb)
            text += String(repeating: "0", count: 9 - piece.count) + piece
        }
        return text.utf8.map { $0 - UInt8(ascii: "0") }
    }
}
