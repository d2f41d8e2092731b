import Dispatch
import Foundation
import RulesEngine
import RulesTesting

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
    print(pad("run the cases", 58) + pad(format(bestRun), 14) + formatRate(Double(caseCount) / bestRun) + " cases/s")
    print(pad("run the cases, tracing every decision (coverage, JSON)", 58) + pad(format(bestTracedRun), 14) + formatRate(Double(caseCount) / bestTracedRun) + " cases/s")
    print(pad("load + run", 58) + pad(format(bestTotal), 14) + formatRate(1 / bestTotal) + " suites/s, " + formatRate(Double(caseCount) / bestTotal) + " cases/s")
    print(pad("result of the last run", 58) + summary)
    TargetTable.record("runner: 10,000 cases, load + run (cases/s)", Double(caseCount) / bestTotal)
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
/// and raw requests, half allowed and half denied.
func generatedSuite(cases: Int) -> String {
    var text = """
        rulesSource: |
          rules_version = '2';
          service firebase.storage {
            match /b/{bucket}/o {
              function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }
              match /users/{uid}/{file=**} {
                allow read, delete: if isOwner(uid);
                allow create: if isOwner(uid) && request.resource.size < 5 * 1024 * 1024
                              && request.resource.contentType.matches('image/.*');
                allow update: if isOwner(uid) && request.resource.metadata.keys().hasOnly(['label']);
              }
              match /public/{file} { allow get; }
            }
          }
        time: 2026-01-01T00:00:00Z
        users:

        """
    for user in 0..<10 { text += "  u\(user): {uid: u\(user), token: {email_verified: true}}\n" }
    text += "objects:\n"
    for user in 0..<10 {
        text += "  - {path: users/u\(user)/a.jpg, size: 100}\n"
        text += "  - {path: users/u\(user)/docs/b.txt, content: hello}\n"
    }
    text += "  - {path: public/index.html, content: hi}\n"
    text += "cases:\n"
    for index in 0..<cases {
        let owner = index % 10
        let other = (index + 1) % 10
        switch index % 8 {
        case 0: text += "  - {name: c\(index), as: u\(owner), get: users/u\(owner)/a.jpg, expect: allow}\n"
        case 1: text += "  - {name: c\(index), as: u\(other), get: users/u\(owner)/a.jpg, expect: deny}\n"
        case 2: text += "  - {name: c\(index), as: u\(owner), upload: users/u\(owner)/n\(index).png, size: 2048, expect: allow}\n"
        case 3: text += "  - {name: c\(index), as: u\(owner), upload: users/u\(owner)/n\(index).txt, content: x, expect: deny}\n"
        case 4: text += "  - {name: c\(index), as: u\(owner), list: users/u\(owner), expect: {decision: allow, items: [users/u\(owner)/a.jpg]}}\n"
        case 5: text += "  - {name: c\(index), as: u\(owner), updateMetadata: users/u\(owner)/a.jpg, set: {metadata: {label: x}}, expect: allow}\n"
        case 6: text += "  - {name: c\(index), get: public/index.html, expect: allow}\n"
        default:
            text += "  - {name: c\(index), as: u\(owner), request: {method: delete, path: users/u\(other)/a.jpg}, expect: deny}\n"
        }
    }
    return text
}
