import Testing

@testable import StorageSimulator

@Suite("Sparse fields")
struct SparseFieldsTests {
    struct Pair: DefaultedFields {
        var first = 0
        var second: String?
        var isDefault: Bool { first == 0 && second == nil }
    }

    @Test("no box while every field is at its default, and none again once they are back")
    func boxOnlyWhenNeeded() {
        var fields = SparseFields(Pair())
        #expect(fields.isDefault && fields.nonDefault == nil)
        fields.change { $0.first = 3 }
        #expect(!fields.isDefault && fields.nonDefault == Pair(first: 3, second: nil))
        fields.change { $0.second = "s" }
        fields.change { $0.first = 0 }
        #expect(fields.fields == Pair(first: 0, second: "s"))
        fields.change { $0.second = nil }
        #expect(fields.isDefault && fields.nonDefault == nil)
        #expect(fields == SparseFields() && fields.hashValue == SparseFields<Pair>().hashValue)
    }

    @Test("a copy keeps its fields when the original changes, each changed in turn")
    func copiesAreIndependent() {
        var original = SparseFields(Pair(first: 1, second: "a"))
        var copy = original
        original.change { $0.first = 2 }
        #expect(copy.fields == Pair(first: 1, second: "a"))
        copy.change { $0.second = "b" }
        #expect(original.fields == Pair(first: 2, second: "a"))
        #expect(copy.fields == Pair(first: 1, second: "b"))
    }

    @Test("equal fields are equal and hash alike, boxed apart or shared")
    func equality() {
        let built = SparseFields(Pair(first: 5, second: "x"))
        var changed = SparseFields<Pair>()
        changed.change {
            $0.first = 5
            $0.second = "x"
        }
        #expect(built == changed && built.hashValue == changed.hashValue)
        #expect(built != SparseFields(Pair(first: 5, second: "y")))
    }
}
