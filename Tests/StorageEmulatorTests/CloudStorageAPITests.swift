import Foundation
import Testing

@testable import StorageEmulator

/// The GCS JSON API over HTTP: storage-service.md §6.8 and §6.9 on the
/// admin path, with the deliberate divergences of docs/divergences.md
/// (multi-chunk resumable uploads, enforced preconditions).
@Suite(.serialized) struct CloudStorageAPITests {
    static let bucket = "gcs-bucket"
    static let objects = "/storage/v1/b/\(bucket)/o"
    static let upload = "/upload/storage/v1/b/\(bucket)/o"
    static let json = ["Content-Type": "application/json"]

    func media(_ fixture: EmulatorFixture, _ name: String, _ text: String, query: String = "") async throws -> HTTPResult {
        try await fixture.send(
            "POST", "\(Self.upload)?name=\(Fixtures.encode(name))\(query)",
            headers: ["Content-Type": "text/plain"], text: text)
    }

    @Test func mediaUploadThenDownloadAndMetadata() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let uploaded = try await fixture.send("POST", "\(Self.upload)?name=gcs/testFile", text: "hello world")
        #expect(uploaded.status == 200, "\(uploaded.text)")

        let download = try await fixture.send("GET", "\(Self.objects)/gcs%2FtestFile?alt=media")
        #expect(download.status == 200)
        #expect(download.text == "hello world")
        #expect(download.header("content-disposition") == "attachment; filename*=testFile")
        #expect(download.header("x-goog-hash") == "crc32c=yZRlqg==,md5=XrY7u+Ae7tCTyyK7j1rNww==")

        for path in ["\(Self.objects)/gcs%2FtestFile", "/b/\(Self.bucket)/o/gcs%2FtestFile"] {
            let metadata = try await fixture.send("GET", path)
            #expect(metadata.status == 200)
            let json = metadata.json
            #expect(Set(json.keys) == [
                "kind", "id", "selfLink", "mediaLink", "name", "bucket", "generation", "metageneration", "contentType",
                "storageClass", "size", "md5Hash", "crc32c", "etag", "timeCreated", "updated", "timeStorageClassUpdated",
            ])
            #expect(json["kind"] as? String == "storage#object")
            #expect(json["selfLink"] as? String == "\(fixture.server.baseURL)/storage/v1/b/\(Self.bucket)/o/gcs%2FtestFile")
            #expect(json["metageneration"] as? String == "1")
            #expect(json["size"] as? String == "11")
            #expect(json["crc32c"] as? String == "yZRlqg==")
            let mediaLink = try #require(json["mediaLink"] as? String)
            #expect(mediaLink.contains("/download/storage/v1/b/\(Self.bucket)/o/gcs%2FtestFile") && mediaLink.contains("alt=media"))
            let viaLink = try await fixture.send("GET", String(mediaLink.dropFirst(fixture.server.baseURL.count)))
            #expect(viaLink.text == "hello world")
        }
        let ranged = try await fixture.send("GET", "/\(Self.bucket)/gcs/testFile", headers: ["Range": "bytes=6-10"])
        #expect(ranged.status == 206)
        #expect(ranged.text == "world")
        #expect(ranged.header("content-range") == "bytes 6-10/11")
    }

    @Test func resumableUploadInSeveralChunks() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let start = try await fixture.send(
            "POST", "\(Self.upload)?uploadType=resumable", headers: ["X-Upload-Content-Type": "image/png"],
            text: #"{"name":"chunks/file.bin","contentDisposition":"inline"}"#)
        #expect(start.status == 200)
        let location = try #require(start.header("location"))
        #expect(location.hasPrefix(fixture.server.baseURL + Self.upload + "?name=chunks%2Ffile.bin&uploadType=resumable&upload_id="))
        let session = String(location.dropFirst(fixture.server.baseURL.count))

        let first = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 0-5/*"], text: "hello ")
        #expect(first.status == 308)
        #expect(first.header("range") == "bytes=0-5")
        let query = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes */*"], text: "")
        #expect(query.status == 308)
        #expect(query.header("range") == "bytes=0-5")
        // A retried chunk overlapping what arrived is trimmed; a gap is refused.
        // (sent with POST, as gcsfs sends chunks)
        let retried = try await fixture.send("POST", session, headers: ["Content-Range": "bytes 3-8/*"], text: "lo wor")
        #expect(retried.header("range") == "bytes=0-8")
        let gap = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 20-21/*"], text: "xx")
        #expect(gap.status == 400)
        let last = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes 9-10/11"], text: "ld")
        #expect(last.status == 200, "\(last.text)")
        #expect(last.json["contentType"] as? String == "image/png")
        #expect(last.json["contentDisposition"] as? String == "inline")
        #expect(last.json["size"] as? String == "11")
        // A repeated finalize answers the same; the content is every chunk.
        let again = try await fixture.send("PUT", session, headers: ["Content-Range": "bytes */11"], text: "")
        #expect(again.status == 200)
        let content = try await fixture.send("GET", "\(Self.objects)/chunks%2Ffile.bin?alt=media")
        #expect(content.text == "hello world")
    }

    @Test func multipartUploads() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let body = "--b1\r\nContent-Type: application/json\r\n\r\n{\"name\":\"multi/part.txt\",\"metadata\":{\"n\":1,\"t\":true}}\r\n"
            + "--b1\r\nContent-Type: text/csv\r\n\r\na,b\r\n1,2\r\n--b1--\r\n"
        let uploaded = try await fixture.send(
            "POST", Self.upload, headers: ["Content-Type": "multipart/related; boundary=\"b1\"", "X-Goog-Upload-Protocol": "multipart"],
            text: body)
        #expect(uploaded.status == 200, "\(uploaded.text)")
        #expect(uploaded.json["name"] as? String == "multi/part.txt")
        #expect(uploaded.json["contentType"] as? String == "text/csv")
        #expect(uploaded.json["metadata"] as? [String: String] == ["n": "1", "t": "true"])
        let content = try await fixture.send("GET", "\(Self.objects)/multi%2Fpart.txt?alt=media")
        #expect(content.text == "a,b\r\n1,2")
        let bad = try await fixture.send("POST", "\(Self.upload)?uploadType=multipart", headers: ["Content-Type": "foo"], text: "x")
        #expect(bad.status == 400)
        #expect(bad.text.contains("Bad content type."))
    }

    @Test func notFoundBodies() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let expected = #"{"error":{"code":404,"message":"No such object: gcs-bucket/blah","errors":[{"message":"No such object: gcs-bucket/blah","domain":"global","reason":"notFound"}]}}"#
        for (method, path) in [("GET", "\(Self.objects)/blah"), ("DELETE", "\(Self.objects)/blah"), ("PATCH", "/b/\(Self.bucket)/o/blah")] {
            let response = try await fixture.send(method, path, body: method == "PATCH" ? Data("{}".utf8) : nil)
            #expect(response.status == 404)
            #expect(response.text == expected, "\(method) \(path)")
        }
        let media = try await fixture.send("GET", "\(Self.objects)/blah?alt=media")
        #expect(media.status == 404)
        #expect(media.text == "No such object: gcs-bucket/blah")
    }

    @Test func patchSemantics() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        _ = try await media(fixture, "patch/me", "x")
        let patched = try await fixture.send(
            "PATCH", "\(Self.objects)/patch%2Fme",
            text: #"{"contentType":"text/html","cacheControl":"no-cache","nada":1,"metadata":{"booleanValue":true,"numberValue":-1,"foo":"bar"}}"#)
        #expect(patched.status == 200)
        #expect(patched.json["metadata"] as? [String: String] == ["booleanValue": "true", "numberValue": "-1", "foo": "bar"])
        #expect(patched.json["metageneration"] as? String == "2")
        let removed = try await fixture.send(
            "PATCH", "\(Self.objects)/patch%2Fme", text: #"{"metadata":{"foo":null},"cacheControl":null}"#)
        #expect(removed.json["metadata"] as? [String: String] == ["booleanValue": "true", "numberValue": "-1"])
        #expect(removed.json["cacheControl"] == nil)
        #expect(removed.json["contentType"] as? String == "text/html")
    }

    @Test func copyAndRewrite() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        _ = try await media(fixture, "copy/src", "copied")
        _ = try await fixture.send(
            "PATCH", "\(Self.objects)/copy%2Fsrc",
            text: #"{"cacheControl":"max-age=1","metadata":{"firebaseStorageDownloadTokens":"tok","k":"v"}}"#)
        let rewrite = try await fixture.send("POST", "\(Self.objects)/copy%2Fsrc/rewriteTo/b/other/o/copy%2Fdst", text: "")
        #expect(rewrite.status == 200)
        #expect(Set(rewrite.json.keys) == ["kind", "totalBytesRewritten", "objectSize", "done", "resource"])
        #expect(rewrite.json["objectSize"] as? String == "6")
        #expect(rewrite.json["done"] as? Bool == true)
        let resource = try #require(rewrite.json["resource"] as? [String: Any])
        #expect(resource["bucket"] as? String == "other")
        #expect(resource["cacheControl"] as? String == "max-age=1")
        #expect(resource["metadata"] as? [String: String] == ["firebaseStorageDownloadTokens": "tok", "k": "v"])

        let overridden = try await fixture.send(
            "POST", "/b/\(Self.bucket)/o/copy%2Fsrc/copyTo/b/\(Self.bucket)/o/copy%2Fnew",
            text: #"{"cacheControl":"no-store","metadata":{"k":"w","gone":null}}"#)
        #expect(overridden.json["cacheControl"] as? String == "no-store")
        #expect(overridden.json["metadata"] as? [String: String] == ["k": "w"])
        let copied = try await fixture.send("GET", "\(Self.objects)/copy%2Fnew?alt=media")
        #expect(copied.text == "copied")
        let token = try await fixture.send("POST", "\(Self.objects)/copy%2Fsrc/rewriteTo/b/other/o/x?rewriteToken=abc", text: "")
        #expect(token.status == 501)
    }

    @Test func generationPreconditions() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let created = try await media(fixture, "pre/obj", "one", query: "&ifGenerationMatch=0")
        #expect(created.status == 200)
        let generation = try #require(created.json["generation"] as? String)
        let refused = try await media(fixture, "pre/obj", "two", query: "&ifGenerationMatch=0")
        #expect(refused.status == 412)
        #expect(refused.text.contains(#""reason":"conditionNotMet""#))
        #expect(try await fixture.send("PATCH", "\(Self.objects)/pre%2Fobj?ifMetagenerationMatch=7", text: "{}").status == 412)
        #expect(try await fixture.send("DELETE", "\(Self.objects)/pre%2Fobj?ifGenerationMatch=1").status == 412)
        #expect(try await fixture.send("GET", "\(Self.objects)/pre%2Fobj?ifGenerationNotMatch=\(generation)").status == 304)
        #expect(try await fixture.send("GET", "\(Self.objects)/pre%2Fobj?ifGenerationMatch=x").status == 400)
        #expect(try await fixture.send("DELETE", "\(Self.objects)/pre%2Fobj?ifGenerationMatch=\(generation)").status == 204)
    }

    @Test func listingWithPrefixesAndPages() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        for name in ["prefix", "prefix/1.txt", "prefix/2.txt", "prefix/dir/file.txt", "testing/shoveler.svg"] {
            _ = try await media(fixture, name, name)
        }
        let cases: [(query: String, items: [String], prefixes: [String])] = [
            ("", ["prefix", "prefix/1.txt", "prefix/2.txt", "prefix/dir/file.txt", "testing/shoveler.svg"], []),
            ("delimiter=%2F", ["prefix"], ["prefix/", "testing/"]),
            ("prefix=prefix%2F&delimiter=%2F", ["prefix/1.txt", "prefix/2.txt"], ["prefix/dir/"]),
            ("prefix=p&delimiter=t", ["prefix"], ["prefix/1.t", "prefix/2.t", "prefix/dir/file.t"]),
            ("prefix=blah%2F", [], []),
        ]
        for entry in cases {
            let page = try await fixture.send("GET", "/b/\(Self.bucket)/o?\(entry.query)")
            let items = (page.json["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(items == entry.items, "\(entry.query)")
            #expect(page.json["prefixes"] as? [String] ?? [] == entry.prefixes, "\(entry.query)")
        }
        let first = try await fixture.send("GET", "\(Self.objects)?maxResults=3")
        #expect((first.json["items"] as? [Any])?.count == 3)
        let token = try #require(first.json["nextPageToken"] as? String)
        let second = try await fixture.send("GET", "\(Self.objects)?maxResults=3&pageToken=\(Fixtures.encode(token))")
        #expect((second.json["items"] as? [Any])?.count == 2)
        #expect(second.json["nextPageToken"] == nil)
        let buckets = try await fixture.send("GET", "/storage/v1/b")
        #expect((buckets.json["items"] as? [[String: Any]])?.contains { $0["name"] as? String == Self.bucket } == true)
    }

    /// §6.8 #64: the POST-policy form upload.
    @Test func formUpload() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        func part(_ name: String, _ value: String) -> String {
            "--fb\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        let body = part("key", "form/${filename}") + part("Content-Type", "text/plain")
            + part("Cache-Control", "public, max-age=60") + part("Content-Disposition", "inline")
            + part("x-goog-meta-color", "blue")
            + "--fb\r\nContent-Disposition: form-data; name=\"file\"; filename=\"note.txt\"\r\nContent-Type: text/plain\r\n\r\nform body\r\n--fb--\r\n"
        let uploaded = try await fixture.send(
            "POST", "/\(Self.bucket)", headers: ["Content-Type": "multipart/form-data; boundary=fb"], text: body)
        #expect(uploaded.status == 204, "\(uploaded.text)")
        let metadata = try await fixture.send("GET", "\(Self.objects)/form%2Fnote.txt")
        #expect(metadata.json["contentType"] as? String == "text/plain")
        #expect(metadata.json["cacheControl"] as? String == "public, max-age=60")
        #expect(metadata.json["contentDisposition"] as? String == "inline")
        #expect(metadata.json["metadata"] as? [String: String] == ["color": "blue"])
        #expect(try await fixture.send("GET", "/\(Self.bucket)/form/note.txt").text == "form body")

        let notForm = try await fixture.send("POST", "/\(Self.bucket)", headers: ["Content-Type": "text/plain"], text: "x")
        #expect(notForm.status == 400)
        #expect(notForm.text == "Content-Type must be multipart/form-data")
        let noKey = try await fixture.send(
            "POST", "/\(Self.bucket)", headers: ["Content-Type": "multipart/form-data; boundary=fb"],
            text: part("Content-Type", "text/plain") + "--fb--\r\n")
        #expect(noKey.status == 400)
        #expect(noKey.text == "Missing 'key' or file.")
        let unnamed = try await fixture.send(
            "POST", "/\(Self.bucket)", headers: ["Content-Type": "multipart/form-data; boundary=fb"],
            text: "--fb\r\nContent-Disposition: form-data\r\n\r\nx\r\n--fb--\r\n")
        #expect(unnamed.status == 400)
        #expect(unnamed.text.contains("a part has no name"))
    }

    @Test func exportEndpointWritesTheFirebaseLayout() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        _ = try await media(fixture, "exported/file.txt", "bytes")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try await fixture.send("POST", "/internal/export", headers: Self.json, text: "{}")
        #expect(missing.status == 400)
        #expect(missing.text == "Export request body must include 'path'.")
        let exported = try await fixture.send(
            "POST", "/internal/export", headers: Self.json, text: #"{"path":"\#(folder)","initiatedBy":"test"}"#)
        #expect(exported.status == 200)
        #expect(FileManager.default.fileExists(atPath: folder + "/firebase-export-metadata.json"))
        let blobs = try FileManager.default.contentsOfDirectory(atPath: folder + "/storage_export/blobs")
        #expect(blobs.count == 1)
    }
}
