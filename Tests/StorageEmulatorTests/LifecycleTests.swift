import Foundation
import NIOCore
import StorageSimulator
import Testing

@testable import StorageEmulator

/// Graceful shutdown and upload-session expiry.
@Suite(.serialized) struct LifecycleTests {
    @Test func shutdownLetsTheRequestInFlightFinish() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        let port = fixture.server.port
        // A resumable chunk, so the server's progress on it can be watched.
        let start = try await fixture.send(
            "POST", "/v0/b/b/o?name=inflight",
            headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"], text: "{}")
        let id = try #require(start.header("x-gupload-uploadid"), "\(start.text)")
        let staging = try #require(fixture.server.state.uploads.session(id)?.staging)
        let connection = try #require(RawHTTP.Connection(port: port))
        connection.write(RawHTTP.request(
            "POST /v0/b/b/o?name=inflight&upload_id=\(id)&upload_protocol=resumable HTTP/1.1\nHost: a\n"
                + "Content-Length: 10\nX-Goog-Upload-Command: upload, finalize\nX-Goog-Upload-Offset: 0\nConnection: close\n",
            body: "hello"))
        // The handler is running once the first half has reached the session.
        try await waitUntil { staging.count == 5 }
        let stopping = Task { await fixture.server.shutdown() }
        // Shutdown is under way once the listener refuses new connections.
        try await waitUntil { !RawHTTP.acceptsConnections(port: port) }
        connection.write(Array("world".utf8))
        let answer = await connection.readAll()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
        #expect(answer.contains(#""size":"10""#))
        await stopping.value
        // Stopped: new connections are refused.
        #expect(!RawHTTP.acceptsConnections(port: port))
        #expect(fixture.server.state.simulator.admin.data(bucket: "b", path: "inflight") == Data("helloworld".utf8))
        await fixture.stop()
    }

    /// Polls `condition` until it holds, for up to 30 s (a loaded machine is slow, never this slow).
    func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("condition not met within 30 s")
                return
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    @Test func unusedUploadSessionsExpire() async throws {
        let fixture = try await EmulatorFixture.start(
            rules: ConformanceRules.openText, configuration: EmulatorConfiguration(uploadSessionLifetime: 60))
        defer { Task { await fixture.stop() } }
        let start = try await fixture.send(
            "POST", "/v0/b/b/o?name=slow", headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"],
            text: "{}")
        let id = try #require(start.header("x-gupload-uploadid"))
        let path = "/v0/b/b/o?name=slow&upload_id=\(id)&upload_protocol=resumable"
        let uploads = fixture.server.state.uploads
        uploads.expire(now: Date().addingTimeInterval(30))
        // The query is the session's last use; measured from before it, so a slow machine cannot expire it early.
        let beforeQuery = Date()
        #expect(try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "query"]).status == 200)
        // Sessions expire 60 s after their last use.
        uploads.expire(now: beforeQuery.addingTimeInterval(59))
        #expect(uploads.count == 1)
        uploads.expire(now: Date().addingTimeInterval(61))
        #expect(uploads.count == 0)
        #expect(try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "query"]).status == 404)
    }

    @Test func sessionsBeyondTheCapacityDropTheOldest() {
        let store = UploadSessionStore(lifetime: 3600, capacity: 2)
        let first = store.start(bucket: "b", name: "1", attributes: .init(), caller: .anonymous, spoolThreshold: 10)
        _ = store.start(bucket: "b", name: "2", attributes: .init(), caller: .anonymous, spoolThreshold: 10)
        let third = store.start(bucket: "b", name: "3", attributes: .init(), caller: .anonymous, spoolThreshold: 10)
        #expect(store.count == 2)
        #expect(store.session(first.id) == nil)
        #expect(store.session(third.id) != nil)
    }

    @Test func largeChunksSpoolToATemporaryFile() throws {
        let staging = UploadStaging(spoolThreshold: 16)
        try staging.append(ByteBuffer(string: "0123456789"))
        try staging.append(ByteBuffer(string: "abcdefghij"))
        try staging.append(ByteBuffer(string: "XYZ"))
        #expect(staging.count == 23)
        #expect(staging.isSpooled)
        #expect(try staging.contents() == Array("0123456789abcdefghijXYZ".utf8))
        staging.discard()
        #expect(try staging.contents().isEmpty)
    }
}

