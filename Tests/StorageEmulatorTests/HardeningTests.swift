import CompressNIO
import Foundation
import NIOCore
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

    @Test func gzipBombIsSentCompressedPastTheBodyLimit() async throws {
        let fixture = try await EmulatorFixture.start(
            rules: ConformanceRules.openText, configuration: EmulatorConfiguration(maximumBodyBytes: 4096))
        defer { Task { await fixture.stop() } }
        var plain = ByteBuffer(repeating: 0x61, count: 100_000)
        let compressed = Data(try plain.compress(with: .gzip()).readableBytesView)
        let upload = try await GzipTranscodingTests.uploadGzipped(compressed, as: "bomb.txt", to: fixture)
        #expect(upload.status == 200, "\(upload.text)")
        let gzip = GzipTranscodingTests()
        for target in ["/v0/b/b/o/bomb.txt?alt=media", "/storage/v1/b/b/o/bomb.txt?alt=media", "/download/storage/v1/b/b/o/bomb.txt?alt=media"] {
            let answer = await RawHTTP.exchange(
                port: fixture.server.port, RawHTTP.request("GET \(target) HTTP/1.1\nHost: a\nConnection: close\n"), halfClose: false)
            let (head, _) = gzip.split(answer)
            #expect(head.hasPrefix("HTTP/1.1 200"), "\(target): \(head)")
            #expect(gzip.header("content-encoding", in: head) == "gzip", "\(target)")
            #expect(gzip.header("content-length", in: head) == String(compressed.count), "\(target)")
        }
    }

    @Test(arguments: [(70, 200), (71, 400)])
    func multipartBoundaryIsAtMostSeventyCharacters(_ length: Int, _ status: Int) async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        let boundary = String(repeating: "b", count: length)
        let body = "--\(boundary)\r\nContent-Type: application/json\r\n\r\n{}\r\n--\(boundary)\r\n"
            + "Content-Type: text/plain\r\n\r\nx\r\n--\(boundary)--"
        let answer = try await fixture.send(
            "POST", "/v0/b/b/o?name=m",
            headers: ["X-Goog-Upload-Protocol": "multipart", "Content-Type": "multipart/related; boundary=\(boundary)"],
            text: body)
        #expect(answer.status == status, "\(answer.text)")
        if status == 400 { #expect(answer.text.contains("Bad content type.")) }
    }

    @Test func boundarySearchFindsEveryOccurrence() {
        let body = Array("--ab--a--ab\r\n--abx".utf8)
        #expect(MultipartRelated.find(Array("--ab".utf8), in: body, from: 0) == 0)
        #expect(MultipartRelated.find(Array("--ab".utf8), in: body, from: 1) == 7)
        #expect(MultipartRelated.find(Array("--ab".utf8), in: body, from: 8) == 13)
        #expect(MultipartRelated.find(Array("--ab".utf8), in: body, from: 14) == nil)
        #expect(MultipartRelated.find(Array("zz".utf8), in: body, from: 0) == nil)
    }

    @Test(arguments: [
        ("http://evil.example", 403), ("null", 403), ("http://127.0.0.1.evil.example", 403),
        ("http://localhost:3000", 200), ("http://127.0.0.1:9000", 200), ("http://[::1]:5000", 200),
    ])
    func internalEndpointsRefuseForeignOrigins(_ origin: String, _ status: Int) async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        #expect(try await fixture.send("POST", "/v0/b/b/o?name=kept", text: "x").status == 200)
        let reset = try await fixture.send("POST", "/internal/reset", headers: ["Origin": origin])
        #expect(reset.status == status, "\(origin): \(reset.text)")
        // A refused reset leaves the object; an accepted one removes it.
        #expect(try await fixture.send("GET", "/v0/b/b/o/kept").status == (status == 403 ? 200 : 404), "\(origin)")
        if status == 403 { #expect(reset.json["error"] != nil, "\(reset.text)") }
        let rules = try await fixture.send(
            "PUT", "/internal/setRules", headers: ["Origin": origin, "Content-Type": "application/json"],
            text: #"{"rules":{"files":[{"name":"s.rules","content":"rules_version = '2';"}]}}"#)
        #expect((rules.status == 403) == (status == 403), "\(origin): \(rules.status) \(rules.text)")
    }

    @Test func exportNeedsJSONAndStaysOutOfTheDataFolder() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)").path
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let persistence = try EmulatorPersistence.start(PersistenceOptions(dataFolder: data), state: fixture.server.state)
        defer { try? persistence.stop() }
        let body = #"{"path":"\#(outside)"}"#
        for type in ["text/plain", "application/x-www-form-urlencoded"] {
            let answer = try await fixture.send("POST", "/internal/export", headers: ["Content-Type": type], text: body)
            #expect(answer.status == 415, "\(type): \(answer.text)")
        }
        #expect(!FileManager.default.fileExists(atPath: outside))
        for path in [data, data + "/", data + "/inside", data + "/../" + (data as NSString).lastPathComponent + "/x"] {
            let answer = try await fixture.send(
                "POST", "/internal/export", headers: ["Content-Type": "application/json"], text: #"{"path":"\#(path)"}"#)
            #expect(answer.status == 400, "\(path): \(answer.text)")
        }
        let exported = try await fixture.send(
            "POST", "/internal/export", headers: ["Content-Type": "application/json; charset=utf-8"], text: body)
        #expect(exported.status == 200, "\(exported.text)")
        #expect(FileManager.default.fileExists(atPath: outside + "/firebase-export-metadata.json"))
    }

    @Test func resumableSessionStopsAtTheBodyLimit() async throws {
        let fixture = try await EmulatorFixture.start(
            rules: ConformanceRules.openText, configuration: EmulatorConfiguration(maximumBodyBytes: 1000))
        defer { Task { await fixture.stop() } }
        let session = try await resumableSession(fixture, name: "limited")
        let chunk = String(repeating: "x", count: 600)
        let declared = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 0-599/1001"], text: chunk)
        #expect(declared.status == 413, "\(declared.text)")
        let first = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 0-599/*"], text: chunk)
        #expect(first.status == 308)
        let second = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 600-1199/*"], text: chunk)
        #expect(second.status == 413, "\(second.text)")
        // The session keeps what it had and still finishes within the limit.
        let last = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 600-999/1000"], text: String(chunk.prefix(400)))
        #expect(last.status == 200, "\(last.text)")
        #expect(last.json["size"] as? String == "1000")
    }

    @Test func unknownErrorsAreServerErrors() {
        struct DiskGone: Error {}
        let response = ErrorResponseMiddleware.response(for: DiskGone())
        #expect(response.status.code == 500)
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        #expect(ErrorResponseMiddleware.response(for: NIOTooManyBytesError(maxBytes: 10)).status.code == 413)
    }

    @Test func unreadableSpoolFileKeepsTheSessionActive() async throws {
        let fixture = try await EmulatorFixture.start(
            rules: ConformanceRules.openText, configuration: EmulatorConfiguration(spoolThresholdBytes: 16))
        defer { Task { await fixture.stop() } }
        let start = try await fixture.send(
            "POST", "/v0/b/b/o?name=spooled",
            headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start", "Content-Type": "application/json"],
            text: #"{"name":"spooled"}"#)
        let id = try #require(start.header("x-gupload-uploadid"), "\(start.text)")
        let path = "/v0/b/b/o?name=spooled&upload_id=\(id)&upload_protocol=resumable"
        let chunk = try await fixture.send(
            "POST", path, headers: ["X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "0"],
            text: String(repeating: "s", count: 100))
        #expect(chunk.status == 200)
        let spool = try #require(fixture.server.state.uploads.session(id)?.staging.spoolFile)
        try FileHandle(forWritingTo: spool).truncate(atOffset: 0)
        let finalize = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "finalize"])
        #expect(finalize.status == 500, "\(finalize.text)")
        #expect(try await fixture.send("GET", "/v0/b/b/o/spooled").status == 404)
        let query = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "query"])
        #expect(query.header("x-goog-upload-status") == "active")
    }

    @Test func mediaResponsesCarryBothMetagenerationHeaders() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        #expect(try await fixture.send("POST", "/v0/b/b/o?name=m.txt", text: "x").status == 200)
        #expect(try await fixture.send("PATCH", "/v0/b/b/o/m.txt", headers: ["Content-Type": "application/json"], text: #"{"cacheControl":"no-cache"}"#).status == 200)
        for target in ["/v0/b/b/o/m.txt?alt=media", "/storage/v1/b/b/o/m.txt?alt=media"] {
            let media = try await fixture.send("GET", target)
            #expect(media.status == 200, "\(target)")
            #expect(media.header("x-goog-metadatageneration") == "2", "\(target)")
            #expect(media.header("x-goog-metageneration") == "2", "\(target)")
        }
    }
}
