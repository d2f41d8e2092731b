import Foundation
import Testing

@testable import StorageEmulator

/// Lists, metadata updates, downloads with tokens and ranges, token calls
/// and the rules-driven scenarios of storage-service.md §6.6–§6.7.
@Suite(.serialized) struct FirebaseObjectTests {
    static let objects = "/v0/b/test-bucket/o"

    func put(_ fixture: EmulatorFixture, _ name: String, _ text: String, type: String = "text/plain") async throws {
        let response = try await fixture.send(
            "POST", "\(Self.objects)?name=\(Fixtures.encode(name))",
            headers: Fixtures.admin.merging(["Content-Type": type]) { $1 }, text: text)
        #expect(response.status == 200, "upload \(name): \(response.text)")
    }

    @Test func listWithPageTokensReturnsEveryNameOnce() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        for index in 0..<10 { try await put(fixture, "listAll/item#\(index)", "x") }
        var names: [String] = []
        var token: String?
        var pages = 0
        repeat {
            var path = "\(Self.objects)?prefix=listAll%2F&delimiter=%2F&maxResults=4"
            if let token { path += "&pageToken=\(Fixtures.encode(token))" }
            let page = try await fixture.send("GET", path)
            #expect(page.status == 200, "\(page.text)")
            let items = page.json["items"] as? [[String: String]] ?? []
            #expect(items.allSatisfy { $0["bucket"] == "test-bucket" && $0.count == 2 })
            names += items.compactMap { $0["name"] }
            token = page.json["nextPageToken"] as? String
            pages += 1
        } while token != nil && pages < 10
        #expect(pages == 3)
        #expect(names == (0..<10).map { "listAll/item#\($0)" })
    }

    @Test func listShapesFoldersAndDropsEmptySegments() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        for name in ["listAll/some/deeply/nested/directory/item1", "listAll/item1", "listAll/item2", "listAll/abc/",
            "listAll//foo", "listAll/bar//", "listAll/baz//qux"]
        {
            try await put(fixture, name, "")
        }
        let root = try await fixture.send("GET", "\(Self.objects)?prefix=listAll%2F&delimiter=%2F")
        #expect(root.json["items"] as? [[String: String]] == [
            ["name": "listAll/item1", "bucket": "test-bucket"], ["name": "listAll/item2", "bucket": "test-bucket"],
        ])
        #expect(root.json["prefixes"] as? [String] == ["listAll/abc/", "listAll/bar/", "listAll/baz/", "listAll/some/"])
        #expect(root.json["nextPageToken"] == nil)
        let placeholder = try await fixture.send("GET", "\(Self.objects)?prefix=listAll%2Fabc%2F&delimiter=%2F")
        #expect(placeholder.text == #"{"prefixes":[],"items":[]}"#)
        let empty = try await fixture.send("GET", "\(Self.objects)?prefix=listAll%2Fnothing%2F&delimiter=%2F")
        #expect(empty.text == #"{"prefixes":[],"items":[]}"#)
        let badPrefix = try await fixture.send("GET", "\(Self.objects)?prefix=listAll&delimiter=%2F")
        #expect(badPrefix.status == 400)
        #expect(badPrefix.text == #"{"error":{"code":400,"message":"The prefix parameter is required to be empty or ends with a single / character."}}"#)
        let denied = try await fixture.send("GET", "\(Self.objects)?prefix=testing%2F&delimiter=%2F")
        #expect(denied.status == 403)
        #expect(denied.text == #"{"error":{"code":403,"message":"Permission denied. No LIST permission."}}"#)
    }

    @Test func patchSetsAndDeletesWithNull() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        try await put(fixture, "testing/meta", "abc")
        let path = "\(Self.objects)/testing%2Fmeta"
        let alice = Fixtures.user("alice")
        let set = try await fixture.send(
            "PATCH", path, headers: alice,
            text: #"{"contentType":"application/awesome-stream","cacheControl":"no-cache","contentLanguage":"fr","contentEncoding":"gzip","contentDisposition":"inline","metadata":{"testable":"true","removeMe":"x","n":-1,"b":true}}"#)
        #expect(set.status == 200, "\(set.text)")
        #expect(set.json["contentType"] as? String == "application/awesome-stream")
        #expect(set.json["metageneration"] as? String == "2")
        #expect(set.json["metadata"] as? [String: String] == ["testable": "true", "removeMe": "x", "n": "-1", "b": "true"])
        #expect(set.header("cache-control") == "no-cache")
        let removeOne = try await fixture.send("PATCH", path, headers: alice, text: #"{"metadata":{"removeMe":null}}"#)
        #expect(removeOne.json["metadata"] as? [String: String] == ["testable": "true", "n": "-1", "b": "true"])
        // The mobile SDKs' form: PUT with the method override.
        let cleared = try await fixture.send(
            "PUT", path, headers: alice.merging(["X-HTTP-Method-Override": "PATCH"]) { $1 },
            text: #"{"contentType":null,"cacheControl":null,"contentLanguage":null,"contentEncoding":null,"contentDisposition":null,"metadata":null}"#)
        #expect(cleared.status == 200)
        let json = cleared.json
        for key in ["contentType", "cacheControl", "contentLanguage", "contentDisposition", "metadata"] {
            #expect(json[key] == nil, "\(key) should be gone")
        }
        #expect(json["contentEncoding"] as? String == "identity")
        #expect(json["metageneration"] as? String == "4")
        let missing = try await fixture.send("PATCH", "\(Self.objects)/testing%2Fnope", headers: alice, text: "{}")
        #expect(missing.status == 404)
        let denied = try await fixture.send("PATCH", path, text: #"{"contentType":"x/y"}"#)
        #expect(denied.status == 403)
        #expect(denied.text == #"{"error":{"code":403,"message":"Permission denied. No WRITE permission."}}"#)
    }

    @Test func downloadWithATokenAndARange() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        try await put(fixture, "testing/storage_ref/testFile", "0123456789abcdefghij")
        let path = "\(Self.objects)/testing%2Fstorage_ref%2FtestFile"
        let noAuth = try await fixture.send("GET", path + "?alt=media")
        #expect(noAuth.status == 403)
        #expect(noAuth.text == #"{"error":{"code":403,"message":"Permission denied. No READ permission."}}"#)
        let metadata = try await fixture.send("GET", path, headers: Fixtures.user("alice"))
        let token = try #require((metadata.json["downloadTokens"] as? String)?.split(separator: ",").first)
        let whole = try await fixture.send("GET", path + "?alt=media&token=\(token)")
        #expect(whole.status == 200)
        #expect(whole.text == "0123456789abcdefghij")
        #expect(whole.header("content-disposition")?.contains("testFile") == true)
        let ranged = try await fixture.send("GET", path + "?alt=media&token=\(token)", headers: ["Range": "bytes=10-19"])
        #expect(ranged.status == 206)
        #expect(ranged.text == "abcdefghij")
        #expect(ranged.header("content-range") == "bytes 10-19/20")
        let wrongToken = try await fixture.send("GET", path + "?alt=media&token=nope")
        #expect(wrongToken.status == 403)
        let missing = try await fixture.send("GET", "\(Self.objects)/testing%2Fmissing", headers: Fixtures.user("a"))
        #expect(missing.status == 404)
    }

    @Test func downloadTokenAdminCalls() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        try await put(fixture, "public/tokens", "t")
        let path = "\(Self.objects)/public%2Ftokens"
        let notAdmin = ["Authorization": "Bearer somethingElse"]
        for query in ["create_token=true", "delete_token=abc"] {
            let refused = try await fixture.send("POST", "\(path)?\(query)", headers: notAdmin)
            #expect(refused.status == 403)
            #expect(refused.text == #"{"error":{"code":403,"message":"Missing admin credentials."}}"#)
        }
        #expect(try await fixture.send("POST", "\(path)?create_token=someNonTrueParam", headers: Fixtures.admin).status == 400)
        let original = try await fixture.send("GET", path, headers: Fixtures.admin).json["downloadTokens"] as? String
        let first = try await fixture.send("POST", "\(path)?create_token=true", headers: Fixtures.admin)
        let tokens = (first.json["downloadTokens"] as? String ?? "").split(separator: ",").map(String.init)
        #expect(tokens.count == 2)
        #expect(tokens.first == original)
        let deleted = try await fixture.send("POST", "\(path)?delete_token=\(tokens[0])", headers: Fixtures.admin)
        #expect(deleted.json["downloadTokens"] as? String == tokens[1])
        let last = try await fixture.send("POST", "\(path)?delete_token=\(tokens[1])", headers: Fixtures.admin)
        let replacement = try #require(last.json["downloadTokens"] as? String)
        #expect(!replacement.isEmpty && !replacement.contains(",") && replacement != tokens[1])
        #expect(try await fixture.send("POST", "\(Self.objects)/public%2Fnone?create_token=true", headers: Fixtures.admin).status == 404)
    }

    @Test func rulesScenariosOfTheJSSDKSuite() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        let alice = Fixtures.user("alice")
        func upload(_ name: String, _ headers: [String: String], type: String = "text/plain", text: String = "x") async throws -> HTTPResult {
            try await fixture.send(
                "POST", "\(Self.objects)?name=\(Fixtures.encode(name))", headers: headers.merging(["Content-Type": type]) { $1 },
                text: text)
        }
        // Create-only rule: the second upload is still a create, so it is allowed and replaces the content.
        #expect(try await upload("upload/replace.txt", [:], text: "one").status == 200)
        #expect(try await upload("upload/replace.txt", [:], text: "two").status == 200)
        #expect(try await fixture.send("GET", "\(Self.objects)/upload%2Freplace.txt?alt=media").text == "two")
        #expect(try await upload("upload/allowIfContentTypeImage.png", [:], type: "image/blah").status == 200)
        #expect(try await upload("upload/allowIfContentTypeImage.png", [:], type: "text/plain").status == 403)
        #expect(try await upload("upload/allowIfNoExistingFile.txt", [:]).status == 200)
        #expect(try await upload("upload/allowIfNoExistingFile.txt", [:]).status == 403)
        #expect(try await upload("delete/disallowIfContentTypeText", [:], type: "text/plain").status == 200)
        let delete = try await fixture.send("DELETE", "\(Self.objects)/delete%2FdisallowIfContentTypeText")
        #expect(delete.status == 403)
        #expect(delete.text == #"{"error":{"code":403,"message":"Permission denied. No WRITE permission."}}"#)
        // Long names and empty bodies.
        let long = "testing/" + String(repeating: "long", count: 180) + "image.png"
        #expect(try await upload(long, alice).status == 200)
        #expect(try await upload("testing/empty", alice, text: "").status == 200)
        // Rules before existence: a missing object under a closed path is 403, not 404.
        #expect(try await fixture.send("GET", "\(Self.objects)/testing%2Fnothing").status == 403)
        #expect(try await fixture.send("DELETE", "\(Self.objects)/testing%2Fnothing", headers: alice).status == 404)
        #expect(try await fixture.send("DELETE", "\(Self.objects)/testing%2Fempty", headers: alice).status == 204)
        #expect(try await fixture.send("GET", "\(Self.objects)/testing%2Fempty", headers: alice).status == 404)
    }
}
