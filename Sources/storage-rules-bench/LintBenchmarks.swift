import Foundation
import RulesLint
import RulesSyntax

/// Speed of `storage-rules lint`: every rules file of the corpus, the
/// examples and the conformance folder linted in-process, and one typical
/// file through the release binary, process start included.
func runLintBenchmarks() {
    print("== lint")
    let files = lintBenchmarkFiles()
    let sources = files.compactMap { url -> SourceFile? in
        (try? String(contentsOf: url, encoding: .utf8)).map { SourceFile(path: url.path, text: $0) }
    }
    guard !sources.isEmpty else {
        print("no rules files found (run from the package root, with ../shared/corpus beside it)")
        return
    }
    let linter = Linter()
    var best = Double.infinity
    for _ in 0..<5 {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for source in sources { _ = linter.lint(source) }
        }
        best = min(best, seconds(elapsed))
    }
    print(pad("lint \(sources.count) files (corpus, examples, conformance), best of 5", 58) + pad(format(best), 14) + formatRate(Double(sources.count) / best) + " files/s")
    if let typical = sources.first(where: { $0.path.hasSuffix("rules-examples/images/storage.rules") }) {
        measure("lint one typical file (\(typical.lineCount) lines), in-process", iterations: 2_000) { _ = linter.lint(typical) }
    }
    measureLintProcess()
}

/// The rules files the lint benchmark reads.
func lintBenchmarkFiles() -> [URL] {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let folders = [
        root.deletingLastPathComponent().appendingPathComponent("shared/corpus"), URL(fileURLWithPath: "/work/shared/corpus"),
        root.appendingPathComponent("rules-examples"), root.appendingPathComponent("conformance"),
    ]
    var seen: Set<String> = []
    var files: [URL] = []
    for folder in folders {
        for path in RulesFileDiscovery.rulesFiles(under: folder.path) ?? [] {
            let url = URL(fileURLWithPath: path)
            if seen.insert(url.resolvingSymlinksInPath().path).inserted { files.append(url) }
        }
    }
    return files.sorted { $0.path < $1.path }
}

/// `storage-rules lint <typical file>` as a new process (spawned and waited
/// for directly, so no run-loop polling adds to the time): the fastest and
/// the median of 20 runs (the fastest is the least disturbed by other load).
func measureLintProcess() {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storage-rules").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("lint one file as a process: build the storage-rules product in the same configuration first")
        return
    }
    let arguments = [binary, "lint", "rules-examples/images/storage.rules"]
    var times: [Double] = []
    for _ in 0..<20 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            posix_spawn_file_actions_destroy(&actions)
        }
        let clock = ContinuousClock()
        var spawned = true
        let elapsed = clock.measure {
            var pid = pid_t()
            guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
                spawned = false
                return
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        guard spawned else {
            print("lint one file as a process: could not start \(binary)")
            return
        }
        times.append(seconds(elapsed))
    }
    times.sort()
    print(pad("storage-rules lint <one typical file>, process start included", 58) + pad(format(times[0]), 14) + "fastest of 20; median " + format(times[times.count / 2]))
}
