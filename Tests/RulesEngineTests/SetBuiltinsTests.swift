import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

@Suite struct SetBuiltinsTests {
    static let cases: [CollectionsCase] = [
        // size
        .method(V.set("a", "b"), "size", returns: 2),
        .method(V.set(), "size", returns: 0),
        .method(V.set(1, 1.0, 0.0, -0.0), "size", returns: 2, "numbers by value"),
        .method(V.set(.float(.nan), .float(.nan)), "size", returns: 1, "NaN equals itself in sets"),
        // hasAll (fact 62)
        .method(V.set("a", "b"), "hasAll", [["a", "c"]], returns: false, "fact 62"),
        .method(V.set("d", "e", "f"), "hasAll", [["d", "e"]], returns: true),
        .method(V.set("a", "b"), "hasAll", [V.set("b")], returns: true),
        .method(V.set("a"), "hasAll", [[]], returns: true),
        .method(V.set(1), "hasAll", [[1.0]], returns: true, "numbers by value"),
        .method(V.set(.float(.nan)), "hasAll", [[.float(.nan)]], returns: true, "NaN"),
        .method(
            V.set("a"), "hasAll", ["a"],
            throws:
                "Unsupported operation error. Received: set.hasAll(string). Expected: set.hasAll(list), set.hasAll(set)."
        ),
        // hasAny
        .method(V.set("a", "b"), "hasAny", [["c", "a"]], returns: true),
        .method(V.set("a", "b"), "hasAny", [V.set("c")], returns: false),
        .method(V.set("a"), "hasAny", [[]], returns: false),
        // hasOnly
        .method(V.set("a", "b"), "hasOnly", [["a", "b", "c"]], returns: true),
        .method(V.set("a", "b"), "hasOnly", [V.set("a")], returns: false),
        .method(V.set(), "hasOnly", [[]], returns: true),
        .method(V.set(1), "hasOnly", [[1.0]], returns: true, "numbers by value"),
        // difference (facts 59, 63)
        .method(V.set("a", "b"), "difference", [V.set("a", "c")], returns: V.set("b"), "fact 59"),
        .method(V.set("a", "c"), "difference", [V.set("a", "b")], returns: V.set("c"), "receiver minus argument"),
        .method(V.set("a"), "difference", [V.set("a")], returns: V.set()),
        .method(V.set(1, 2), "difference", [V.set(1.0)], returns: V.set(2), "numbers by value"),
        .method(
            V.set("a", "b"), "difference", [["a"]],
            throws: "Unsupported operation error. Received: set.difference(list). Expected: set.difference(set).",
            "fact 63"),
        // intersection (fact 61)
        .method(V.set("a", "b"), "intersection", [V.set("a", "c")], returns: V.set("a"), "fact 61"),
        .method(V.set("a"), "intersection", [V.set()], returns: V.set()),
        .method(
            V.set("a"), "intersection", [["a"]],
            throws: "Unsupported operation error. Received: set.intersection(list). Expected: set.intersection(set)."),
        // union (fact 60)
        .method(V.set("a", "b"), "union", [V.set("a", "c")], returns: V.set("a", "b", "c"), "fact 60"),
        .method(V.set(), "union", [V.set()], returns: V.set()),
        .method(V.set(1), "union", [V.set(1.0, 2)], returns: V.set(1, 2), "numbers by value"),
        .method(
            V.set("a"), "union", [["b"]],
            throws: "Unsupported operation error. Received: set.union(list). Expected: set.union(set)."),
        .method(
            V.set("a"), "union", [], throws: "Incorrect number of arguments. Received: 0. Expected: set.union(set)."),
        // not set methods
        .method(V.set("a"), "join", [","], throws: "Function not found error: Name: [join]."),
        .method(V.set("a"), "toSet", throws: "Function not found error: Name: [toSet]."),
    ]

    @Test(arguments: cases)
    func setMethod(_ testCase: CollectionsCase) {
        testCase.check()
    }

    @Test func unionKeepsReceiverOrderThenNewElements() throws {
        let result = try CollectionsCase.method(V.set("b", "a"), "union", [V.set("c", "a")], returns: nil).run().get()
        guard case .set(let set) = result else {
            Issue.record("not a set: \(result)")
            return
        }
        #expect(set.elements.compactMap(\.stringValue) == ["b", "a", "c"])
    }
}
