import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

@Suite struct LatLngTests {
    static let cases: [CollectionsCase] = [
        .function("latlng", "value", [0.0, 0.0], returns: V.latlng(0, 0)),
        .function("latlng", "value", [37, -122.08], returns: V.latlng(37, -122.08), "ints accepted"),
        .function("latlng", "value", [90, 180], returns: V.latlng(90, 180), "inclusive bounds"),
        .function("latlng", "value", [-90, -180], returns: V.latlng(-90, -180), "inclusive bounds"),
        .function(
            "latlng", "value", [-100.0, -122.08],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: -100.0, longitude: -122.08.",
            "fact 92"),
        .function(
            "latlng", "value", [0, 180.5],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: 0.0, longitude: 180.5."
        ),
        .function(
            "latlng", "value", [.float(.nan), 0],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: NaN, longitude: 0.0."
        ),
        .function(
            "latlng", "value", [1e300, .float(-.infinity)],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: 1.0E300, longitude: -Infinity."
        ),
        .function(
            "latlng", "value", [1e7, 0.0001],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: 1.0E7, longitude: 1.0E-4."
        ),
        .function(
            "latlng", "value", [1234567.5, -0.0],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: 1234567.5, longitude: -0.0."
        ),
        .function(
            "latlng", "value", [100, 0.001],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: 100.0, longitude: 0.001."
        ),
        .function(
            "latlng", "value", [-1.25e-5, 500.125],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: -1.25E-5, longitude: 500.125."
        ),
        .function(
            "latlng", "value", [9999999.0, 0.00001],
            throws:
                "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: 9999999.0, longitude: 1.0E-5."
        ),
        .function(
            "latlng", "value", ["a", 0],
            throws:
                "Unsupported operation error. Received: latlng.value(string, int). Expected: latlng.value(float, float)."
        ),
        .method(V.latlng(12.5, 40), "latitude", returns: 12.5),
        .method(V.latlng(12.5, 40), "longitude", returns: 40.0),
        .method(V.latlng(10, 20), "distance", [V.latlng(10, 20)], returns: 0.0),
        .method(
            V.latlng(0, 0), "distance", [1],
            throws: "Unsupported operation error. Received: latlng.distance(int). Expected: latlng.distance(latlng)."),
    ]

    @Test(arguments: cases)
    func latlngBuiltin(_ testCase: CollectionsCase) {
        testCase.check()
    }

    /// Distances in meters on a sphere of radius 6,371,010 m.
    @Test(arguments: [
        (0.0, 0.0, 0.0, 1.0, 111_195.10),  // one degree of the equator
        (0.0, 0.0, 1.0, 0.0, 111_195.10),  // one degree of a meridian
        (90.0, 0.0, -90.0, 0.0, 20_015_118.21),  // pole to pole: π R
        (0.0, 0.0, 0.0, 180.0, 20_015_118.21),  // antipodes on the equator
        (0.0, 179.5, 0.0, -179.5, 111_195.10),  // across the antimeridian
        (51.5007, -0.1246, 40.6892, -74.0445, 5_574_849.21),  // London to New York
    ])
    func distance(lat1: Double, lng1: Double, lat2: Double, lng2: Double, meters: Double) throws {
        let result = try CollectionsCase.method(V.latlng(lat1, lng1), "distance", [V.latlng(lat2, lng2)], returns: nil)
            .run().get()
        guard case .float(let distance) = result else {
            Issue.record("not a float: \(result)")
            return
        }
        #expect(abs(distance - meters) < 0.5, "distance \(distance)")
        let reverse = try CollectionsCase.method(V.latlng(lat2, lng2), "distance", [V.latlng(lat1, lng1)], returns: nil)
            .run().get()
        #expect(CollectionsValues.same(reverse, result) || abs((reverse.numericValue ?? 0) - distance) < 1e-6)
    }
}
