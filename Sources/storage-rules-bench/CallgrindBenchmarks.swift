import RulesEngine
import RulesSyntax

/// Decisions for instruction counting, which machine load does not change:
///
///     valgrind --tool=callgrind --toggle-collect='*callgrindDecisions*' \
///         .build/release/storage-rules-bench callgrind
///
/// runs 1,000 decisions of each kind inside the counted function (the
/// create allowed through two functions and a regex, the get denied by its
/// condition, the get under an unconditional allow): the total divided by
/// 3,000 is the instruction count per decision (`isAllowed`);
/// `callgrindExplainedDecisions` does the same through `authorize`, which
/// builds the explanation. `callgrindWideDecisions`
/// (count it with its own `--toggle-collect`) runs the create 1,000 times
/// among 200 match blocks, `callgrindSingleBlockDecisions` and
/// `callgrindDeniedDecisions` one kind alone, `callgrindBuiltDecisions`
/// builds each create from its parts before deciding it, and
/// `callgrindTracedDecisions` decides the create with a full trace.
func runCallgrindBenchmarks() {
    print("== callgrind (3,000 decisions in callgrindDecisions)")
    guard let compiled = BenchmarkPolicy.compiled() else { return }
    let requests = [BenchmarkPolicy.create, BenchmarkPolicy.deniedGet, BenchmarkPolicy.publicGet]
    // Warm up (regex compilation, lazily built tables) outside the count.
    for request in requests { _ = compiled.isAllowed(request) }
    let granted = callgrindDecisions(compiled, requests, rounds: 1000)
    print("granted \(granted) of 3000 (expected 2000)")
    for request in requests { _ = compiled.authorize(request) }
    let explained = callgrindExplainedDecisions(compiled, requests, rounds: 1000)
    print("explained \(explained) grants of 3000 (expected 2000)")
    guard let wide = CompiledRuleset.compile(SourceFile(path: "wide.rules", text: manyBlockRules(blocks: 200))).ruleset else {
        print("the 200-block rules did not compile")
        return
    }
    _ = wide.isAllowed(requests[0])
    print("granted \(callgrindSingleBlockDecisions(compiled, requests[0], rounds: 1000)) of 1000 creates (expected 1000)")
    print("denied \(callgrindDeniedDecisions(compiled, requests[1], rounds: 1000)) of 1000 gets (expected 1000)")
    print("granted \(callgrindBuiltDecisions(compiled, rounds: 1000)) of 1000 built creates (expected 1000)")
    var traced = requests[0]
    traced.recordsTrace = true
    print("granted \(callgrindTracedDecisions(compiled, traced, rounds: 1000)) of 1000 traced creates (expected 1000)")
    let wideGranted = callgrindWideDecisions(wide, requests[0], rounds: 1000)
    print("granted \(wideGranted) of 1000 creates among 200 blocks (expected 1000)")
}

/// The counted function for path dispatch: `rounds` decisions of the
/// allowed create against a ruleset of 200 match blocks (compare with
/// `callgrindDecisions`' create against one block).
@inline(never)
func callgrindWideDecisions(_ ruleset: CompiledRuleset, _ request: AuthorizationRequest, rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds where ruleset.isAllowed(request) { granted += 1 }
    return granted
}

/// The counted function: `rounds` decisions of each request.
@inline(never)
func callgrindDecisions(_ ruleset: CompiledRuleset, _ requests: [AuthorizationRequest], rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds {
        for request in requests where ruleset.isAllowed(request) { granted += 1 }
    }
    return granted
}

/// The counted function for decisions with their explanation: the same
/// requests as `callgrindDecisions`, through `authorize`.
@inline(never)
func callgrindExplainedDecisions(_ ruleset: CompiledRuleset, _ requests: [AuthorizationRequest], rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds {
        for request in requests where ruleset.authorize(request).allowed { granted += 1 }
    }
    return granted
}

/// The denied get alone, 1,000 times.
@inline(never)
func callgrindDeniedDecisions(_ ruleset: CompiledRuleset, _ request: AuthorizationRequest, rounds: Int) -> Int {
    var denied = 0
    for _ in 0..<rounds where !ruleset.isAllowed(request) { denied += 1 }
    return denied
}

/// The same create as `callgrindWideDecisions`, against the one-block
/// ruleset: the baseline of the 200-block ratio.
@inline(never)
func callgrindSingleBlockDecisions(_ ruleset: CompiledRuleset, _ request: AuthorizationRequest, rounds: Int) -> Int {
    // Counts down rather than up, so that the optimizer does not merge
    // this function with `callgrindWideDecisions` (toggling one would then
    // count the other).
    var denied = rounds
    for _ in 0..<rounds where ruleset.isAllowed(request) { denied -= 1 }
    return rounds - denied
}

/// The create built from its parts (identity, object fields, request) and
/// then decided, 1,000 times: what a caller pays with no prepared request.
@inline(never)
func callgrindBuiltDecisions(_ ruleset: CompiledRuleset, rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds where ruleset.isAllowed(BenchmarkPolicy.buildCreate()) { granted += 1 }
    return granted
}

/// The create through `authorize` with a full trace, 1,000 times: the
/// numerator of the traced / untraced ratio.
@inline(never)
func callgrindTracedDecisions(_ ruleset: CompiledRuleset, _ request: AuthorizationRequest, rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds where ruleset.authorize(request).allowed { granted += 1 }
    return granted
}
