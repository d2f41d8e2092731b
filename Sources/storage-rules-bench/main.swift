import StorageEmulator

// Benchmarks that print numbers: `swift run -c release storage-rules-bench [engine|bucket|runner|lint|fmt|emulator|callgrind|bucket-callgrind|compile-callgrind|runner-callgrind|runner-load-callgrind|runner-suite|runner-suite-json]...`
// With no argument every group but the callgrind and suite ones runs; those run only when named.
let groups = CommandLine.arguments.dropFirst()
func wants(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

// The bucket and emulator groups are timed as `storage-rules serve` runs,
// with huge pages for the heaps (a million-object bucket is memory-bound).
// Not for the callgrind groups, which valgrind runs.
if wants("bucket") || wants("emulator") { HugePageRelaunch.relaunchIfUseful() }

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
// The runner benchmark's suite itself, to time `storage-rules test` on it as a whole process.
if groups.contains("runner-suite") { print(generatedSuite(cases: 10_000), terminator: "") }
if groups.contains("runner-suite-json") { print(generatedSuite(cases: 10_000, json: true), terminator: "") }
TargetTable.printTable()
