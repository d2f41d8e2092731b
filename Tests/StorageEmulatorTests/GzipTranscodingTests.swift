import CompressNIO
import Foundation
import NIOCore
import Testing

@testable import StorageEmulator

/// storage-service.md §6.6 scenario 33 over HTTP: a gzip-stored text object
/// is served decompressed to clients that do not accept gzip, and as stored
/// to those that do. Raw sockets, because URLSession always asks for gzip.
@Suite struct GzipTranscodingTests {
    /// A multipart v0 upload of gzip bytes stored with `contentEncoding: gzip`.
    static func uploadGzipped(_ compressed: Data, as name: String, to fixture: EmulatorFixture) async throws -> HTTPResult {
        var body = Data("--zz\r\nContent-Type: application/json\r\n\r\n".utf8)
        body += Data(#"{"contentType":"text/plain","contentEncoding":"gzip"}"#.utf8)
        body += Data("\r\n--zz\r\nContent-Type: text/plain\r\n\r\n".utf8) + compressed + Data("\r\n--zz--".utf8)
        return try await fixture.send(
            "POST", "/v0/b/b/o?name=\(name)",
            headers: ["X-Goog-Upload-Protocol": "multipart", "Content-Type": "multipart/related; boundary=zz"], body: body)
    }

    @Test func gzipObjectsAreTranscodedOnlyForClientsWithoutGzip() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        var plain = ByteBuffer(string: "hello gzip world, hello gzip world")
        let compressed = Data(try plain.compress(with: .gzip()).readableBytesView)
        let upload = try await Self.uploadGzipped(compressed, as: "gz.txt", to: fixture)
        #expect(upload.status == 200, "\(upload.text)")
        #expect(upload.json["contentEncoding"] as? String == "gzip")

        let decoded = await RawHTTP.exchange(
            port: fixture.server.port,
            RawHTTP.request("GET /v0/b/b/o/gz.txt?alt=media HTTP/1.1\nHost: a\nConnection: close\n"), halfClose: false)
        let (head, payload) = split(decoded)
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(header("content-encoding", in: head) == nil)
        #expect(header("content-length", in: head) == nil)
        #expect(header("content-type", in: head) == "text/plain")
        #expect(header("transfer-encoding", in: head) == "chunked")
        #expect(payload.contains("hello gzip world, hello gzip world"))

        let raw = await RawHTTP.exchange(
            port: fixture.server.port,
            RawHTTP.request("GET /v0/b/b/o/gz.txt?alt=media HTTP/1.1\nHost: a\nAccept-Encoding: gzip\nConnection: close\n"),
            halfClose: false)
        let (rawHead, _) = split(raw)
        #expect(header("content-encoding", in: rawHead) == "gzip")
        #expect(header("content-length", in: rawHead) == String(compressed.count))
    }

    /// The value of one header line of a response head.
    func header(_ name: String, in head: String) -> String? {
        for line in head.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    func split(_ response: String) -> (head: String, body: String) {
        guard let range = response.range(of: "\r\n\r\n") else { return (response, "") }
        return (String(response[..<range.lowerBound]), String(response[range.upperBound...]))
    }
}
