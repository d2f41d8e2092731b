import Testing

@testable import RulesEngine

/// Compiled conditions and functions refer to each other; none of it may
/// outlive the ruleset (the emulator recompiles on every rules edit).
@Suite struct CompiledMemoryTests {
    @Test func compiledFunctionsAreFreedWithTheirRuleset() throws {
        weak var function: FunctionCode?
        weak var caller: FunctionCode?
        try {
            let rules = Engine.storageRules("""
                function f(a) { let x = a + 1; let y = x * 2; return y > 2; }
                function g() { let z = f(1); return z; }
                match /{path=**} { allow get: if g(); }
                """)
            let compiled = try #require(Engine.compile(rules))
            let scope = try #require(compiled.program.matches.first?.scope)
            function = scope.function(named: "f")?.0.code
            caller = scope.function(named: "g")?.0.code
            #expect(function != nil && caller != nil)
            let decision = compiled.authorize(AuthorizationRequest(
                method: .get, bucket: Engine.bucket, objectPath: "x", time: Engine.time, recordsTrace: false))
            #expect(decision.allowed)
        }()
        #expect(function == nil, "a function's compiled code outlived its ruleset")
        #expect(caller == nil, "a caller's compiled code outlived its ruleset")
    }
}
