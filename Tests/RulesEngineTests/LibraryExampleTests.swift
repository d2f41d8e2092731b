import RulesEngine
import RulesSyntax
import Testing

/// The README's "The engine as a library" example, as written there.
@Suite("README library example")
struct LibraryExampleTests {
    static let rulesText = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{uid}/{file=**} {
              allow create: if request.auth.uid == uid && request.auth.token.email_verified == true
                && request.resource.contentType.matches('image/.*');
            }
            match /public/{file} { allow read; }
          }
        }
        """

    @Test func authorizeExplainsAndIsAllowedAgrees() throws {
        let rulesText = Self.rulesText
        let result = CompiledRuleset.compile(rulesText, path: "storage.rules")
        let rules = try #require(result.ruleset, "\(result.diagnostics)")

        let decision = rules.authorize(AuthorizationRequest(
            method: .create, bucket: "my-app.appspot.com", objectPath: "users/alice/cat.png",
            auth: AuthIdentity(uid: "alice", token: ["email_verified": true]),
            incoming: StorageObjectFields(name: "users/alice/cat.png", bucket: "my-app.appspot.com",
                                          size: 2048, contentType: "image/png").requestResourceValue,
            time: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!))
        #expect(decision.allowed)
        #expect(decision.matches.map(\.pattern) == ["/b/{bucket}/o/users/{uid}/{file=**}"])
        #expect(decision.allows.count == 1 && decision.allows[0].granted && !decision.allows[0].trace.isEmpty)

        let download = AuthorizationRequest(
            method: .get, bucket: "my-app.appspot.com", objectPath: "public/logo.png",
            time: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!)
        #expect(rules.isAllowed(download))
        var privateFile = download
        privateFile.objectPath = "users/alice/cat.png"
        #expect(!rules.isAllowed(privateFile))
        #expect(!rules.authorize(privateFile).allowed)
    }
}
