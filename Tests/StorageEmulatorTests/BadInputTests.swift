import Foundation
import Testing

@testable import StorageEmulator

/// Malformed requests each get a 4xx (JSON where the server answers at all)
/// and the server goes on serving.
@Suite(.serialized) struct BadInputTests {
    static func get(_ target: String, headers: String = "") -> [UInt8] {
        RawHTTP.request("GET \(target) HTTP/1.1\nHost: 127.0.0.1\n\(headers)Connection: close\n")
    }

    static func post(_ target: String, headers: String, body: String) -> [UInt8] {
        RawHTTP.request(
            "POST \(target) HTTP/1.1\nHost: 127.0.0.1\n\(headers)Content-Length: \(body.utf8.count)\nConnection: close\n",
            body: body)
    }

    static let multipartHeaders = "X-Goog-Upload-Protocol: multipart\nContent-Type: multipart/related; boundary=zz\n"

    /// Request, expected status, a fragment of the JSON body.
    static let cases: [(name: String, request: [UInt8], status: Int, fragment: String)] = [
        ("bad percent-encoding in the name", get("/v0/b/b/o/%ZZ"), 400, "percent-encoding"),
        ("bad percent-encoding in the query", get("/v0/b/b/o?prefix=%E0%A4%2F"), 400, "percent-encoding"),
        ("dot-dot segment", get("/v0/b/b/o/a%2F..%2Fb"), 400, "'..'"),
        ("NUL in the name", get("/v0/b/b/o/a%00b"), 400, "NUL"),
        ("line feed in the name", post("/v0/b/b/o?name=a%0Ab", headers: "", body: "x"), 400, "line feed"),
        ("maxResults not a number", get("/v0/b/b/o?maxResults=abc"), 400, "maxResults"),
        // A list the rules allow (the admin's) is checked for its size and token;
        // one they deny is refused first.
        ("maxResults zero", get("/v0/b/b/o?maxResults=0", headers: "Authorization: Bearer owner\n"), 400, "maxResults"),
        ("forged page token", get("/v0/b/b/o?pageToken=%25%25%25", headers: "Authorization: Bearer owner\n"), 400, "page token"),
        ("forged page token of a denied list", get("/v0/b/b/o?pageToken=%25%25%25"), 403, "LIST"),
        ("maxResults zero of a denied list", get("/v0/b/b/o?maxResults=0"), 403, "LIST"),
        ("multipart with one part", post("/v0/b/b/o?name=m", headers: multipartHeaders, body: "--zz\r\nContent-Type: application/json\r\n\r\n{}\r\n--zz--"), 400, "Unexpected number of parts"),
        ("multipart part without content type", post("/v0/b/b/o?name=m", headers: multipartHeaders, body: "--zz\r\n\r\n{}\r\n--zz\r\nContent-Type: text/plain\r\n\r\nx\r\n--zz--"), 400, "Missing content type"),
        ("multipart without boundary", post("/v0/b/b/o?name=m", headers: "X-Goog-Upload-Protocol: multipart\nContent-Type: multipart/related\n", body: "x"), 400, "Bad content type"),
        ("metadata that is not JSON", post("/v0/b/b/o?name=m", headers: multipartHeaders, body: "--zz\r\nContent-Type: application/json\r\n\r\n{nope\r\n--zz\r\nContent-Type: text/plain\r\n\r\nx\r\n--zz--"), 400, "JSON object"),
        ("PATCH body that is not JSON", RawHTTP.request("PATCH /v0/b/b/o/x HTTP/1.1\nHost: a\nContent-Length: 5\nConnection: close\n", body: "{nope"), 400, "JSON object"),
        ("resumable command without upload_id", post("/v0/b/b/o?name=r", headers: "X-Goog-Upload-Command: upload\n", body: "x"), 400, "upload_id"),
        ("upload without a name", post("/v0/b/b/o", headers: "", body: "x"), 400, "object name is required"),
        ("body over the limit", post("/v0/b/b/o?name=big", headers: "", body: String(repeating: "x", count: 5000)), 413, "larger than"),
        ("token that is not a JWT on a closed path", get("/v0/b/b/o/testing%2Fx", headers: "Authorization: Bearer not-a-jwt\n"), 403, "No READ permission"),
    ]

    @Test func eachBadRequestIsRefusedAndTheServerKeepsServing() async throws {
        let fixture = try await EmulatorFixture.start(
            rules: ConformanceRules.text, configuration: EmulatorConfiguration(maximumBodyBytes: 4096))
        defer { Task { await fixture.stop() } }
        for entry in Self.cases {
            let answer = await RawHTTP.exchange(port: fixture.server.port, entry.request, halfClose: false)
            #expect(answer.hasPrefix("HTTP/1.1 \(entry.status)"), "\(entry.name): \(answer.prefix(200))")
            #expect(answer.contains(#"{"error":{"code":\#(entry.status),"message":"#), "\(entry.name): \(answer)")
            #expect(answer.contains(entry.fragment), "\(entry.name): \(answer)")
            #expect(try await fixture.send("GET", "/v0").status == 200, "after \(entry.name)")
        }
    }

    @Test func brokenFramingDoesNotStopTheServer() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        let port = fixture.server.port
        let framings: [(String, [UInt8])] = [
            ("body shorter than Content-Length", RawHTTP.request("POST /v0/b/b/o?name=s HTTP/1.1\nHost: a\nContent-Length: 100\n", body: "short")),
            ("not HTTP at all", Array("\u{1}\u{2}garbage\r\n\r\n".utf8)),
            ("two Content-Length headers", RawHTTP.request("POST /v0/b/b/o?name=s HTTP/1.1\nHost: a\nContent-Length: 1\nContent-Length: 2\n", body: "ab")),
            ("header block over the limit", RawHTTP.request("GET /v0 HTTP/1.1\nHost: a\nX-Big: \(String(repeating: "a", count: 100_000))\n")),
        ]
        for (name, bytes) in framings {
            let answer = await RawHTTP.exchange(port: port, bytes, timeout: 10)
            #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 4"), "\(name): \(answer.prefix(100))")
            #expect(try await fixture.send("GET", "/v0").status == 200, "after \(name)")
        }
        // The short upload was never committed.
        #expect(try await fixture.send("GET", "/v0/b/b/o/s").status == 404)
    }
}
