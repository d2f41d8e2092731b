import Foundation
import Testing

@testable import StorageEmulator

/// `/internal/setRules`, `/internal/reset`, per-bucket rules, hot reload,
/// CORS and the request log (storage-service.md §1.1, §1.9, §4.6, §6.4, §6.5).
@Suite(.serialized) struct InternalAndRulesTests {
    static func setRulesBody(_ files: [[String: String]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["rules": ["files": files]])
    }

    static let setRulesCases: [(body: String, status: Int, message: String)] = [
        (#"{"rules":{}}"#, 400, "Request body must include 'rules.files' array"),
        ("not json", 400, "Request body must include 'rules.files' array"),
        (#"{"rules":{"files":[{"content":"x"}]}}"#, 400, "Each member of 'rules.files' array must contain 'name' and 'content'"),
        (#"{"rules":{"files":[{"name":"a"}]}}"#, 400, "Each member of 'rules.files' array must contain 'name' and 'content'"),
        (
            #"{"rules":{"files":[{"name":"a","content":"x","resource":"b1"},{"name":"b","content":"y"}]}}"#, 400,
            "Each member of 'rules.files' array must contain 'name', 'content', and 'resource'"
        ),
        (#"{"rules":{"files":[{"name":"a","content":"foo"}]}}"#, 400, "There was an error updating rules, see logs for more details"),
    ]

    @Test func setRulesRefusesBadBodies() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        for entry in Self.setRulesCases {
            let response = try await fixture.send("PUT", "/internal/setRules", text: entry.body)
            #expect(response.status == entry.status, "\(entry.body)")
            #expect(response.json["message"] as? String == entry.message, "\(entry.body)")
        }
        // After a failed compile no ruleset is active (as in the Firebase emulator).
        let refused = try await fixture.send("GET", "/v0/b/any/o/x")
        #expect(refused.text == #"{"error":{"code":403,"message":"Permission denied. Storage Emulator has no loaded ruleset."}}"#)
    }

    @Test func perBucketRulesDecideEachBucket() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        let single = try await fixture.send(
            "PUT", "/internal/setRules", body: Self.setRulesBody([["name": "s.rules", "content": ConformanceRules.openText]]))
        #expect(single.status == 200)
        #expect(single.json["message"] as? String == "Rules updated successfully")
        let multi = try await fixture.send(
            "PUT", "/internal/setRules",
            body: Self.setRulesBody([
                ["name": "deny.rules", "content": ConformanceRules.denyText, "resource": "bucket-a"],
                ["name": "open.rules", "content": ConformanceRules.openText, "resource": "bucket-b"],
            ]))
        #expect(multi.status == 200)
        for (bucket, expected) in [("bucket-a", 403), ("bucket-b", 200)] {
            let start = try await fixture.send(
                "POST", "/v0/b/\(bucket)/o?name=file",
                headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"], text: "{}")
            #expect(start.status == 200)
            let id = try #require(start.header("x-gupload-uploadid"))
            let final = try await fixture.send(
                "POST", "/v0/b/\(bucket)/o?name=file&upload_id=\(id)&upload_protocol=resumable",
                headers: ["X-Goog-Upload-Command": "upload, finalize"], text: "data")
            #expect(final.status == expected, "\(bucket)")
        }
        let unmapped = try await fixture.send("GET", "/v0/b/bucket-c/o/file")
        #expect(unmapped.status == 403)
        #expect(unmapped.text.contains("has no loaded ruleset"))
    }

    @Test func listUnderRulesVersionOneIsRefused() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        #expect(try await fixture.send("GET", "/v0/b/b/o?prefix=a%2F&delimiter=%2F").status == 200)
        let versionOne = "service firebase.storage {\n  match /b/{bucket}/o {\n    match /{allPaths=**} {\n      allow read;\n    }\n  }\n}\n"
        let set = try await fixture.send(
            "PUT", "/internal/setRules", body: Self.setRulesBody([["name": "v1.rules", "content": versionOne]]))
        #expect(set.status == 200)
        let list = try await fixture.send("GET", "/v0/b/b/o?prefix=a%2F&delimiter=%2F")
        #expect(list.status == 403)
        #expect(list.text == #"{"error":{"code":403,"message":"Permission denied. No LIST permission."}}"#)
        #expect(try await fixture.send("GET", "/v0/b/b/o/a%2Fx").status == 404)
    }

    @Test func resetForgetsObjectsAndSessions() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        #expect(try await fixture.send("POST", "/v0/b/b/o?name=a", text: "x").status == 200)
        let start = try await fixture.send(
            "POST", "/v0/b/b/o?name=c", headers: ["X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start"],
            text: "{}")
        let id = try #require(start.header("x-gupload-uploadid"))
        #expect(try await fixture.send("POST", "/internal/reset").status == 200)
        #expect(try await fixture.send("GET", "/v0/b/b/o/a").status == 404)
        let query = try await fixture.send(
            "POST", "/v0/b/b/o?name=c&upload_id=\(id)&upload_protocol=resumable", headers: ["X-Goog-Upload-Command": "query"])
        #expect(query.status == 404)
    }

    @Test func hotReloadAppliesGoodEditsAndKeepsTheLastGoodRuleset() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        #expect(try await fixture.send("GET", "/v0/b/b/o/missing").status == 404)
        try ConformanceRules.openText.replacingOccurrences(of: "allow read, write;", with: "allow read, write: if request.auth != null;")
            .write(to: fixture.rulesFile, atomically: true, encoding: .utf8)
        try await waitFor { try await fixture.send("GET", "/v0/b/b/o/missing").status == 403 }
        #expect(try await fixture.send("GET", "/v0/b/b/o/missing", headers: Fixtures.user("u")).status == 404)
        try "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {{\n}\n"
            .write(to: fixture.rulesFile, atomically: true, encoding: .utf8)
        try await waitFor { fixture.lines.all.contains { $0.contains("did not compile") } }
        let diagnostics = fixture.lines.all.joined(separator: "\n")
        #expect(diagnostics.contains(fixture.rulesFile.path + ":3:"), "\(diagnostics)")
        // The last good ruleset still decides.
        #expect(try await fixture.send("GET", "/v0/b/b/o/missing").status == 403)
        #expect(try await fixture.send("GET", "/v0/b/b/o/missing", headers: Fixtures.user("u")).status == 404)
    }

    @Test func corsPreflightAndExposedHeaders() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.openText)
        defer { Task { await fixture.stop() } }
        let preflight = try await fixture.send(
            "OPTIONS", "/v0/b/b/o?name=x",
            headers: [
                "Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization,x-goog-upload-command",
                "Access-Control-Request-Private-Network": "true",
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("access-control-allow-origin") == "http://localhost:5173")
        #expect(preflight.header("access-control-allow-headers") == "authorization,x-goog-upload-command")
        #expect(preflight.header("access-control-allow-private-network") == "true")
        #expect(preflight.header("access-control-allow-methods")?.contains("PATCH") == true)
        let actual = try await fixture.send("GET", "/v0", headers: ["Origin": "http://example.test"])
        #expect(actual.header("access-control-allow-origin") == "http://example.test")
        #expect(actual.header("access-control-expose-headers")?.contains("x-goog-upload-status") == true)
        #expect(actual.header("access-control-expose-headers")?.contains("X-Goog-Upload-Size-Received") == true)
        // Error answers carry the CORS headers too, so a browser page can read them.
        let refused = try await fixture.send("GET", "/v0/b/b/o/a%00b", headers: ["Origin": "http://example.test"])
        #expect(refused.status == 400)
        #expect(refused.header("access-control-allow-origin") == "http://example.test")
        let unknown = try await fixture.send("GET", "/nothing/here", headers: ["Origin": "http://example.test"])
        #expect(unknown.status == 404)
        #expect(unknown.header("access-control-allow-origin") == "http://example.test")
        #expect(unknown.json["error"] != nil)
    }

    @Test func everyRequestLogsOneLineWithTheDecision() async throws {
        let fixture = try await EmulatorFixture.start(rules: ConformanceRules.text)
        defer { Task { await fixture.stop() } }
        _ = try await fixture.send("GET", "/v0/b/b/o/testing%2Fx")
        _ = try await fixture.send("GET", "/v0/b/b/o/public%2Fx")
        _ = try await fixture.send("GET", "/v0/b/b/o/x", headers: Fixtures.admin)
        let lines = fixture.lines.all
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("GET /v0/b/b/o/testing%2Fx 403 get deny "), "\(lines[0])")
        let ruleLine = ConformanceRules.text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("allow read, write;") }.map { $0 + 1 }!
        #expect(lines[1].hasPrefix("GET /v0/b/b/o/public%2Fx 404 get allow \(fixture.rulesFile.path):\(ruleLine) "), "\(lines[1])")
        #expect(lines[2].hasPrefix("GET /v0/b/b/o/x 404 admin (rules skipped) "), "\(lines[2])")
        #expect(lines.allSatisfy { $0.hasSuffix("ms") })
    }

    @Test func verboseLogsCarryTheExplanation() async throws {
        let fixture = try await EmulatorFixture.start(
            rules: ConformanceRules.text, configuration: EmulatorConfiguration(verbose: true))
        defer { Task { await fixture.stop() } }
        _ = try await fixture.send("GET", "/v0/b/b/o/testing%2Fx")
        let entry = try #require(fixture.lines.all.first)
        #expect(entry.split(separator: "\n").count > 1, "\(entry)")
        #expect(entry.contains("request.auth != null"), "\(entry)")
    }

    func waitFor(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<600 {
            if try await condition() { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        Issue.record("condition not met within 30 s")
    }
}
