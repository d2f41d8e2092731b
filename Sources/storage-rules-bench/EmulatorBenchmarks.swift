import EmulatorLoad
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StorageEmulator

/// The emulator over real HTTP on loopback: start-to-ready time, the full
/// mixed load (50 clients, 5,000 requests, every object read back), and
/// metadata GETs through the rules.
func runEmulatorBenchmarks() async {
    print("emulator")
    let log = EmulatorLog { _ in }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let rulesFile = directory.appendingPathComponent("storage.rules")
    try? LoadDriver.rules.write(to: rulesFile, atomically: true, encoding: .utf8)

    // Start to ready: load the rules, bind a free port, accept connections.
    var startTimes: [Double] = []
    for _ in 0..<10 {
        let clock = ContinuousClock()
        let start = clock.now
        guard let manager = try? RulesManager.load(.shared(path: rulesFile.path), log: log),
            let server = try? await RunningEmulator.start(
                EmulatorState(configuration: EmulatorConfiguration(port: 0), rules: manager, log: log))
        else {
            print("  could not start the emulator")
            return
        }
        startTimes.append(seconds(clock.now - start))
        await server.shutdown()
    }
    startTimes.sort()
    print(pad("  start to ready (empty bucket, median of 10)", 58) + format(startTimes[startTimes.count / 2]))

    guard let manager = try? RulesManager.load(.shared(path: rulesFile.path), log: log),
        let server = try? await RunningEmulator.start(
            EmulatorState(configuration: EmulatorConfiguration(port: 0), rules: manager, log: log))
    else { return }
    let report = await LoadDriver(baseURL: server.baseURL, clients: 50, requestsPerClient: 100).run()
    print(pad("  mixed load: 50 clients x 100 requests", 58) + formatRate(report.requestsPerSecond) + " req/s")
    print(pad("  mixed load latency p50 / p99", 58) + format(report.percentile(0.5)) + " / " + format(report.percentile(0.99)))
    print(pad("  mixed load errors (incl. read-back of every object)", 58) + String(report.errors.count))
    for error in report.errors.prefix(5) { print("    " + error) }

    await metadataGets(server: server, clients: 50, perClient: 200)
    await server.shutdown()
}

/// Metadata GETs of one object through the rules, from concurrent clients.
private func metadataGets(server: RunningEmulator, clients: Int, perClient: Int) async {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = clients
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let token = "Firebase eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoiYzAifQ."
    var upload = URLRequest(url: URL(string: server.baseURL + "/v0/b/load-bucket/o?name=load%2Fc0%2Fmeta")!)
    upload.httpMethod = "POST"
    upload.httpBody = Data("metadata".utf8)
    upload.setValue(token, forHTTPHeaderField: "Authorization")
    _ = try? await session.data(for: upload)
    let clock = ContinuousClock()
    let start = clock.now
    let failures = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<clients {
            group.addTask {
                var failed = 0
                var request = URLRequest(url: URL(string: server.baseURL + "/v0/b/load-bucket/o/load%2Fc0%2Fmeta")!)
                request.setValue(token, forHTTPHeaderField: "Authorization")
                for _ in 0..<perClient {
                    let status = ((try? await session.data(for: request))?.1 as? HTTPURLResponse)?.statusCode
                    if status != 200 { failed += 1 }
                }
                return failed
            }
        }
        return await group.reduce(0, +)
    }
    let total = seconds(clock.now - start)
    print(
        pad("  metadata GET through the rules (\(clients) clients)", 58) + formatRate(Double(clients * perClient) / total)
            + " req/s, \(failures) failures")
}
