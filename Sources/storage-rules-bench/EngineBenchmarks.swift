import RulesEngine
import RulesSyntax

/// Compile and authorize throughput of the rules engine.
func runEngineBenchmarks() {
    print("== rules engine")
    let source = BenchmarkPolicy.source
    measure("compile a 12-line ruleset", iterations: 5_000) {
        _ = CompiledRuleset.compile(source)
    }
    guard let compiled = BenchmarkPolicy.compiled() else { return }
    let create = BenchmarkPolicy.create
    let get = BenchmarkPolicy.publicGet
    let denied = BenchmarkPolicy.deniedGet
    // The verdict alone: what an emulator or a test asks for most.
    let allow = measure("isAllowed create (functions, regex)", iterations: 1_000_000) {
        _ = compiled.isAllowed(create)
    }
    TargetTable.record("decide: allow (functions, regex)", allow)
    let deny = measure("isAllowed get (denied by condition)", iterations: 1_000_000) {
        _ = compiled.isAllowed(denied)
    }
    TargetTable.record("decide: deny by condition", deny)
    let unconditional = measure("isAllowed get (unconditional allow)", iterations: 2_000_000) {
        _ = compiled.isAllowed(get)
    }
    TargetTable.record("decide: unconditional allow", unconditional)
    // The decision with its explanation (matched blocks, allows, outcomes).
    let explained = measure("authorize create (functions, regex), no trace", iterations: 100_000) {
        _ = compiled.authorize(create)
    }
    var traced = create
    traced.recordsTrace = true
    let tracedAllow = measure("authorize create (functions, regex), with trace", iterations: 100_000) {
        _ = compiled.authorize(traced)
    }
    TargetTable.record("decide: traced / untraced, same allow", tracedAllow / explained)
    print("  traced authorize / isAllowed: \(String(format: "%.1f", tracedAllow / allow))×")
    measure("authorize get (unconditional allow)", iterations: 200_000) {
        _ = compiled.authorize(get)
    }
    measure("authorize get (denied by condition)", iterations: 200_000) {
        _ = compiled.authorize(denied)
    }
    measure("build the create request and its resource, then isAllowed", iterations: 100_000) {
        _ = compiled.isAllowed(BenchmarkPolicy.buildCreate())
    }
    runScalingBenchmarks(singleBlockAllow: allow, request: create)
}
