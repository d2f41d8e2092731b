// Benchmarks that print numbers: `swift run -c release storage-rules-bench [engine|bucket|runner|lint|fmt|emulator|callgrind|bucket-callgrind|compile-callgrind|runner-callgrind|runner-load-callgrind]...`
// With no argument every group but the callgrind ones runs; those run only when named.
let groups = CommandLine.arguments.dropFirst()
func wants(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

if wants("engine") { runEngineBenchmarks() }
if wants("bucket") { runBucketBenchmarks() }
if wants("runner") { runRunnerBenchmarks() }
if wants("emulator") { await runEmulatorBenchmarks() }
if wants("lint") { runLintBenchmarks() }
if wants("fmt") { runFormatBenchmarks() }
if groups.contains("callgrind") { runCallgrindBenchmarks() }
if groups.contains("bucket-callgrind") { runBucketCallgrind() }
if groups.contains("compile-callgrind") { runCompileCallgrind() }
if groups.contains("runner-callgrind") { runRunnerCallgrind(running: true) }
if groups.contains("runner-load-callgrind") { runRunnerCallgrind(running: false) }
TargetTable.printTable()
