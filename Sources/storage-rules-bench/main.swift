// Benchmarks that print numbers: `swift run -c release storage-rules-bench [engine|bucket|runner]...`
// With no argument every group runs.
let groups = CommandLine.arguments.dropFirst()
func wants(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

if wants("engine") { runEngineBenchmarks() }
if wants("bucket") { runBucketBenchmarks() }
if wants("runner") { runRunnerBenchmarks() }
if groups.contains("callgrind") { runCallgrindBenchmarks() }
if groups.contains("bucket-callgrind") { runBucketCallgrind() }
TargetTable.printTable()
