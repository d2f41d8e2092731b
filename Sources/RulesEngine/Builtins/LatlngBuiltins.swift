#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension BuiltinRegistry {
    /// The `latlng` namespace and the methods of latitude/longitude pairs.
    static let latlngBuiltins: [Builtin] = [
        Builtin(
            "value", on: .namespace("latlng"), signatures: [Signature([.float, .float])],
            summary: "A latitude/longitude pair in degrees (latitude -90 … 90, longitude -180 … 180).",
            examples: [
                .true("latlng.value(0.0, 0.0).latitude() == 0.0"),
                .true("latlng.value(37, -122.08).longitude() == -122.08"),
                .error(
                    "latlng.value(-100.0, -122.08)",
                    "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: -100.0, longitude: -122.08."
                ),
            ]
        ) { call throws(EvalError) in
            let latitude = try ValueCast.number(call[0])
            let longitude = try ValueCast.number(call[1])
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw .latlngOutOfRange(latitude: latitude, longitude: longitude)
            }
            return .latlng(LatLng(latitude: latitude, longitude: longitude))
        },
        Builtin(
            "latitude", on: .method(.latlng), signatures: [Signature([])],
            summary: "The latitude in degrees.",
            examples: [.true("latlng.value(12.5, 40).latitude() == 12.5")]
        ) { call throws(EvalError) in
            .float(try ValueCast.latlng(ValueCast.receiver(call)).latitude)
        },
        Builtin(
            "longitude", on: .method(.latlng), signatures: [Signature([])],
            summary: "The longitude in degrees.",
            examples: [.true("latlng.value(12.5, 40).longitude() == 40.0")]
        ) { call throws(EvalError) in
            .float(try ValueCast.latlng(ValueCast.receiver(call)).longitude)
        },
        Builtin(
            "distance", on: .method(.latlng), signatures: [Signature([.latlng])],
            summary: "The great-circle distance in meters (sphere of radius 6,371,010 m).",
            examples: [
                .true("latlng.value(10, 20).distance(latlng.value(10, 20)) == 0.0"),
                .true(
                    "latlng.value(0, 0).distance(latlng.value(0, 1)) > 111195.0 && latlng.value(0, 0).distance(latlng.value(0, 1)) < 111195.2"
                ),
                .error(
                    "latlng.value(0, 0).distance(1)",
                    "Unsupported operation error. Received: latlng.distance(int). Expected: latlng.distance(latlng)."),
            ]
        ) { call throws(EvalError) in
            .float(greatCircleDistance(try ValueCast.latlng(ValueCast.receiver(call)), try ValueCast.latlng(call[0])))
        },
    ]

    /// The Earth radius of the S2 geometry library, in meters.
    private static let earthRadiusMeters = 6_371_010.0

    /// Haversine distance between two points, in meters.
    private static func greatCircleDistance(_ a: LatLng, _ b: LatLng) -> Double {
        let radians = Double.pi / 180
        let lat1 = a.latitude * radians
        let lat2 = b.latitude * radians
        let halfLat = sin(0.5 * (lat2 - lat1))
        let halfLng = sin(0.5 * (b.longitude - a.longitude) * radians)
        let chord = halfLat * halfLat + halfLng * halfLng * cos(lat1) * cos(lat2)
        return 2 * asin(min(1, chord).squareRoot()) * earthRadiusMeters
    }
}

extension EvalError {
    /// `latlng.value` outside the valid ranges (numbers printed as Java prints doubles).
    public static func latlngOutOfRange(latitude: Double, longitude: Double) -> EvalError {
        EvalError(
            "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. "
                + "latitude: \(javaDoubleText(latitude)), longitude: \(javaDoubleText(longitude)).")
    }
}

/// A double as Java's `Double.toString` prints it: `-100.0`, `0.001`,
/// `1.0E7`, `1.0E-4`, `NaN`, `-Infinity` (shortest round-trip digits).
private func javaDoubleText(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    let sign = value.sign == .minus ? "-" : ""
    if value == 0 { return sign + "0.0" }

    // Swift prints the shortest round-trip digits, as `123.45`, `1e-05` or `1.5e+20`.
    let swiftText = value.magnitude.description
    let mantissa: Substring
    var exponent = 0
    if let e = swiftText.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        mantissa = swiftText[..<e]
        exponent = Int(swiftText[swiftText.index(after: e)...]) ?? 0
    } else {
        mantissa = swiftText[...]
    }
    let integerDigits =
        mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
        ?? mantissa.count
    var digits = Array(mantissa.filter { $0 != "." })
    // The value is 0.d1d2d3… × 10^pointPosition.
    var pointPosition = integerDigits + exponent
    while digits.first == "0" {
        digits.removeFirst()
        pointPosition -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    guard !digits.isEmpty else { return sign + "0.0" }

    if value.magnitude >= 1e-3 && value.magnitude < 1e7 {
        if pointPosition <= 0 {
            return sign + "0." + String(repeating: "0", count: -pointPosition) + String(digits)
        }
        if pointPosition >= digits.count {
            return sign + String(digits) + String(repeating: "0", count: pointPosition - digits.count) + ".0"
        }
        return sign + String(digits[..<pointPosition]) + "." + String(digits[pointPosition...])
    }
    let fraction = digits.count > 1 ? String(digits[1...]) : "0"
    return sign + String(digits[0]) + "." + fraction + "E" + String(pointPosition - 1)
}
