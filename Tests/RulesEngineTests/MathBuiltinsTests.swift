import Testing

@testable import RulesEngine

@Suite struct MathBuiltinsTests {
    static let cases: [CollectionsCase] = [
        // abs (fact 43)
        .function("math", "abs", [-1], returns: 1, "fact 43"),
        .function("math", "abs", [-2], returns: 2, "keeps int"),
        .function("math", "abs", [-2.5], returns: 2.5, "keeps float"),
        .function("math", "abs", [7], returns: 7),
        .function("math", "abs", [-0.0], returns: 0.0),
        .function("math", "abs", [.int(.min)], returns: .int(.min), "INT64_MIN stays itself"),
        .function("math", "abs", [.int(.max)], returns: .int(.max)),
        .function("math", "abs", [.float(-.infinity)], returns: .float(.infinity)),
        .function(
            "math", "abs", ["a"],
            throws: "Unsupported operation error. Received: math.abs(string). Expected: math.abs(int), math.abs(float)."
        ),
        .function(
            "math", "abs", [1, 2],
            throws: "Incorrect number of arguments. Received: 2. Expected: math.abs(int), math.abs(float)."),
        // ceil and floor return floats (facts 44, 45)
        .function("math", "ceil", [2.1], returns: 3.0, "fact 44"),
        .function("math", "ceil", [1.5], returns: 2.0, "fact 45"),
        .function("math", "ceil", [1], returns: 1.0, "int argument gives a float"),
        .function("math", "ceil", [-1.5], returns: -1.0),
        .function("math", "ceil", [-0.5], returns: -0.0),
        .function(
            "math", "ceil", ["a"],
            throws: "Unsupported operation error. Received: math.ceil(string). Expected: math.ceil(float)."),
        .function("math", "floor", [2.7], returns: 2.0, "fact 44"),
        .function("math", "floor", [-1.5], returns: -2.0),
        .function("math", "floor", [1], returns: 1.0, "int argument gives a float"),
        .function(
            "math", "floor", [nil],
            throws: "Unsupported operation error. Received: math.floor(null). Expected: math.floor(float)."),
        // round: Java Math.round (facts 46, 47)
        .function("math", "round", [2.5], returns: 3, "fact 46"),
        .function("math", "round", [-2.5], returns: -2, "fact 46"),
        .function("math", "round", [2.4], returns: 2, "fact 47"),
        .function("math", "round", [-1.5], returns: -1),
        .function("math", "round", [0.5], returns: 1),
        .function("math", "round", [-0.5], returns: 0),
        .function("math", "round", [-0.6], returns: -1),
        .function("math", "round", [0.49999999999999994], returns: 0, "no double rounding"),
        .function("math", "round", [4503599627370497.0], returns: 4_503_599_627_370_497, "2^52 + 1"),
        .function("math", "round", [.float(.nan)], returns: 0),
        .function("math", "round", [.float(.infinity)], returns: .int(.max)),
        .function("math", "round", [.float(-.infinity)], returns: .int(.min)),
        .function("math", "round", [1e30], returns: .int(.max), "saturates"),
        .function("math", "round", [-1e30], returns: .int(.min), "saturates"),
        .function("math", "round", [7], returns: 7, "int argument"),
        .function("math", "round", [.int(.max)], returns: .int(.max), "int argument is exact"),
        .function(
            "math", "round", ["a"],
            throws: "Unsupported operation error. Received: math.round(string). Expected: math.round(float)."),
        // sqrt (facts 49, 50)
        .function("math", "sqrt", [2.25], returns: 1.5, "fact 49"),
        .function("math", "sqrt", [4], returns: 2.0, "int argument gives a float"),
        .function("math", "sqrt", [-1], returns: .float(.nan), "no error"),
        .function(
            "math", "sqrt", ["a"],
            throws: "Unsupported operation error. Received: math.sqrt(string). Expected: math.sqrt(float)."),
        .function(
            "math", "sqrt", [], throws: "Incorrect number of arguments. Received: 0. Expected: math.sqrt(float)."),
        // pow (fact 48)
        .function("math", "pow", [1.5, 2], returns: 2.25, "fact 48"),
        .function("math", "pow", [4, 0.5], returns: 2.0, "fact 48"),
        .function("math", "pow", [2, 3], returns: 8.0, "always float"),
        .function("math", "pow", [2, -1], returns: 0.5),
        .function("math", "pow", [0, -1], returns: .float(.infinity)),
        .function("math", "pow", [.float(.nan), 0], returns: 1.0),
        .function("math", "pow", [1, .float(.nan)], returns: .float(.nan), "Java, unlike C"),
        .function("math", "pow", [1, .float(.infinity)], returns: .float(.nan), "Java, unlike C"),
        .function("math", "pow", [-8, .float(1.0 / 3.0)], returns: .float(.nan)),
        .function(
            "math", "pow", [2, "a"],
            throws: "Unsupported operation error. Received: math.pow(int, string). Expected: math.pow(float, float)."),
        .function(
            "math", "pow", [2],
            throws: "Incorrect number of arguments. Received: 1. Expected: math.pow(float, float)."),
        // isNaN (fact 50)
        .function("math", "isNaN", [.float(.nan)], returns: true, "fact 50"),
        .function("math", "isNaN", [1], returns: false, "accepts int"),
        .function("math", "isNaN", [1.5], returns: false),
        .function("math", "isNaN", [.float(.infinity)], returns: false),
        .function(
            "math", "isNaN", ["a"],
            throws: "Unsupported operation error. Received: math.isNaN(string). Expected: math.isNaN(float)."),
        // absent (fact 51)
        .function("math", "isInfinite", [1.0], throws: "Function not found error: Name: [math.isInfinite].", "fact 51"),
    ]

    @Test(arguments: cases)
    func mathFunction(_ testCase: CollectionsCase) {
        testCase.check()
    }

    @Test func isNaNOfSqrtOfMinusOne() throws {
        let root = try CollectionsCase.function("math", "sqrt", [-1], returns: nil).run().get()
        CollectionsCase.function("math", "isNaN", [root], returns: true, "fact 50").check()
    }

    @Test func mathNamespaceHasExactlyTheProductionFunctions() {
        let names = Set(BuiltinRegistry.mathBuiltins.map(\.name))
        #expect(names == ["abs", "ceil", "floor", "round", "sqrt", "pow", "isNaN"])
        #expect(BuiltinRegistry.function(namespace: "math", name: "isInfinite") == nil)
    }
}
