import EmulatorLoad
import Testing

@testable import StorageEmulator

/// A reduced load: concurrent clients with mixed requests; no errors, no
/// hung requests, every object read back intact. The full size is the
/// `emulator` group of `storage-rules-bench`.
@Suite struct LoadTests {
    @Test func concurrentMixedClientsLoseNothing() async throws {
        let fixture = try await EmulatorFixture.start(rules: LoadDriver.rules)
        defer { Task { await fixture.stop() } }
        let report = await LoadDriver(baseURL: fixture.server.baseURL, clients: 50, requestsPerClient: 8).run()
        #expect(report.errors.isEmpty, "\(report.errors.prefix(5))")
        #expect(report.latencies.count == 400)
        #expect(fixture.lines.all.count == report.requests)
    }
}
