import RulesEngine
import RulesSyntax

/// Compiles for instruction counting:
///
///     valgrind --tool=callgrind --toggle-collect='*callgrindCompiles*' \
///         .build/release/storage-rules-bench compile-callgrind
///
/// compiles the scaling benchmark's large file (``largeRulesSource``) 10
/// times inside the counted function: the total divided by 10 is the count
/// per compile.
func runCompileCallgrind() {
    print("== compile-callgrind (10 compiles in callgrindCompiles)")
    let large = largeRulesSource
    // Warm up (builtin tables, regex cache) outside the count.
    _ = CompiledRuleset.compile(large)
    print("compiled \(callgrindCompiles(large, rounds: 10)) of 10")
}

/// The counted function: `rounds` compiles of `source`.
@inline(never)
func callgrindCompiles(_ source: SourceFile, rounds: Int) -> Int {
    var compiled = 0
    for _ in 0..<rounds where CompiledRuleset.compile(source).ruleset != nil { compiled += 1 }
    return compiled
}
