import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

@Suite struct MapBuiltinsTests {
    static let mapCases: [CollectionsCase] = [
        // get (facts 66, 67)
        .method(["a": 3, "b": 2], "get", ["c", 7], returns: 7, "fact 66"),
        .method(["a": 3, "b": 2], "get", ["a", 7], returns: 3),
        .method(["a": ["b": 1], "c": 2], "get", [["a", "b"], 7], returns: 1, "fact 67"),
        .method(["a": ["b": 1]], "get", [["a", "x"], 7], returns: 7, "missing nested key"),
        .method(["a": ["b": 1]], "get", [["x", "b"], 7], returns: 7, "missing first key"),
        .method(["a": 1], "get", [["a", "b"], "none"], returns: "none", "step through a non-map"),
        .method(["a": ["b": ["c": true]]], "get", [["a", "b", "c"], false], returns: true, "three levels"),
        .method(["a": ["b": 1]], "get", [["a"], 0], returns: ["b": 1], "one-step list"),
        .method(["a": 1], "get", [[], 0], returns: ["a": 1], "empty key list is the map itself"),
        .method(["a": nil], "get", ["a", 1], returns: nil, "present null is returned"),
        .method([:], "get", ["a", nil], returns: nil),
        .method(
            ["a": 1], "get", [1, 2],
            throws:
                "Unsupported operation error. Received: map.get(int, int). Expected: map.get(string, any), map.get(list, any)."
        ),
        .method(
            ["a": 1], "get", [["a", 1], 2],
            throws:
                "Unsupported operation error. Received: map.get(list<int>, int). Expected: map.get(string, any), map.get(list<string>, any)."
        ),
        .method(
            ["a": 1], "get", ["a"],
            throws: "Incorrect number of arguments. Received: 1. Expected: map.get(string, any), map.get(list, any)."),
        // keys and values in key order
        .method(["b": 1, "a": 2], "keys", returns: ["a", "b"]),
        .method([:], "keys", returns: []),
        .method(["b": 1, "a": 2, "c": 3], "values", returns: [2, 1, 3]),
        // Key order is the language's string order, UTF-16 code units (as `<`
        // compares): a surrogate pair sorts before U+FFFF, unlike code points.
        .method(["\u{FFFF}": 1, "😀": 2, "z": 3], "keys", returns: ["z", "😀", "\u{FFFF}"], "UTF-16 order"),
        .method(["\u{FFFF}": 1, "😀": 2, "z": 3], "values", returns: [3, 2, 1], "UTF-16 order"),
        .method([:], "values", returns: []),
        // size
        .method(["a": 1, "b": 2], "size", returns: 2),
        .method([:], "size", returns: 0),
        // diff
        .method(
            ["a": 1], "diff", [1],
            throws: "Unsupported operation error. Received: map.diff(int). Expected: map.diff(map)."),
        // not map methods
        .method(["a": 1], "hasAll", [["a"]], throws: "Function not found error: Name: [hasAll]."),
        .method(["a": 1], "hasAny", [["a"]], throws: "Function not found error: Name: [hasAny]."),
        .method(["a": 1], "hasOnly", [["a"]], throws: "Function not found error: Name: [hasOnly]."),
    ]

    @Test(arguments: mapCases)
    func mapMethod(_ testCase: CollectionsCase) {
        testCase.check()
    }

    @Test func diffKeepsReceiverAsNewAndArgumentAsOld() throws {
        let result = try CollectionsCase.method(["n": 1], "diff", [["o": 2]], returns: nil).run().get()
        guard case .mapDiff(let diff) = result else {
            Issue.record("not a map diff: \(result)")
            return
        }
        #expect(diff.new.sortedKeys == ["n"])
        #expect(diff.old.sortedKeys == ["o"])
    }

    /// `new.diff(old).method()` and the expected key set.
    struct DiffCase: Sendable, CustomTestStringConvertible {
        let new: Value
        let old: Value
        let method: String
        let keys: [String]
        let note: String

        var testDescription: String { "\(method) [\(note)]" }
    }

    static let diffCases: [DiffCase] = [
        DiffCase(new: ["a": 1], old: [:], method: "addedKeys", keys: ["a"], note: "R-MapDiff"),
        DiffCase(new: [:], old: ["a": 1], method: "removedKeys", keys: ["a"], note: "R-MapDiff"),
        DiffCase(new: ["a": 0], old: ["a": 1, "b": 4], method: "changedKeys", keys: ["a"], note: "R-MapDiff"),
        DiffCase(new: ["a": 0], old: ["a": 0], method: "unchangedKeys", keys: ["a"], note: "fact 70"),
        DiffCase(
            new: ["a": 0, "c": 0, "u": 0], old: ["r": 0, "c": 1, "u": 0], method: "affectedKeys",
            keys: ["a", "r", "c"], note: "fact 69"),
        DiffCase(
            new: ["a": 0, "c": 0, "u": 0], old: ["r": 0, "c": 1, "u": 0], method: "unchangedKeys", keys: ["u"],
            note: "fact 69 complement"),
        DiffCase(new: ["a": 0], old: ["a": 0], method: "affectedKeys", keys: [], note: "no change"),
        DiffCase(new: ["a": 1], old: ["a": 1.0], method: "changedKeys", keys: [], note: "1 vs 1.0 unchanged"),
        DiffCase(new: ["a": 0.0], old: ["a": -0.0], method: "unchangedKeys", keys: ["a"], note: "0.0 vs -0.0"),
        DiffCase(
            new: ["a": .float(.nan)], old: ["a": .float(.nan)], method: "unchangedKeys", keys: ["a"],
            note: "NaN vs NaN"),
        DiffCase(new: ["a": [1]], old: ["a": [1, 2]], method: "changedKeys", keys: ["a"], note: "lists"),
        DiffCase(new: ["a": ["x": 1]], old: ["a": ["x": 1.0]], method: "unchangedKeys", keys: ["a"], note: "nested"),
        DiffCase(new: ["a": nil], old: [:], method: "addedKeys", keys: ["a"], note: "null value is present"),
        DiffCase(new: ["a": "1"], old: ["a": 1], method: "changedKeys", keys: ["a"], note: "type change"),
    ]

    @Test(arguments: diffCases)
    func mapDiffMethod(_ testCase: DiffCase) throws {
        let diff = try CollectionsCase.method(testCase.new, "diff", [testCase.old], returns: nil).run().get()
        CollectionsCase.method(diff, testCase.method, returns: .set(RulesSet(testCase.keys.map(Value.string)))).check()
    }

    @Test func mapDiffMethodsRejectArguments() throws {
        let diff = try CollectionsCase.method(["a": 1], "diff", [[:]], returns: nil).run().get()
        for name in ["addedKeys", "removedKeys", "changedKeys", "unchangedKeys", "affectedKeys"] {
            CollectionsCase.method(
                diff, name, [1], throws: "Incorrect number of arguments. Received: 1. Expected: map_diff.\(name)()."
            ).check()
        }
        CollectionsCase.method(diff, "size", throws: "Function not found error: Name: [size].").check()
    }
}
