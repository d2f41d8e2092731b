import Foundation
import RulesEngine
import RulesSyntax
import StorageSimulator
import Testing

/// Each operation asks the rules with the method and bindings of
/// rules-language.md §4.2, and the rules are asked before existence.
@Suite("Authorization mapping through real rules")
struct RulesMappingTests {
    @Test("get: allowed, denied, and rules before existence")
    func getMapping() async throws {
        let storage = try TestRules.simulator(TestRules.storage("match /public/{f} { allow read; }"))
        try storage.admin.put(text: "hi", path: "public/a.txt")
        try storage.admin.put(text: "secret", path: "private/a.txt")
        let requests = EventLog<AuthorizationRequest>()
        storage.addAuthorizationObserver { request, _ in requests.append(request) }

        let metadata = try await storage.storage().reference(withPath: "public/a.txt").getMetadata()
        #expect(metadata.size == 2)
        #expect(try await storage.storage().reference(withPath: "public/a.txt").data(maxSize: 10) == Data("hi".utf8))
        #expect(requests.events.map(\.method) == [.get, .get])
        #expect(requests.events.allSatisfy { $0.existing != nil && $0.incoming == nil && $0.objectPath == "public/a.txt" })

        let denied = await storageError { _ = try await storage.storage().reference(withPath: "private/a.txt").getMetadata() }
        #expect(denied?.code == .unauthorized)
        #expect(denied?.message == "User does not have permission to access gs://default-bucket/private/a.txt.")
        #expect(denied?.decision?.allowed == false)

        // Denied on a missing object: unauthorized, not objectNotFound.
        let deniedMissing = await storageError { _ = try await storage.storage().reference(withPath: "private/none").data(maxSize: 10) }
        #expect(deniedMissing?.code == .unauthorized)
        // Allowed on a missing object: objectNotFound, with the granting decision and resource null.
        let missing = await storageError { _ = try await storage.storage().reference(withPath: "public/none").getMetadata() }
        #expect(missing?.code == .objectNotFound)
        #expect(missing?.message == "Object public/none does not exist.")
        #expect(missing?.decision?.allowed == true)
        #expect(requests.events.last?.existing == nil)
    }

    @Test("downloadURL asks get")
    func downloadURLMapping() async throws {
        let storage = try TestRules.simulator(TestRules.storage("match /public/{f} { allow get; }"))
        try storage.admin.put(text: "hi", path: "public/a.txt")
        try storage.admin.put(text: "hi", path: "other/a.txt")
        _ = try await storage.storage().reference(withPath: "public/a.txt").downloadURL()
        let denied = await storageError { _ = try await storage.storage().reference(withPath: "other/a.txt").downloadURL() }
        #expect(denied?.code == .unauthorized)
    }

    @Test("list asks list on the folder path without trailing slash; the root is the empty path")
    func listMapping() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            allow list: if request.auth != null;
                match /listAll/{rest=**} { allow list; }
            """))
        try storage.admin.put(text: "", path: "listAll/a/b")
        let requests = EventLog<AuthorizationRequest>()
        storage.addAuthorizationObserver { request, _ in requests.append(request) }

        let result = try await storage.storage().reference(withPath: "listAll").listAll()
        #expect(result.prefixes.map(\.fullPath) == ["listAll/a"])
        _ = try await storage.storage().reference(withPath: "listAll/a").list(maxResults: 10)
        #expect(requests.events.map(\.objectPath) == ["listAll", "listAll/a"])
        #expect(requests.events.allSatisfy { $0.method == .list && $0.existing == nil && $0.incoming == nil })

        let denied = await storageError { _ = try await storage.storage().reference(withPath: "other").list(maxResults: 10) }
        #expect(denied?.code == .unauthorized)
        // The bucket root is `/b/<bucket>/o`: signed out denied, signed in allowed.
        let rootDenied = await storageError { _ = try await storage.storage().reference().listAll() }
        #expect(rootDenied?.code == .unauthorized)
        #expect(requests.events.last?.objectPath == "")
        storage.signIn(uid: "alice")
        #expect(try await storage.storage().reference().listAll().prefixes.map(\.fullPath) == ["listAll"])
    }

    @Test("uploads ask create, with request.resource in the live-service shape")
    func createMapping() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            match /uploads/{name} {
                  allow create: if request.resource.size < 20
                    && request.resource.contentType == 'text/plain'
                    && request.resource.contentEncoding == 'identity'
                    && request.resource.contentDisposition == "inline; filename*=utf-8''" + name
                    && request.resource.generation == null
                    && request.resource.metageneration == null
                    && request.resource.etag == null
                    && request.resource.storageClass == null
                    && request.resource.contentLanguage == null
                    && request.resource.cacheControl == null
                    && request.resource.metadata == null
                    && request.resource.md5Hash == 'XrY7u+Ae7tCTyyK7j1rNww=='
                    && request.resource.name == 'uploads/' + name
                    && request.resource.bucket == bucket
                    && resource == null;
                }
            """))
        let ref = storage.storage().reference(withPath: "uploads/a.txt")
        let stored = try await ref.putDataAsync(Data("hello world".utf8), metadata: makeMetadata(contentType: "text/plain"))
        #expect(stored.contentType == "text/plain")
        #expect(stored.contentDisposition == "inline; filename*=utf-8''a.txt")

        let tooBig = await storageError {
            _ = try await storage.storage().reference(withPath: "uploads/b.txt").putDataAsync(
                Data(count: 20), metadata: makeMetadata(contentType: "text/plain"))
        }
        #expect(tooBig?.code == .unauthorized)
        #expect(tooBig?.decision?.method == .create)
        #expect(storage.admin.object(path: "uploads/b.txt") == nil)
    }

    @Test("an overwrite is a create with resource set to the stored object")
    func overwriteIsCreate() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            match /once/{f} { allow read; allow create: if resource == null; allow update: if true; }
                match /replace/{f} { allow read; allow create: if resource != null && resource.size == 3 || resource == null; }
            """))
        let once = storage.storage().reference(withPath: "once/file.txt")
        _ = try await once.putDataAsync(Data("one".utf8))
        let second = await storageError { _ = try await once.putDataAsync(Data("two".utf8)) }
        #expect(second?.code == .unauthorized)
        #expect(second?.decision?.method == .create)
        #expect(try await once.data(maxSize: 100) == Data("one".utf8))

        let requests = EventLog<AuthorizationRequest>()
        storage.addAuthorizationObserver { request, _ in requests.append(request) }
        let replace = storage.storage().reference(withPath: "replace/r.txt")
        let first = try await replace.putDataAsync(Data("abc".utf8))
        let replaced = try await replace.putDataAsync(Data("defg".utf8))
        #expect(try await replace.data(maxSize: 100) == Data("defg".utf8))
        #expect(replaced.generation > first.generation)
        #expect(replaced.metageneration == 1)
        #expect(requests.events.map(\.method) == [.create, .create, .get])
        #expect(requests.events[0].existing == nil)
        #expect(requests.events[1].existing != nil)
    }

    @Test("updateMetadata asks update with the change applied to request.resource")
    func updateMapping() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            match /docs/{f} {
                  allow read;
                  allow update: if request.resource.contentType == 'image/png'
                    && request.resource.metageneration == resource.metageneration
                    && request.resource.generation == resource.generation
                    && request.resource.md5Hash == resource.md5Hash
                    && request.resource.storageClass == 'STANDARD'
                    && request.resource.cacheControl == 'max-age=60';
                }
            """))
        try storage.admin.put(text: "x", path: "docs/a", attributes: ObjectAttributes(contentType: "text/plain", cacheControl: "max-age=60"))
        let ref = storage.storage().reference(withPath: "docs/a")
        let updated = try await ref.updateMetadata(makeMetadata(contentType: "image/png"))
        #expect(updated.contentType == "image/png")
        #expect(updated.cacheControl == "max-age=60")
        #expect(updated.metageneration == 2)

        let denied = await storageError { _ = try await ref.updateMetadata(makeMetadata(contentType: "text/html")) }
        #expect(denied?.code == .unauthorized)
        #expect(denied?.decision?.method == .update)
        #expect(storage.admin.object(path: "docs/a")?.contentType == "image/png")

        // Allowed by the rules? No object: request.resource is null, so this
        // rule errors and denies; a rule that allows it yields objectNotFound.
        let missing = await storageError { _ = try await storage.storage().reference(withPath: "docs/none").updateMetadata(makeMetadata(contentType: "image/png")) }
        #expect(missing?.code == .unauthorized)
        storage.setRules(try StorageSimulator.compile(TestRules.open))
        let notFound = await storageError { _ = try await storage.storage().reference(withPath: "docs/none").updateMetadata(makeMetadata(contentType: "image/png")) }
        #expect(notFound?.code == .objectNotFound)
    }

    @Test("delete asks delete with resource; denied leaves the object")
    func deleteMapping() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            match /delete/{f} { allow create, get; allow delete: if resource.contentType != 'text/plain'; }
            """))
        let text = storage.storage().reference(withPath: "delete/disallowIfContentTypeText")
        _ = try await text.putDataAsync(Data("x".utf8), metadata: makeMetadata(contentType: "text/plain"))
        let denied = await storageError { try await text.delete() }
        #expect(denied?.code == .unauthorized)
        #expect(denied?.message.contains("does not have permission to access") == true)
        #expect(storage.admin.object(path: "delete/disallowIfContentTypeText") != nil)

        let image = storage.storage().reference(withPath: "delete/image")
        _ = try await image.putDataAsync(Data("x".utf8), metadata: makeMetadata(contentType: "image/png"))
        try await image.delete()
        let gone = await storageError { _ = try await image.downloadURL() }
        #expect(gone?.code == .objectNotFound)
        #expect(gone?.message.hasSuffix("does not exist.") == true)
        // Rules before existence: deleting the missing object is judged with
        // resource null, which makes this rule error, hence unauthorized.
        let deniedMissing = await storageError { try await image.delete() }
        #expect(deniedMissing?.code == .unauthorized)
    }

    @Test("a denied operation is unauthorized whether or not the caller is signed in")
    func authAndClaims() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            match /users/{uid}/{f} { allow read: if request.auth.uid == uid || request.auth.token.admin == true; }
            """))
        try storage.admin.put(text: "x", path: "users/alice/a")
        let ref = storage.storage().reference(withPath: "users/alice/a")
        #expect(await storageError { _ = try await ref.getMetadata() }?.code == .unauthorized)
        storage.signIn(uid: "bob")
        #expect(await storageError { _ = try await ref.getMetadata() }?.code == .unauthorized)
        storage.signIn(uid: "alice")
        _ = try await ref.getMetadata()
        storage.signIn(uid: "root", claims: ["admin": true])
        _ = try await ref.getMetadata()
        storage.signOut()
        #expect(storage.currentUser == nil)
    }

    @Test("the clock, Firestore documents and rules can be set at run time")
    func settings() async throws {
        let storage = try TestRules.simulator(TestRules.storage("""
            match /timed/{f} { allow read: if request.time < timestamp.date(2027, 1, 1); }
                match /team/{f} { allow read: if firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.role == 'editor'; }
            """))
        try storage.admin.put(text: "x", path: "timed/a")
        try storage.admin.put(text: "x", path: "team/a")
        _ = try await storage.storage().reference(withPath: "timed/a").getMetadata()
        storage.setTime(Timestamp(seconds: 1_830_297_600))  // 2028-01-01
        #expect(await storageError { _ = try await storage.storage().reference(withPath: "timed/a").getMetadata() }?.code == .unauthorized)

        storage.signIn(uid: "alice")
        #expect(await storageError { _ = try await storage.storage().reference(withPath: "team/a").getMetadata() }?.code == .unauthorized)
        storage.setDocuments(InMemoryDocuments(["users/alice": RulesMap(["role": "editor"])]))
        _ = try await storage.storage().reference(withPath: "team/a").getMetadata()

        storage.setRules(nil)
        let noRules = await storageError { _ = try await storage.storage().reference(withPath: "team/a").getMetadata() }
        #expect(noRules?.code == .unauthorized)
        #expect(noRules?.decision?.refusal != nil)
        storage.setRules(try StorageSimulator.compile(TestRules.open), forBucket: "default-bucket")
        _ = try await storage.storage().reference(withPath: "team/a").getMetadata()
    }

    @Test("rules that do not compile are reported")
    func badRules() {
        #expect(throws: RulesCompilationError.self) { try StorageSimulator(rules: "service firebase.storage { {{ }") }
    }

    @Test("every decision reaches the observer, in order, and removal stops it")
    func observerSeesEveryDecision() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let log = EventLog<(RuleMethod, Bool)>()
        let handle = storage.addAuthorizationObserver { request, decision in log.append((request.method, decision.allowed)) }
        let ref = storage.storage().reference(withPath: "a/b.txt")
        _ = try await ref.putDataAsync(Data("x".utf8))
        _ = try await ref.getMetadata()
        _ = try await ref.updateMetadata(makeMetadata(contentType: "text/plain"))
        _ = try await ref.parent()?.listAll()
        try await ref.delete()
        #expect(log.events.map(\.0) == [.create, .get, .update, .list, .delete])
        #expect(log.events.allSatisfy { $0.1 })
        storage.removeAuthorizationObserver(handle)
        _ = try await ref.putDataAsync(Data("x".utf8))
        #expect(log.events.count == 5)
    }

    @Test("observers added after others are called after them, and removing one keeps the others' order")
    func observerOrder() async throws {
        let storage = try TestRules.simulator(TestRules.open)
        let log = EventLog<Int>()
        let handles = (0..<4).map { index in storage.addAuthorizationObserver { _, _ in log.append(index) } }
        storage.removeAuthorizationObserver(handles[1])
        _ = try await storage.storage().reference(withPath: "a").putDataAsync(Data())
        #expect(log.events == [0, 2, 3])
    }

    /// With explanations off, the observers and errors get the same verdicts
    /// without the matched blocks and allows, and the operations do the same.
    @Test("decisions without explanations have the same verdicts, refusals and outcomes")
    func unexplainedDecisions() async throws {
        let rules = TestRules.storage("""
            match /public/{f} { allow read; }
            match /own/{uid}/{f} { allow read, write: if request.auth != null && request.auth.uid == uid; }
            """)
        var outcomes: [[String]] = []
        var verdicts: [[Bool]] = []
        for explains in [true, false] {
            let storage = try TestRules.simulator(rules)
            storage.setExplainsDecisions(explains)
            storage.signIn(uid: "alice")
            try storage.admin.put(text: "hi", path: "public/a.txt")
            let log = EventLog<Decision>()
            storage.addAuthorizationObserver { _, decision in log.append(decision) }
            let root = storage.storage().reference()
            var outcome: [String] = []
            for path in ["own/alice/x", "own/bob/x", "public/a.txt", "public/b.txt"] {
                let ref = root.child(path)
                for step in 0..<4 {
                    do {
                        switch step {
                        case 0: outcome.append(try await ref.putDataAsync(Data("v".utf8)).path ?? "-")
                        case 1: outcome.append("\(try await ref.getMetadata().size)")
                        case 2: outcome.append("\(try await ref.parent()?.listAll().items.count ?? -1)")
                        default: try await ref.delete(); outcome.append("deleted")
                        }
                    } catch let error as StorageError {
                        outcome.append("\(error.code.name) \(error.decision?.allowed.description ?? "-")")
                    }
                }
            }
            outcomes.append(outcome)
            verdicts.append(log.events.map(\.allowed))
            #expect(log.events.allSatisfy { $0.matches.isEmpty && $0.allows.isEmpty } == !explains)
            #expect(log.events.contains { !$0.matches.isEmpty } == explains)
        }
        #expect(outcomes[0] == outcomes[1])
        #expect(verdicts[0] == verdicts[1] && verdicts[0].contains(true) && verdicts[0].contains(false))
    }
}
