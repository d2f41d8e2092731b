import Foundation
import Testing

@testable import StorageEmulator

/// The Firebase v0 endpoints over real HTTP (storage-service.md §6.6).
@Suite(.serialized) struct FirebaseEndpointTests {
    static let bucket = "test-bucket"
    static let objects = "/v0/b/test-bucket/o"

    @Test func livenessAnswersWithTheEmulatorName() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let response = try await fixture.send("GET", "/v0")
        #expect(response.status == 200)
        #expect(response.text == #"{"emulator":"storage"}"#)
    }

    @Test func mediaUploadThenMetadataAndMedia() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let upload = try await fixture.send(
            "POST", "\(Self.objects)?name=dir/someFile",
            headers: Fixtures.admin.merging(["Content-Type": "text/plain"]) { $1 }, text: "hello world")
        #expect(upload.status == 200)
        let metadata = try await fixture.send("GET", "\(Self.objects)/dir%2FsomeFile", headers: Fixtures.admin)
        #expect(metadata.status == 200)
        let json = metadata.json
        #expect(json["name"] as? String == "dir/someFile")
        #expect(json["bucket"] as? String == Self.bucket)
        #expect((json["generation"] as? String).flatMap { Int64($0) } != nil)
        #expect(json["metageneration"] as? String == "1")
        #expect(json["size"] as? String == "11")
        #expect(json["contentEncoding"] as? String == "identity")
        #expect(json["storageClass"] as? String == "STANDARD")
        #expect(json["md5Hash"] as? String == "XrY7u+Ae7tCTyyK7j1rNww==")
        for key in ["timeCreated", "updated", "crc32c", "etag", "downloadTokens", "contentDisposition", "contentType"] {
            #expect(json[key] is String, "missing \(key)")
        }
        let created = try #require(json["timeCreated"] as? String)
        #expect(created.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
        let media = try await fixture.send("GET", "\(Self.objects)/dir%2FsomeFile?alt=media", headers: Fixtures.admin)
        #expect(media.status == 200)
        #expect(media.text == "hello world")
        #expect(media.header("content-type") == "text/plain")
        #expect(media.header("accept-ranges") == "bytes")
        #expect(media.header("x-goog-hash")?.hasPrefix("crc32c=") == true)
    }

    @Test func multipartUploadCarriesMetadataAndBinaryData() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let data: [UInt8] = [0, 13, 10, 255, 13, 10, 45, 45, 1]
        var body = Data("--b0undary\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8)
        body += Data(#"{"name":"ignored","contentType":"image/png","metadata":{"owner":"alice","n":3}}"#.utf8)
        body += Data("\r\n--b0undary\r\ncontent-type: image/png\r\n\r\n".utf8)
        body += Data(data)
        body += Data("\r\n--b0undary--".utf8)
        let response = try await fixture.send(
            "POST", "\(Self.objects)?name=testing%2Fpic.png",
            headers: Fixtures.user("alice").merging(
                ["X-Goog-Upload-Protocol": "multipart", "Content-Type": "multipart/related; boundary=\"b0undary\""]) { $1 },
            body: body)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json["contentType"] as? String == "image/png")
        #expect(response.json["name"] as? String == "testing/pic.png")
        #expect((response.json["metadata"] as? [String: String]) == ["owner": "alice", "n": "3"])
        let media = try await fixture.send("GET", "\(Self.objects)/testing%2Fpic.png?alt=media", headers: Fixtures.user("bob"))
        #expect(Array(media.body) == data)
    }

    @Test func multipartWithABadContentTypeIs400() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let response = try await fixture.send(
            "POST", "\(Self.objects)?name=x", headers: ["X-Goog-Upload-Protocol": "multipart", "Content-Type": "foo"],
            text: "hello")
        #expect(response.status == 400)
        #expect(response.text.contains("Bad content type."))
    }

    @Test func resumableUploadInChunksWithQueryAndResume() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let start = try await fixture.send(
            "POST", "\(Self.objects)?name=testing%2Fbig.bin",
            headers: Fixtures.admin.merging([
                "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start",
                "Content-Type": "application/json",
            ]) { $1 },
            text: #"{"name":"testing/big.bin","contentType":"application/x-test"}"#)
        #expect(start.status == 200)
        #expect(start.header("x-goog-upload-status") == "active")
        #expect(start.header("x-goog-upload-chunk-granularity") == "10000")
        let uploadURL = try #require(start.header("x-goog-upload-url"))
        let id = try #require(start.header("x-gupload-uploadid"))
        #expect(uploadURL.hasSuffix("/v0/b/test-bucket/o?name=testing%2Fbig.bin&upload_id=\(id)&upload_protocol=resumable"))
        let path = String(uploadURL.dropFirst(fixture.server.baseURL.count))
        let first = Data(repeating: 0x61, count: 300_000)
        let second = Data(repeating: 0x62, count: 200_000)
        // Follow-up requests carry only the command (no protocol header, no Authorization).
        let chunk1 = try await fixture.send(
            "POST", path, headers: ["X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "0"], body: first)
        #expect(chunk1.status == 200)
        #expect(chunk1.header("x-goog-upload-status") == "active")
        // A resume: the client asks how much arrived, then continues from there.
        let query = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "query"])
        #expect(query.header("X-Goog-Upload-Size-Received") == "300000")
        #expect(query.header("x-goog-upload-status") == "active")
        let wrongOffset = try await fixture.send(
            "POST", path, headers: ["X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "5"], body: second)
        #expect(wrongOffset.status == 400)
        let final = try await fixture.send(
            "POST", path, headers: ["X-Goog-Upload-Command": "upload, finalize", "X-Goog-Upload-Offset": "300000"],
            body: second)
        #expect(final.status == 200, "\(final.text)")
        #expect(final.header("x-goog-upload-status") == "final")
        #expect(final.json["size"] as? String == "500000")
        #expect(final.json["contentType"] as? String == "application/x-test")
        let queryAfter = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "query"])
        #expect(queryAfter.header("x-goog-upload-status") == "final")
        let again = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "finalize"])
        #expect(again.status == 200)
        #expect(again.header("x-goog-upload-status") == "final")
        let media = try await fixture.send("GET", "\(Self.objects)/testing%2Fbig.bin?alt=media", headers: Fixtures.admin)
        #expect(media.body == first + second)
    }

    @Test func resumableStartThenFinalizeMakesAnEmptyObject() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let start = try await fixture.send(
            "POST", "\(Self.objects)?name=public%2Fempty",
            headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"], text: "{}")
        let id = try #require(start.header("x-gupload-uploadid"))
        let final = try await fixture.send(
            "POST", "\(Self.objects)?name=public%2Fempty&upload_id=\(id)&upload_protocol=resumable",
            headers: ["X-Goog-Upload-Command": "finalize"])
        #expect(final.status == 200)
        #expect(final.header("x-goog-upload-status") == "final")
        #expect(final.json["size"] as? String == "0")
    }

    @Test func deniedFinalizeStaysDeniedAndFinal() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let start = try await fixture.send(
            "POST", "\(Self.objects)?name=disallowSize0",
            headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"], text: "{}")
        let id = try #require(start.header("x-gupload-uploadid"))
        let path = "\(Self.objects)?name=disallowSize0&upload_id=\(id)&upload_protocol=resumable"
        let first = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "upload, finalize"])
        #expect(first.status == 403)
        #expect(first.text == #"{"error":{"code":403,"message":"Permission denied. No WRITE permission."}}"#)
        #expect(first.header("x-goog-upload-status") == "final")
        let second = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "finalize"])
        #expect(second.status == 403)
        #expect(second.header("x-goog-upload-status") == "final")
    }

    @Test func cancelQueryAndUnknownSessions() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        func startSession(_ name: String) async throws -> String {
            let start = try await fixture.send(
                "POST", "\(Self.objects)?name=\(name)",
                headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"], text: "{}")
            return try #require(start.header("x-gupload-uploadid"))
        }
        let id = try await startSession("public%2Fcancelled")
        let path = "\(Self.objects)?name=public%2Fcancelled&upload_id=\(id)&upload_protocol=resumable"
        #expect(try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "cancel"]).status == 200)
        #expect(try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "cancel"]).status == 200)
        let query = try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "query"])
        #expect(query.header("x-goog-upload-status") == "cancelled")
        #expect(try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "finalize"]).status == 400)
        #expect(try await fixture.send("POST", path, headers: ["X-Goog-Upload-Command": "finalize"]).status == 400)
        #expect(try await fixture.send("GET", "\(Self.objects)/public%2Fcancelled").status == 404)
        let done = try await startSession("public%2Fdone")
        let donePath = "\(Self.objects)?name=public%2Fdone&upload_id=\(done)&upload_protocol=resumable"
        #expect(try await fixture.send("POST", donePath, headers: ["X-Goog-Upload-Command": "finalize"]).status == 200)
        #expect(try await fixture.send("POST", donePath, headers: ["X-Goog-Upload-Command": "cancel"]).status == 400)
        let unknown = "\(Self.objects)?name=x&upload_id=nope&upload_protocol=resumable"
        #expect(try await fixture.send("POST", unknown, headers: ["X-Goog-Upload-Command": "cancel"]).status == 404)
    }
}
