import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

@Suite struct ListBuiltinsTests {
    static let cases: [CollectionsCase] = [
        // concat
        .method([1, 2], "concat", [[2, 3]], returns: [1, 2, 2, 3]),
        .method([], "concat", [["a"]], returns: ["a"]),
        .method(["a"], "concat", [[]], returns: ["a"]),
        .method(
            [1], "concat", [1],
            throws: "Unsupported operation error. Received: list.concat(int). Expected: list.concat(list)."),
        .method([1], "concat", [], throws: "Incorrect number of arguments. Received: 0. Expected: list.concat(list)."),
        // hasAll
        .method(["file", "txt"], "hasAll", [["file", "txt"]], returns: true),
        .method(["a", "b"], "hasAll", [["a", "c"]], returns: false),
        .method(["a"], "hasAll", [[]], returns: true),
        .method(
            ["a", "b"], "hasAll", [V.set("b", "a")],
            throws: "Unsupported operation error. Received: list.hasAll(set). Expected: list.hasAll(list)."),
        .method([1, 2], "hasAll", [[2.0]], returns: true, "numbers compare by value"),
        .method(
            ["a"], "hasAll", ["a"],
            throws:
                "Unsupported operation error. Received: list.hasAll(string). Expected: list.hasAll(list)."
        ),
        // hasAny
        .method(["a", "b"], "hasAny", [["c", "b"]], returns: true),
        .method(["a", "b"], "hasAny", [["c"]], returns: false),
        .method(["a"], "hasAny", [[]], returns: false),
        .method([], "hasAny", [["a"]], returns: false),
        .method(
            ["a", "b"], "hasAny", [V.set("b")],
            throws: "Unsupported operation error. Received: list.hasAny(set). Expected: list.hasAny(list)."),
        .method(
            ["a"], "hasAny", ["a"],
            throws:
                "Unsupported operation error. Received: list.hasAny(string). Expected: list.hasAny(list)."
        ),
        // hasOnly (facts 52, 53)
        .method(["a", "b"], "hasOnly", [["a", "c"]], returns: false, "fact 52"),
        .method(["a", "a", "b"], "hasOnly", [["a", "b", "b", "c"]], returns: true, "fact 53"),
        .method(["a", "a", "b"], "hasOnly", [["a", "b", "b"]], returns: true),
        .method([], "hasOnly", [[]], returns: true),
        .method(["a"], "hasOnly", [[]], returns: false),
        .method(
            ["a", "b"], "hasOnly", [V.set("a", "b", "c")],
            throws: "Unsupported operation error. Received: list.hasOnly(set). Expected: list.hasOnly(list)."),
        // join (fact 55)
        .method(["a", "b"], "join", [","], returns: "a,b", "fact 55"),
        .method(["file", "txt"], "join", ["."], returns: "file.txt"),
        .method([], "join", ["-"], returns: ""),
        .method(["only"], "join", ["--"], returns: "only"),
        .method(["a", "b", "c"], "join", [""], returns: "abc"),
        .method(
            ["a", 1], "join", [","],
            throws:
                "Unsupported operation error. Received: list<int>.join(string). Expected: list<string>.join(string)."),
        .method(
            [nil], "join", [","],
            throws:
                "Unsupported operation error. Received: list<null>.join(string). Expected: list<string>.join(string)."),
        .method(
            ["a"], "join", [1],
            throws: "Unsupported operation error. Received: list.join(int). Expected: list.join(string)."),
        // removeAll (fact 54)
        .method([1, 2], "removeAll", [[1]], returns: [2], "fact 54"),
        .method(["a", "b", "a", "c"], "removeAll", [["a", "x"]], returns: ["b", "c"], "all occurrences"),
        .method([1, 2], "removeAll", [[]], returns: [1, 2], "identity"),
        .method([1, 2.0, 3], "removeAll", [[2]], returns: [1, 3], "numbers compare by value"),
        .method([[1], [2]], "removeAll", [[[1]]], returns: [[2]], "nested lists"),
        .method(
            [1], "removeAll", [V.set(1)],
            throws: "Unsupported operation error. Received: list.removeAll(set). Expected: list.removeAll(list)."),
        // size
        .method([1, 2, 2], "size", returns: 3),
        .method([], "size", returns: 0),
        .method([1], "size", [1], throws: "Incorrect number of arguments. Received: 1. Expected: list.size()."),
        // toSet (fact 65)
        .method(["a", "b", "a"], "toSet", returns: V.set("a", "b")),
        .method([1, 1.0], "toSet", returns: V.set(1), "fact 65"),
        .method([], "toSet", returns: V.set()),
        // not list methods (fact 64)
        .method(
            ["a", "b"], "difference", [V.set("a")], throws: "Function not found error: Name: [difference].", "fact 64"),
        .method(["a"], "union", [V.set("a")], throws: "Function not found error: Name: [union]."),
        .method(["a"], "intersection", [V.set("a")], throws: "Function not found error: Name: [intersection]."),
    ]

    @Test(arguments: cases)
    func listMethod(_ testCase: CollectionsCase) {
        testCase.check()
    }

    @Test func toSetKeepsTheFirstOfEqualElements() throws {
        let result = try CollectionsCase.method([1, 1.0, 0.0, -0.0], "toSet", returns: nil).run().get()
        guard case .set(let set) = result else {
            Issue.record("not a set: \(result)")
            return
        }
        #expect(set.count == 2)
        #expect(CollectionsValues.same(set.elements[0], 1))
        #expect(CollectionsValues.same(set.elements[1], 0.0))
    }

    @Test func fact65SizeOfNumericallyEqualSet() throws {
        let set = try CollectionsCase.method([1, 1.0], "toSet", returns: nil).run().get()
        let size = try CollectionsCase.method(set, "size", returns: nil).run().get()
        #expect(CollectionsValues.same(size, 1))
    }
}
