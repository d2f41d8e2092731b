// Benchmarks that print numbers: `swift run -c release storage-rules-bench [engine|bucket|runner|callgrind|bucket-callgrind]...`
// With no argument the engine, bucket and runner groups run; the callgrind groups run only when named.
let groups = CommandLine.arguments.dropFirst()
func wants(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

if wants("engine") { runEngineBenchmarks() }
if wants("bucket") { runBucketBenchmarks() }
if wants("runner") { runRunnerBenchmarks() }
if groups.contains("callgrind") { runCallgrindBenchmarks() }
if groups.contains("bucket-callgrind") { runBucketCallgrind() }
TargetTable.printTable()
