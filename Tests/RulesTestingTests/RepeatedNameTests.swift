import Testing

@testable import RulesTesting

/// The loader's check for a case name used twice: the first repeat in
/// document order, named with the earliest case that has the name.
@Suite("Repeated case names")
struct RepeatedNameTests {
    private static func cases(_ names: [String]) -> [TestCase] {
        names.enumerated().map { index, name in
            TestCase(
                name: name, location: SuiteLocation(file: "s.test.yaml", line: index + 1, column: 5), skipReason: nil,
                firestore: [:], steps: [], isSequence: false)
        }
    }

    private static func repeated(_ names: [String], hashes: [Int]? = nil) -> [Int]? {
        let cases = cases(names)
        return CaseContext.firstRepeatedName(in: cases, hashes: hashes ?? cases.map(\.name.hashValue)).map { [$0.index, $0.first] }
    }

    @Test("names used once, then the first repeat and its earliest case")
    func firstRepeat() {
        #expect(Self.repeated([]) == nil)
        #expect(Self.repeated(["a", "b", "c"]) == nil)
        #expect(Self.repeated(["a", "b", "a", "b"]) == [2, 0])
        #expect(Self.repeated(["a", "b", "b", "a"]) == [2, 1])
        #expect(Self.repeated(["x", "a", "y", "a", "a"]) == [3, 1])
        let many = (0..<5000).map { "case \($0)" }
        #expect(Self.repeated(many) == nil)
        #expect(Self.repeated(many + ["case 4321"]) == [5000, 4321])
    }

    @Test("names compare as Swift strings: canonically equivalent spellings are the same name")
    func canonicalEquivalence() {
        #expect(Self.repeated(["caf\u{E9}", "cafe\u{301}"]) == [1, 0])
        #expect(Self.repeated(["A", "a"]) == nil)
    }

    @Test("equal hashes of different names are not a repeat; probing goes on past them")
    func collidingHashes() {
        let names = ["a", "b", "c", "b", "d"]
        #expect(Self.repeated(names, hashes: Array(repeating: 7, count: names.count)) == [3, 1])
        #expect(Self.repeated(["a", "b", "c"], hashes: [0, 16, 32]) == nil)
        #expect(Self.repeated(["p", "q", "p"], hashes: [-1, -1, -1]) == [2, 0])
    }
}
