import Dispatch
import Foundation
import RulesEngine
import RulesTesting
import StorageEmulator

/// Throughput of `storage-rules test` on a generated suite of 10,000 cases:
/// loading (YAML to cases), running (every case on a fresh in-memory bucket,
/// in parallel; without traces, as the CLI runs, and with them, as coverage
/// runs) and both together, as suites and cases per second.
func runRunnerBenchmarks() {
    let caseCount = 10_000
    print("== test runner (a generated suite of \(caseCount) cases, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
    let text = generatedSuite(cases: caseCount)
    let path = "generated.test.yaml"
    let startTime = Timestamp(seconds: 1_767_225_600)

    var bestLoad = Double.infinity
    var bestRun = Double.infinity
    var bestTracedRun = Double.infinity
    var bestTotal = Double.infinity
    var summary = ""
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let suite: TestSuite
        do {
            suite = try SuiteLoader().load(text: text, path: path)
        } catch {
            print("the generated suite did not load: \(error)")
            return
        }
        let loaded = clock.now
        // As `storage-rules test` runs without coverage or JSON: no traces.
        let results = blocking {
            await TestRunner(options: RunOptions(startTime: startTime, recordsTraces: false)).run([suite])
        }
        let finished = clock.now
        _ = blocking {
            await TestRunner(options: RunOptions(startTime: startTime, recordsTraces: true)).run([suite])
        }
        bestTracedRun = min(bestTracedRun, seconds(clock.now - finished))
        let load = seconds(loaded - loadStart)
        let run = seconds(finished - loaded)
        bestLoad = min(bestLoad, load)
        bestRun = min(bestRun, run)
        bestTotal = min(bestTotal, load + run)
        summary = RunResult(suites: results, loadErrors: []).summaryLine
    }
    print(pad("load the suite (YAML to \(caseCount) cases)", 58) + pad(format(bestLoad), 14) + formatRate(1 / bestLoad) + " suites/s, " + formatRate(Double(caseCount) / bestLoad) + " cases/s")
    let jsonText = generatedSuite(cases: caseCount, json: true)
    var bestJSONLoad = Double.infinity
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let start = clock.now
        guard (try? SuiteLoader().load(text: jsonText, path: "generated.test.json"))?.cases.count == caseCount else {
            print("the generated JSON suite did not load")
            return
        }
        bestJSONLoad = min(bestJSONLoad, seconds(clock.now - start))
    }
    print(pad("load the same suite written as JSON", 58) + pad(format(bestJSONLoad), 14) + formatRate(1 / bestJSONLoad) + " suites/s, " + formatRate(Double(caseCount) / bestJSONLoad) + " cases/s")
    print(pad("run the cases", 58) + pad(format(bestRun), 14) + formatRate(Double(caseCount) / bestRun) + " cases/s")
    print(pad("run the cases, tracing every decision (coverage, JSON)", 58) + pad(format(bestTracedRun), 14) + formatRate(Double(caseCount) / bestTracedRun) + " cases/s")
    print(pad("load + run", 58) + pad(format(bestTotal), 14) + formatRate(1 / bestTotal) + " suites/s, " + formatRate(Double(caseCount) / bestTotal) + " cases/s")
    print(pad("result of the last run", 58) + summary)
    runWholeProcessBenchmark(yaml: text, json: jsonText, caseCount: caseCount)
    runLargeUploadBenchmark(startTime: startTime)
}

/// What issue #10's runner target times: the whole `storage-rules test`
/// process (start, load, compile, run, report) on the generated suite
/// written to a file, as YAML and as JSON; the median of 15 runs of the
/// `storage-rules` executable beside this one.
func runWholeProcessBenchmark(yaml: String, json: String, caseCount: Int) {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("storage-rules").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
        print("whole process: \(executable) is not built (make build), not measured")
        return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-rules-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (language, text) in [("YAML", yaml), ("JSON", json)] {
        let suite = directory.appendingPathComponent("generated.test." + language.lowercased())
        guard (try? text.write(to: suite, atomically: true, encoding: .utf8)) != nil else {
            print("whole process: cannot write \(suite.path)")
            return
        }
        var times: [Double] = []
        for _ in 0..<15 {
            // Spawned and reaped directly: Foundation's `waitUntilExit`
            // polls a run loop, which added tens of milliseconds to a 0.1 s process.
            let clock = ContinuousClock()
            let start = clock.now
            guard let status = runQuietly(executable, ["test", suite.path]) else {
                print("whole process: \(executable) did not start")
                return
            }
            let elapsed = seconds(clock.now - start)
            guard status == 0 else {
                print("whole process: `storage-rules test` exited \(status) on the \(language) suite")
                return
            }
            times.append(elapsed)
        }
        times.sort()
        let median = times[times.count / 2]
        print(pad("whole `storage-rules test` process, \(language) (median of 15)", 58) + pad(format(median), 14)
            + formatRate(Double(caseCount) / median) + " cases/s (fastest " + format(times[0]) + ")")
        TargetTable.record("runner: 10,000 cases, whole process, \(language) (cases/s)", Double(caseCount) / median)
    }
}

/// Runs `executable` with `arguments`, its output discarded, and waits for
/// it; its exit status, or `nil` if it could not be started.
func runQuietly(_ executable: String, _ arguments: [String]) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    // The environment this benchmark started with: the huge-page tunable
    // its own relaunch added is not the timed command's.
    let environment = HugePageRelaunch.environment(removingTunableFrom: HugePageRelaunch.currentEnvironment())
        .map { strdup($0) } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, environment) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
}

/// 200 cases uploading 4 or 5 MiB (`size:`, zeros): what a suite testing a
/// size limit costs, where hashing the content and giving each case's
/// bytes back (no simulator kept alive by its `Storage`) dominate.
private func runLargeUploadBenchmark(startTime: Timestamp) {
    let count = 200
    let entries = (0..<count).map { index in
        let owner = "u\(index % 10)"
        let size = index.isMultiple(of: 2) ? 4 << 20 : 5 << 20
        return "  - {name: big\(index), as: \(owner), upload: users/\(owner)/p\(index).png, size: \(size), "
            + "expect: \(index.isMultiple(of: 2) ? "allow" : "deny")}\n"
    }
    let text = generatedSuite(cases: 0) + entries.joined()
    guard let suite = try? SuiteLoader().load(text: text, path: "large-uploads.test.yaml") else {
        print("the large-upload suite did not load")
        return
    }
    var best = Double.infinity
    var summary = ""
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let start = clock.now
        let results = blocking {
            await TestRunner(options: RunOptions(startTime: startTime, recordsTraces: false)).run([suite])
        }
        best = min(best, seconds(clock.now - start))
        summary = RunResult(suites: results, loadErrors: []).summaryLine
    }
    print(pad("run \(count) uploads of 4 or 5 MiB (size:)", 58) + pad(format(best), 14) + formatRate(Double(count) / best) + " cases/s (" + summary + ")")
}

/// Waits for async work from synchronous code.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let semaphore = DispatchSemaphore(value: 0)
    Task {
        box.value = await body()
        semaphore.signal()
    }
    semaphore.wait()
    guard let value = box.value else { preconditionFailure("the task signalled without a result") }
    return value
}

/// Unchecked `Sendable`: the task writes `value` before signalling the
/// semaphore and the waiting thread reads it only after, so they never overlap.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// A suite in the shape users write: per-user folders, images with a size
/// limit, public reads; a mix of get, upload, list, updateMetadata, delete
/// and raw requests, half allowed and half denied, against a ruleset of 200
/// match blocks (as issue #10 sizes it: 198 team areas the cases never
/// reach, then the two blocks they do). As JSON (`json: true`) the same
/// suite is one JSON object, every key and string quoted.
func generatedSuite(cases: Int, json: Bool = false) -> String {
    let areas = (0..<198).map { "    match /area\($0)/{uid}/{file=**} { allow read, write: if isOwner(uid); }\n" }
    let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }
        \(areas.joined())    match /users/{uid}/{file=**} {
              allow read, delete: if isOwner(uid);
              allow create: if isOwner(uid) && request.resource.size < 5 * 1024 * 1024
                            && request.resource.contentType.matches('image/.*');
              allow update: if isOwner(uid) && request.resource.metadata.keys().hasOnly(['label']);
            }
            match /public/{file} { allow get; }
          }
        }

        """
    // A string value: quoted in JSON, plain in YAML (none of these needs quotes there).
    func q(_ text: String) -> String { json ? "\"" + text + "\"" : text }
    // A mapping's entries, written as a flow mapping.
    func map(_ entries: KeyValuePairs<String, String>) -> String {
        "{" + entries.map { q($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
    }
    var users: [String] = []
    for user in 0..<10 {
        users.append(q("u\(user)") + ": " + map(["uid": q("u\(user)"), "token": map(["email_verified": "true"])]))
    }
    var objects: [String] = []
    for user in 0..<10 {
        objects.append(map(["path": q("users/u\(user)/a.jpg"), "size": "100"]))
        objects.append(map(["path": q("users/u\(user)/docs/b.txt"), "content": q("hello")]))
    }
    objects.append(map(["path": q("public/index.html"), "content": q("hi")]))
    var entries: [String] = []
    entries.reserveCapacity(cases)
    for index in 0..<cases {
        let name = q("c\(index)")
        let owner = "u\(index % 10)"
        let other = "u\((index + 1) % 10)"
        let entry = switch index % 8 {
        case 0: map(["name": name, "as": q(owner), "get": q("users/\(owner)/a.jpg"), "expect": q("allow")])
        case 1: map(["name": name, "as": q(other), "get": q("users/\(owner)/a.jpg"), "expect": q("deny")])
        case 2: map(["name": name, "as": q(owner), "upload": q("users/\(owner)/n\(index).png"), "size": "2048", "expect": q("allow")])
        case 3: map(["name": name, "as": q(owner), "upload": q("users/\(owner)/n\(index).txt"), "content": q("x"), "expect": q("deny")])
        case 4:
            map(["name": name, "as": q(owner), "list": q("users/\(owner)"),
                 "expect": map(["decision": q("allow"), "items": "[" + q("users/\(owner)/a.jpg") + "]"])])
        case 5:
            map(["name": name, "as": q(owner), "updateMetadata": q("users/\(owner)/a.jpg"),
                 "set": map(["metadata": map(["label": q("x")])]), "expect": q("allow")])
        case 6: map(["name": name, "get": q("public/index.html"), "expect": q("allow")])
        default:
            map(["name": name, "as": q(owner), "request": map(["method": q("delete"), "path": q("users/\(other)/a.jpg")]),
                 "expect": q("deny")])
        }
        entries.append(entry)
    }
    if json {
        let escapedRules = rules.replacingOccurrences(of: "\n", with: "\\n")
        return "{\"rulesSource\": \"" + escapedRules + "\",\n \"time\": \"2026-01-01T00:00:00Z\",\n \"users\": {"
            + users.joined(separator: ",\n  ") + "},\n \"objects\": [" + objects.joined(separator: ",\n  ")
            + "],\n \"cases\": [\n  " + entries.joined(separator: ",\n  ") + "]}\n"
    }
    let indentedRules = rules.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
    return "rulesSource: |\n" + indentedRules.joined(separator: "\n") + "time: 2026-01-01T00:00:00Z\nusers:\n"
        + users.map { "  " + $0 + "\n" }.joined() + "objects:\n" + objects.map { "  - " + $0 + "\n" }.joined()
        + "cases:\n" + entries.map { "  - " + $0 + "\n" }.joined()
}
