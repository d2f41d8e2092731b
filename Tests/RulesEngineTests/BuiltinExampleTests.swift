import RulesEngine
import Testing

/// Runs every example declared on every builtin.
struct BuiltinExampleTests {
    static var examples: [(String, BuiltinExample)] {
        BuiltinRegistry.all.flatMap { builtin in builtin.examples.map { (builtin.qualifiedName, $0) } }
    }

    @Test func everyBuiltinHasAnExampleOrIsExempt() {
        let exempt: Set<String> = ["debug"]
        for builtin in BuiltinRegistry.all where builtin.examples.isEmpty && !exempt.contains(builtin.name) {
            Issue.record("\(builtin.qualifiedName) has no example")
        }
    }

    @Test(arguments: examples)
    func example(_ name: String, _ example: BuiltinExample) {
        let expected: Expected = example.error.map { .error($0) } ?? .true
        Engine.expect(Engine.outcome(of: example.expression), expected, "\(name): \(example.expression)")
    }

    @Test func productionHasNoBoolOrIsInfinite() {
        #expect(BuiltinRegistry.global("bool") == nil)
        #expect(BuiltinRegistry.function(namespace: "math", name: "isInfinite") == nil)
    }
}
