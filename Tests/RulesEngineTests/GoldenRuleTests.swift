import RulesEngine
import RulesSyntax
import Testing

/// Spec §6.2: rules plus requests, bucket `B`.
struct GoldenRuleTests {
    typealias R = Engine

    static func object(_ name: String, size: Int64 = 10, contentType: String = "text/plain", metadata: [String: String]? = [:], created: Timestamp = Engine.time) -> Value {
        StorageObjectFields(
            name: name, bucket: "B", generation: 1, metageneration: 1, size: size, timeCreated: created, updated: created,
            md5Hash: "md5", crc32c: "crc", etag: "etag", contentType: contentType, storageClass: "STANDARD", metadata: metadata
        ).resourceValue
    }

    static func upload(_ name: String, size: Int64, contentType: String = "application/octet-stream", metadata: [String: String]? = nil) -> Value {
        StorageObjectFields(
            name: name, bucket: "B", size: size, md5Hash: "md5", crc32c: "crc", contentType: contentType,
            contentEncoding: "identity", contentDisposition: "inline", metadata: metadata
        ).requestResourceValue
    }

    func allowed(_ rules: String, _ method: RuleMethod, _ path: String, incoming: Value? = nil, existing: Value? = nil,
                 auth: AuthIdentity? = nil, time: Timestamp = Engine.time, documents: (any DocumentSource)? = nil,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool? {
        R.decide(rules, method, path, auth: auth, incoming: incoming, existing: existing, time: time, documents: documents,
                 sourceLocation: sourceLocation)?.allowed
    }

    @Test func fact94RequestPathIsTheFullResourcePath() {
        let rules = R.storageRules("""
            match /{allPaths=**} { allow read: if request.path[0] == "b" && request.path[1] == "B" && request.path[2] == "o" && request.path[3] == "dir" && request.path == path("/b/B/o/dir/subdir/image.png"); }
            """)
        #expect(allowed(rules, .get, "dir/subdir/image.png") == true)
        #expect(allowed(rules, .get, "dir/subdir/disallowed.png") == false)
    }

    @Test func fact95Ternary() {
        let rules = R.storageRules("match /{file} { allow read: if request.path[3] == \"test\" ? true : false; }")
        #expect(allowed(rules, .get, "test") == true)
        #expect(allowed(rules, .get, "someRandomFile") == false)
    }

    @Test func fact96SizeLimit() {
        let rules = R.storageRules("match /files/{file} { allow read, write: if request.resource.size < 5 * 1024 * 1024; }")
        #expect(allowed(rules, .create, "files/goat", incoming: Self.upload("files/goat", size: 500 * 1024)) == true)
        #expect(allowed(rules, .create, "files/goat", incoming: Self.upload("files/goat", size: 10 * 1024 * 1024)) == false)
    }

    @Test func fact97CreateOnlyWhenAbsent() {
        let rules = R.storageRules("match /upload/allowIfNoExistingFile.txt { allow create: if resource == null; }")
        let path = "upload/allowIfNoExistingFile.txt"
        #expect(allowed(rules, .create, path, incoming: Self.upload(path, size: 3)) == true)
        #expect(allowed(rules, .create, path, incoming: Self.upload(path, size: 3), existing: Self.object(path)) == false)
    }

    @Test func fact98To100UmbrellaMethods() {
        let rules = R.storageRules("""
            match /readonly/{f} { allow read: if true; }
            match /getonly/{f} { allow get: if true; }
            match /writeonly/{f} { allow write: if true; }
            """)
        #expect(allowed(rules, .list, "readonly/a.txt") == true)
        #expect(allowed(rules, .create, "readonly/a.txt", incoming: Self.upload("readonly/a.txt", size: 1)) == false)
        #expect(allowed(rules, .list, "getonly/a.txt") == false)
        #expect(allowed(rules, .update, "writeonly/a.txt") == true)
        #expect(allowed(rules, .delete, "writeonly/a.txt") == true)
        #expect(allowed(rules, .get, "writeonly/a.txt") == false)
    }

    @Test func fact101ListIsRefusedUnderVersion1() {
        let rules = R.storageRules("match /{p=**} { allow read; }", version: nil)
        let decision = R.decide(rules, .list, "folder")
        #expect(decision?.allowed == false)
        #expect(decision?.refusal == CompiledRuleset.listRequiresVersion2)
        #expect(allowed(rules, .get, "folder/file") == true)
    }

    @Test func fact102AnyAllowWins() {
        let rules = R.storageRules("""
            match /images/{imageId} { allow read, write: if false; }
            match /images/{imageId=**} { allow read, write: if true; }
            """)
        for method in [RuleMethod.get, .list, .create, .update, .delete] {
            #expect(allowed(rules, method, "images/cat.png") == true, "\(method)")
        }
    }

    @Test func fact103And104RecursiveWildcardSegments() {
        let body = "match /images/{filenamePrefixWildcard}/{imageFilename=**} { allow read; }"
        let v1 = R.storageRules(body, version: nil)
        #expect(allowed(v1, .get, "images/badge.png") == false)
        #expect(allowed(v1, .get, "images/profilePics/profile.png") == true)
        let v2 = R.storageRules(body)
        #expect(allowed(v2, .get, "images/badge.png") == true)
    }

    @Test func fact105OverlappingMatches() {
        let rules = R.storageRules("""
            match /users/{userId}/{anyUserFile=**} { allow read, delete: if request.auth != null && request.auth.uid == userId; }
            match /users/{userId}/images/{imageId} { allow write: if false; }
            """)
        #expect(allowed(rules, .delete, "users/u1/images/x.jpg", auth: AuthIdentity(uid: "u1")) == true)
        #expect(allowed(rules, .delete, "users/u1/images/x.jpg", auth: AuthIdentity(uid: "u2")) == false)
        #expect(allowed(rules, .delete, "users/u1/images/x.jpg") == false)
    }

    @Test func fact106PartialMatchesDoNotGrant() {
        let rules = R.storageRules("match /example/{singleSegment} { allow write; match /nested/path { allow read; } }")
        #expect(allowed(rules, .create, "example/hello/nested/path", incoming: Self.upload("x", size: 1)) == false)
        #expect(allowed(rules, .get, "example/hello/nested/path") == true)
        #expect(allowed(rules, .create, "example/hello", incoming: Self.upload("x", size: 1)) == true)
    }

    @Test func fact107ImageUploads() {
        let rules = R.storageRules("""
            match /images/{imageId} { allow write: if request.resource.size < 5 * 1024 * 1024 && request.resource.contentType.matches('image/.*'); }
            """)
        #expect(allowed(rules, .create, "images/a", incoming: Self.upload("images/a", size: 2048, contentType: "image/png")) == true)
        #expect(allowed(rules, .create, "images/a", incoming: Self.upload("images/a", size: 2048, contentType: "ximage/png")) == false)
        #expect(allowed(rules, .create, "images/a", incoming: Self.upload("images/a", size: 6 * 1024 * 1024, contentType: "image/png")) == false)
    }

    @Test func fact108ExactContentType() {
        let rules = R.storageRules("match /mime-exact/{f} { allow create: if request.resource.contentType == 'image/png'; }")
        #expect(allowed(rules, .create, "mime-exact/a", incoming: Self.upload("a", size: 1, contentType: "Image/PNG")) == false)
        #expect(allowed(rules, .create, "mime-exact/a", incoming: Self.upload("a", size: 1, contentType: "image/png; charset=binary")) == false)
        #expect(allowed(rules, .create, "mime-exact/a", incoming: Self.upload("a", size: 1, contentType: "image/png")) == true)
    }

    @Test func fact109MissingMetadataKeyDenies() {
        let rules = R.storageRules("match /dotted/{f} { allow get: if resource.metadata.owner == request.auth.uid; }")
        #expect(allowed(rules, .get, "dotted/a", existing: Self.object("dotted/a", metadata: [:]), auth: AuthIdentity(uid: "u")) == false)
        #expect(allowed(rules, .get, "dotted/a", existing: Self.object("dotted/a", metadata: ["owner": "u"]), auth: AuthIdentity(uid: "u")) == true)
    }

    @Test func fact110MetadataGetWithDefault() {
        let rules = R.storageRules("match /md/{f} { allow create: if request.resource.metadata.get('visibility', 'private') == 'private'; }")
        #expect(allowed(rules, .create, "md/a", incoming: Self.upload("md/a", size: 1, metadata: [:])) == true)
        #expect(allowed(rules, .create, "md/a", incoming: Self.upload("md/a", size: 1, metadata: ["visibility": "public"])) == false)
    }

    @Test func fact111RequiredMetadataKeys() {
        let rules = R.storageRules("match /required/{f} { allow create: if request.resource.metadata.keys().hasAll(['owner','purpose']); }")
        let full = ["owner": "a", "purpose": "b", "extra": "c"]
        #expect(allowed(rules, .create, "required/a", incoming: Self.upload("required/a", size: 1, metadata: full)) == true)
        #expect(allowed(rules, .create, "required/a", incoming: Self.upload("required/a", size: 1, metadata: ["owner": "a"])) == false)
    }

    @Test func fact112MetadataDiff() {
        let rules = R.storageRules("match /diff/{f} { allow update: if request.resource.metadata.diff(resource.metadata).affectedKeys().hasOnly(['label']); }")
        let stored = Self.object("diff/a", metadata: ["owner": "u", "label": "old"])
        func update(_ metadata: [String: String]) -> Value { Self.object("diff/a", metadata: metadata) }
        #expect(allowed(rules, .update, "diff/a", incoming: update(["owner": "u", "label": "new"]), existing: stored) == true)
        #expect(allowed(rules, .update, "diff/a", incoming: update(["owner": "v", "label": "old"]), existing: stored) == false)
        #expect(allowed(rules, .update, "diff/a", incoming: update(["owner": "u", "label": "old"]), existing: stored) == true)
    }

    @Test func fact113DeleteWithinAMinute() {
        let rules = R.storageRules("match /fresh/{f} { allow delete: if request.time < resource.timeCreated + duration.value(60, 's'); }")
        let created = Engine.time
        let stored = Self.object("fresh/a", created: created)
        #expect(allowed(rules, .delete, "fresh/a", existing: stored, time: Timestamp(seconds: created.seconds + 59, nanos: 999_000_000)) == true)
        #expect(allowed(rules, .delete, "fresh/a", existing: stored, time: Timestamp(seconds: created.seconds + 60)) == false)
    }

    @Test func fact114Deadline() {
        let rules = R.storageRules("match /deadline/{f} { allow create: if request.time < timestamp.date(2030, 1, 1); }")
        let upload = Self.upload("deadline/a", size: 1)
        #expect(allowed(rules, .create, "deadline/a", incoming: upload, time: Timestamp(rfc3339: "2025-06-01T00:00:00Z")!) == true)
        #expect(allowed(rules, .create, "deadline/a", incoming: upload, time: Timestamp(rfc3339: "2035-06-01T00:00:00Z")!) == false)
    }

    @Test func fact115WildcardsAreStrings() {
        let rules = R.storageRules("match /types/{fileId} { allow delete: if fileId is int; allow get: if fileId is string; }")
        #expect(allowed(rules, .delete, "types/12") == false)
        #expect(allowed(rules, .get, "types/12") == true)
    }

    @Test func fact116SlicesDoNotClamp() {
        let rules = R.storageRules("match /slices/{fileId} { allow read: if fileId.split('-')[0:2].size() == 2; }")
        #expect(allowed(rules, .get, "slices/a-b-c.png") == true)
        #expect(allowed(rules, .get, "slices/one.png") == false)
    }

    @Test func fact117FunctionScopesAndShadowing() {
        let rules = """
            rules_version = '2';
            function scopeTag() { return 'file'; }
            service firebase.storage {
              function serviceTag() { return 'service'; }
              match /b/{bucket}/o {
                match /shadow/{f} {
                  function scopeTag() { return 'match'; }
                  allow get: if scopeTag() == 'match' && serviceTag() == 'service';
                }
                match /plain/{f} {
                  allow get: if scopeTag() == 'file';
                }
              }
            }
            """
        #expect(allowed(rules, .get, "shadow/a") == true)
        #expect(allowed(rules, .get, "plain/a") == true)
    }

    @Test func fact118LetInFunction() {
        let rules = """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                function sizeUnder(limitMb) { let mb = 1024 * 1024; return request.resource.size < limitMb * mb; }
                match /uploads/{f} { allow create: if sizeUnder(5); }
              }
            }
            """
        #expect(allowed(rules, .create, "uploads/a", incoming: Self.upload("uploads/a", size: 1024 * 1024)) == true)
        #expect(allowed(rules, .create, "uploads/a", incoming: Self.upload("uploads/a", size: 10 * 1024 * 1024)) == false)
    }

    @Test func fact119FirestoreLookup() {
        let rules = R.storageRules("""
            match /profiles/{userId}/{fileId} { allow get: if firestore.get(/databases/(default)/documents/users/$(userId)).data.uid == request.auth.uid; }
            """)
        let documents = InMemoryDocuments(["users/alice": RulesMap(["uid": "alice"])])
        #expect(allowed(rules, .get, "profiles/alice/a.png", auth: AuthIdentity(uid: "alice"), documents: documents) == true)
        #expect(allowed(rules, .get, "profiles/alice/a.png", auth: AuthIdentity(uid: "bob"), documents: documents) == false)
        #expect(allowed(rules, .get, "profiles/carol/a.png", auth: AuthIdentity(uid: "carol"), documents: documents) == false)
    }

    @Test func fact120LookupBudgetOfTwoDistinctDocuments() {
        let documents = InMemoryDocuments(["a/1": RulesMap(), "a/2": RulesMap(), "a/3": RulesMap()])
        func rules(_ ids: [Int]) -> String {
            R.storageRules("match /{f} { allow create: if "
                + ids.map { "firestore.exists(/databases/(default)/documents/a/\($0))" }.joined(separator: " && ") + "; }")
        }
        let upload = Self.upload("f", size: 1)
        #expect(allowed(rules([1, 2, 3]), .create, "f", incoming: upload, documents: documents) == false)
        #expect(allowed(rules([1, 2]), .create, "f", incoming: upload, documents: documents) == true)
        #expect(allowed(rules([1, 1, 1]), .create, "f", incoming: upload, documents: documents) == true)
        #expect(allowed(rules([1]), .create, "f", incoming: upload, documents: documents) == true)
    }

    @Test func fact121OnlyTheDefaultDatabase() {
        let rules = R.storageRules("match /{f} { allow create: if firestore.exists(/databases/named/documents/a/1); }")
        let documents = InMemoryDocuments(["/databases/named/documents/a/1": RulesMap()])
        #expect(allowed(rules, .create, "f", incoming: Self.upload("f", size: 1), documents: documents) == false)
    }

    @Test func fact122OverwriteIsCreate() {
        let rules = R.storageRules("""
            match /create/{f} { allow create: if true; }
            match /update/{f} { allow update: if true; }
            """)
        #expect(allowed(rules, .create, "create/a", incoming: Self.upload("create/a", size: 1), existing: Self.object("create/a")) == true)
        #expect(allowed(rules, .create, "update/a", incoming: Self.upload("update/a", size: 1), existing: Self.object("update/a")) == false)
    }

    @Test func fact123To125LiveUploadShape() {
        let upload = Self.upload("f", size: 1, contentType: "image/png")
        let rules = R.storageRules("""
            match /a/{f} { allow create: if request.resource.timeCreated is timestamp; }
            match /b/{f} { allow create: if request.resource.generation == null && request.resource.etag == null; }
            match /c/{f} { allow create: if request.resource.contentEncoding == 'identity'; }
            """)
        #expect(allowed(rules, .create, "a/f", incoming: upload) == false)
        #expect(allowed(rules, .create, "b/f", incoming: upload) == true)
        #expect(allowed(rules, .create, "c/f", incoming: upload) == true)
    }
}
