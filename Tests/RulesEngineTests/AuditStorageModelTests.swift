import RulesEngine
import RulesSyntax
import Testing

/// Audit of the Storage request/resource model (§4.1–§4.4) and of version
/// differences (§2.1, §2.2).
struct AuditStorageModelTests {
    static func object(_ name: String, metadata: [String: String]? = ["k": "v"]) -> Value {
        StorageObjectFields(
            name: name, bucket: "B", generation: 7, metageneration: 3, size: 10, timeCreated: Engine.time, updated: Engine.time,
            md5Hash: "md5", crc32c: "crc", etag: "etag", contentType: "text/plain", storageClass: "STANDARD", metadata: metadata
        ).resourceValue
    }

    static func upload(_ name: String) -> Value {
        StorageObjectFields(
            name: name, bucket: "B", size: 1, md5Hash: "md5", crc32c: "crc", contentType: "text/plain",
            contentEncoding: "identity", contentDisposition: "inline", metadata: nil
        ).requestResourceValue
    }

    /// The outcome of one condition for one request on `path` under `match /{p=**}`.
    static func outcome(
        _ condition: String, _ method: RuleMethod, path: String = "x/y", incoming: Value? = nil, existing: Value? = nil,
        auth: AuthIdentity? = nil, documents: (any DocumentSource)? = nil, version: String? = "2",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Outcome? {
        let rules = Engine.storageRules("match /{p=**} { allow \(method.rawValue): if \(condition); }", version: version)
        let decision = Engine.decide(rules, method, path, auth: auth, incoming: incoming, existing: existing,
                                     documents: documents, sourceLocation: sourceLocation)
        return decision?.allows.first?.outcome
    }

    struct Case: Sendable, CustomStringConvertible {
        var method: RuleMethod
        var condition: String
        var expected: Expected
        var path: String = "x/y"
        var incoming: Bool = false
        var existing: Bool = false
        var signedIn: Bool = false
        var description: String { "\(method.rawValue) \(path): \(condition)" }
    }

    static let requestCases: [Case] = [
        // request.method is the granular verb.
        Case(method: .get, condition: "request.method == 'get'", expected: .true),
        Case(method: .list, condition: "request.method == 'list'", expected: .true, path: "x"),
        Case(method: .create, condition: "request.method == 'create'", expected: .true, incoming: true),
        Case(method: .create, condition: "request.method == 'create'", expected: .true, incoming: true, existing: true),
        Case(method: .update, condition: "request.method == 'update'", expected: .true, incoming: true, existing: true),
        Case(method: .delete, condition: "request.method == 'delete'", expected: .true, existing: true),
        Case(method: .get, condition: "request.method == 'read'", expected: .false),
        // request.path per method.
        Case(method: .list, condition: "request.path == /b/B/o", expected: .true, path: ""),
        Case(method: .list, condition: "request.path == /b/B/o/dir", expected: .true, path: "dir/"),
        Case(method: .list, condition: "request.path == /b/B/o/a/b", expected: .true, path: "a/b"),
        Case(method: .create, condition: "request.path == /b/B/o/x/y", expected: .true, incoming: true),
        Case(method: .delete, condition: "request.path[3] == 'x' && request.path[4] == 'y'", expected: .true, existing: true),
        // request.resource is null on get, list and delete.
        Case(method: .get, condition: "request.resource == null", expected: .true, existing: true),
        Case(method: .list, condition: "request.resource == null", expected: .true, path: "x"),
        Case(method: .delete, condition: "request.resource == null", expected: .true, existing: true),
        Case(method: .create, condition: "request.resource != null", expected: .true, incoming: true),
        // resource is null for a missing object, null on list.
        Case(method: .get, condition: "resource == null", expected: .true),
        Case(method: .delete, condition: "resource == null", expected: .true),
        Case(method: .list, condition: "resource == null", expected: .true, path: "x"),
        Case(method: .create, condition: "resource == null", expected: .true, incoming: true),
        Case(method: .get, condition: "resource.name == 'x/y' && resource.bucket == 'B' && resource.bucket == bucket", expected: .true, existing: true),
        Case(method: .get, condition: "resource.size == 10 && resource.generation == 7 && resource.metageneration == 3", expected: .true, existing: true),
        Case(method: .get, condition: "resource.timeCreated is timestamp && resource.updated is timestamp", expected: .true, existing: true),
        Case(method: .get, condition: "resource.metadata.k == 'v' && resource.metadata is map", expected: .true, existing: true),
        Case(method: .get, condition: "resource.md5Hash is string && resource.etag is string && resource.contentType == 'text/plain'", expected: .true, existing: true),
        Case(method: .get, condition: "resource.name == 'x'", expected: .error("Null value error.")),
        Case(method: .get, condition: "resource.nope == 1", expected: .error("Property nope is undefined on object."), existing: true),
        // The live upload shape.
        Case(method: .create, condition: "request.resource.name == 'x/y' && request.resource.bucket == 'B' && request.resource.size == 1", expected: .true, incoming: true),
        Case(method: .create, condition: "request.resource.metadata == null", expected: .true, incoming: true),
        Case(method: .create, condition: "request.resource.metadata.k == 'v'", expected: .error("Null value error."), incoming: true),
        Case(method: .create, condition: "request.resource.updated == null", expected: .error("Property updated is undefined on object."), incoming: true),
        Case(method: .create, condition: "request.resource.storageClass == null && request.resource.metageneration == null", expected: .true, incoming: true),
        // request.time
        Case(method: .get, condition: "request.time == timestamp.value(1767225600000)", expected: .true),
        Case(method: .get, condition: "request.time.year() == 2026 && request.time is timestamp", expected: .true),
        // request.auth
        Case(method: .get, condition: "request.auth == null", expected: .true),
        Case(method: .get, condition: "request.auth.uid == 'u'", expected: .error("Null value error.")),
        Case(method: .get, condition: "request.auth != null && request.auth.uid == 'u'", expected: .false),
        Case(method: .get, condition: "request.auth.uid == 'u'", expected: .true, signedIn: true),
        Case(method: .get, condition: "request.auth.token.email == 'u@x.com' && request.auth.token.email_verified", expected: .true, signedIn: true),
        Case(method: .get, condition: "request.auth.token.firebase.sign_in_provider == 'password'", expected: .true, signedIn: true),
        Case(method: .get, condition: "request.auth.token.firebase.identities['email'][0] == 'u@x.com'", expected: .true, signedIn: true),
        Case(method: .get, condition: "request.auth.token.admin == true", expected: .true, signedIn: true),
        Case(method: .get, condition: "request.auth.token.phone_number == null", expected: .error("Property phone_number is undefined on object."), signedIn: true),
        Case(method: .get, condition: "request.auth.token.sub == 'u' && request.auth.token is map", expected: .true, signedIn: true),
        // Captures.
        Case(method: .get, condition: "p == path('x/y') && p is path && bucket == 'B' && bucket is string", expected: .true),
        Case(method: .get, condition: "request.params is map", expected: .true),
    ]

    static let auth = AuthIdentity(uid: "u", token: [
        "email": "u@x.com", "email_verified": true, "admin": true,
        "firebase": .map(RulesMap(["sign_in_provider": "password", "identities": .map(RulesMap(["email": .list(["u@x.com"])]))])),
    ])

    @Test(arguments: requestCases)
    func request(_ item: Case) {
        let outcome = Self.outcome(
            item.condition, item.method, path: item.path, incoming: item.incoming ? Self.upload(item.path) : nil,
            existing: item.existing ? Self.object(item.path) : nil, auth: item.signedIn ? Self.auth : nil)
        Engine.expect(outcome, item.expected, item.description)
    }

    @Test func listUnderVersion1IsRefusedWithProductionMessage() {
        let rules = Engine.storageRules("match /{p=**} { allow read; allow list; }", version: nil)
        let decision = Engine.decide(rules, .list, "x")
        #expect(decision?.allowed == false)
        #expect(decision?.refusal == "Listing objects in a bucket is disallowed for rules_version = \"1\". Please update storage security rules to rules_version = \"2\" to use list.")
        let version1 = Engine.storageRules("match /{p=**} { allow list; }", version: "1")
        #expect(Engine.decide(version1, .list, "x")?.allowed == false)
        let version2 = Engine.storageRules("match /{p=**} { allow list; }", version: "2")
        #expect(Engine.decide(version2, .list, "x")?.allowed == true)
        #expect(Engine.decide(Engine.storageRules("match /{p=**} { allow read; }", version: nil), .get, "x")?.allowed == true)
    }

    /// §2.3: an erroring allow does not stop another from granting, in the
    /// same block or another matching block.
    @Test func allowsAreIndependent() {
        let rules = Engine.storageRules("""
            match /a/{f} { allow get: if 1 / 0 == 0; allow get: if f == 'x'; }
            match /{any=**} { allow get: if null.x; }
            match /a/{g} { allow get: if g == 'y'; }
            """)
        #expect(Engine.decide(rules, .get, "a/x")?.allowed == true)
        #expect(Engine.decide(rules, .get, "a/y")?.allowed == true)
        #expect(Engine.decide(rules, .get, "a/z")?.allowed == false)
    }

    @Test func umbrellaMethods() {
        let rules = Engine.storageRules("match /r/{f} { allow read; } match /w/{f} { allow write; } match /c/{f} { allow create; }")
        #expect(Engine.decide(rules, .get, "r/a")?.allowed == true)
        #expect(Engine.decide(rules, .list, "r/a")?.allowed == true)
        #expect(Engine.decide(rules, .create, "r/a", incoming: Self.upload("r/a"))?.allowed == false)
        #expect(Engine.decide(rules, .create, "w/a", incoming: Self.upload("w/a"))?.allowed == true)
        #expect(Engine.decide(rules, .update, "w/a", incoming: Self.upload("w/a"), existing: Self.object("w/a"))?.allowed == true)
        #expect(Engine.decide(rules, .delete, "w/a", existing: Self.object("w/a"))?.allowed == true)
        #expect(Engine.decide(rules, .get, "w/a")?.allowed == false)
        #expect(Engine.decide(rules, .update, "c/a", incoming: Self.upload("c/a"), existing: Self.object("c/a"))?.allowed == false)
        #expect(Engine.decide(rules, .delete, "c/a")?.allowed == false)
    }

    @Test func listAtTheRootMatchesTheServiceBlock() {
        let rules = "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { allow list: if request.path == /b/B/o; } }"
        #expect(Engine.decide(rules, .list, "")?.allowed == true)
        let nested = Engine.storageRules("match /topLevel { allow list; }")
        #expect(Engine.decide(nested, .list, "topLevel/")?.allowed == true)
        #expect(Engine.decide(nested, .list, "topLevel/x")?.allowed == false)
    }

    @Test func globsByVersion() {
        let v1 = Engine.storageRules("match /a/{rest=**} { allow get: if rest == path('b') || rest == path('b/c'); }", version: nil)
        #expect(Engine.decide(v1, .get, "a")?.allowed == false)
        #expect(Engine.decide(v1, .get, "a/b")?.allowed == true)
        #expect(Engine.decide(v1, .get, "a/b/c")?.allowed == true)
        let v2 = Engine.storageRules("match /a/{rest=**} { allow get: if rest == path('') || rest is path; }")
        #expect(Engine.decide(v2, .get, "a")?.allowed == true)
        let middle = Engine.storageRules("match /{pre=**}/songs/{f} { allow get: if f == 's.mp3'; }")
        #expect(Engine.decide(middle, .get, "songs/s.mp3")?.allowed == true)
        #expect(Engine.decide(middle, .get, "a/b/songs/s.mp3")?.allowed == true)
        #expect(Engine.decide(middle, .get, "a/b/songs/x/s.mp3")?.allowed == false)
    }

    @Test func globNotLastUnderVersion1IsACompileError() {
        let text = Engine.storageRules("match /{pre=**}/songs { allow read; }", version: nil)
        let result = CompiledRuleset.compile(text)
        #expect(result.ruleset == nil)
        #expect(result.diagnostics.contains {
            $0.severity == .error
                && $0.message == "Invalid glob match expression. Glob matches are permitted as the last segment in a match declaration path."
        })
    }
}
