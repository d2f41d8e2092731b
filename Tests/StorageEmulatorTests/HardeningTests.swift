import Foundation
import Testing

@testable import StorageEmulator

/// Hostile or oversized input (review of issue #9): each is refused with a
/// clear status and the server goes on serving.
@Suite(.serialized) struct HardeningTests {
    static let upload = "/upload/storage/v1/b/gcs-bucket/o"

    /// Starts a resumable GCS session and returns its path and query.
    func resumableSession(_ fixture: EmulatorFixture, name: String) async throws -> String {
        let start = try await fixture.send("POST", "\(Self.upload)?uploadType=resumable&name=\(name)", text: "")
        let location = try #require(start.header("location"), "\(start.status) \(start.text)")
        return String(location.dropFirst(fixture.server.baseURL.count))
    }

    @Test(arguments: [
        "bytes 0-9223372036854775807/*",
        "bytes 0-9223372036854775807/9223372036854775807",
        "bytes 9223372036854775806-9223372036854775807/*",
    ])
    func contentRangeNearIntMaxIsRefused(_ header: String) async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        let session = try await resumableSession(fixture, name: "huge")
        let answer = try await fixture.send("PUT", session, headers: ["Content-Range": header], text: "x")
        #expect((400..<500).contains(answer.status), "\(answer.status) \(answer.text)")
        #expect(try await fixture.send("GET", "/v0").status == 200)
    }
}
