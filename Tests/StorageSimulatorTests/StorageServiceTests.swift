import RulesEngine
import Testing

@testable import StorageSimulator

/// The request-scoped service layer: explicit caller and time, rules before
/// existence, and its own failure type.
@Suite struct StorageServiceTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{uid}/{name} {
              allow read, delete: if request.auth != null && request.auth.uid == uid;
              allow create: if request.auth.uid == uid && (resource == null || resource.size < request.resource.size);
              allow update: if request.resource.contentType == 'text/plain';
            }
            match /users/{uid} {
              allow list: if request.auth.uid == uid;
            }
          }
        }
        """

    func makeService(rulesFor bucket: String = "b") throws -> StorageService {
        let ruleset = try StorageSimulator.compile(Self.rules)
        return StorageService(simulator: StorageSimulator()) { $0 == bucket ? ruleset : nil }
    }

    static let alice = ServiceRequest(caller: .user(AuthIdentity(uid: "alice")), time: Timestamp(seconds: 1_700_000_000))
    static let bob = ServiceRequest(caller: .user(AuthIdentity(uid: "bob")), time: Timestamp(seconds: 1_700_000_000))
    static let anonymous = ServiceRequest(caller: .anonymous)
    static let admin = ServiceRequest(caller: .admin)

    @Test func callersAreDecidedPerRequest() throws {
        let service = try makeService()
        let created = try service.upload(bucket: "b", path: "users/alice/a", bytes: [1, 2], attributes: .init(), request: Self.alice)
        #expect(created.decision?.allowed == true)
        #expect(created.value.timeCreated == Self.alice.time)
        #expect(created.value.downloadTokens.count == 1)
        #expect(throws: ServiceFailure.self) {
            try service.read(bucket: "b", path: "users/alice/a", request: Self.bob)
        }
        let admin = try service.read(bucket: "b", path: "users/alice/a", request: Self.admin)
        #expect(admin.decision == nil)
        #expect(admin.value.bytes == [1, 2])
        let token = created.value.downloadTokens[0]
        let byToken = try service.read(bucket: "b", path: "users/alice/a", downloadToken: token, request: Self.anonymous)
        #expect(byToken.decision == nil)
    }

    @Test func rulesComeBeforeExistence() throws {
        let service = try makeService()
        do {
            _ = try service.read(bucket: "b", path: "users/alice/missing", request: Self.bob)
            Issue.record("read allowed")
        } catch {
            guard case .denied(let decision) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(decision.method == .get)
        }
        do {
            _ = try service.read(bucket: "b", path: "users/alice/missing", request: Self.alice)
            Issue.record("missing object read")
        } catch {
            guard case .notFound(let decision?) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(decision.allowed)
        }
    }

    @Test func overwritesAreCreatesThatSeeTheStoredObject() throws {
        let service = try makeService()
        _ = try service.upload(bucket: "b", path: "users/alice/a", bytes: [1, 2, 3], attributes: .init(), request: Self.alice)
        // Not larger than the stored object: refused.
        #expect(throws: ServiceFailure.self) {
            try service.upload(bucket: "b", path: "users/alice/a", bytes: [1], attributes: .init(), request: Self.alice)
        }
        let bigger = try service.upload(bucket: "b", path: "users/alice/a", bytes: [1, 2, 3, 4], attributes: .init(), request: Self.alice)
        #expect(bigger.decision?.method == .create)
        #expect(bigger.value.size == 4)
    }

    @Test func updatesSeeThePatchedObject() throws {
        let service = try makeService()
        _ = try service.upload(bucket: "b", path: "users/alice/a", bytes: [1], attributes: .init(), request: Self.alice)
        #expect(throws: ServiceFailure.self) {
            try service.updateMetadata(bucket: "b", path: "users/alice/a", patch: MetadataPatch(contentType: .set("image/png")), request: Self.alice)
        }
        let updated = try service.updateMetadata(
            bucket: "b", path: "users/alice/a", patch: MetadataPatch(contentType: .set("text/plain")), request: Self.alice)
        #expect(updated.value.metageneration == 2)
        #expect(updated.value.contentType == "text/plain")
    }

    @Test func listsAreAuthorizedOnTheFolderAndFiltered() throws {
        let service = try makeService()
        for name in ["users/alice/a", "users/alice/b", "users/alice//odd"] {
            _ = try service.simulator.admin.put([1], bucket: "b", path: name)
        }
        let page = try service.list(bucket: "b", prefix: "users/alice/", delimiter: "/", pageToken: nil, maxResults: 10, request: Self.alice)
        #expect(page.value.items == ["users/alice/a", "users/alice/b"])
        #expect(page.value.prefixes.isEmpty)
        #expect(page.decision?.path.segments == ["b", "b", "o", "users", "alice"])
        #expect(throws: ServiceFailure.self) {
            try service.list(bucket: "b", prefix: "users/alice/", delimiter: "/", pageToken: nil, maxResults: 10, request: Self.bob)
        }
    }

    @Test func aDeniedListIsDeniedWhateverItsPageTokenOrSize() throws {
        let service = try makeService()
        for (pageToken, maxResults) in [("!!", 5), (nil, 0), (nil, 5000)] as [(String?, Int)] {
            do {
                _ = try service.list(
                    bucket: "b", prefix: "users/alice/", delimiter: "/", pageToken: pageToken, maxResults: maxResults,
                    request: Self.bob)
                Issue.record("allowed")
            } catch {
                guard case .denied = error else {
                    Issue.record("token \(pageToken ?? "none"), maxResults \(maxResults): got \(error)")
                    continue
                }
            }
        }
    }

    static let invalidInputs: [(String, @Sendable (StorageService) throws(ServiceFailure) -> Void)] = [
        ("empty name", { service throws(ServiceFailure) in _ = try service.read(bucket: "b", path: "", request: StorageServiceTests.admin) }),
        ("NUL", { service throws(ServiceFailure) in _ = try service.read(bucket: "b", path: "a\u{0}b", request: StorageServiceTests.admin) }),
        ("line feed", { service throws(ServiceFailure) in _ = try service.delete(bucket: "b", path: "a\nb", request: StorageServiceTests.admin) }),
        ("1025 bytes", { service throws(ServiceFailure) in
            _ = try service.upload(bucket: "b", path: String(repeating: "x", count: 1025), bytes: [], attributes: .init(), request: StorageServiceTests.admin)
        }),
        ("maxResults 0", { service throws(ServiceFailure) in
            _ = try service.list(bucket: "b", prefix: "", delimiter: "/", pageToken: nil, maxResults: 0, request: StorageServiceTests.admin)
        }),
        ("forged page token", { service throws(ServiceFailure) in
            _ = try service.list(bucket: "b", prefix: "", delimiter: "/", pageToken: "!!", maxResults: 5, request: StorageServiceTests.admin)
        }),
    ]

    @Test(arguments: invalidInputs.indices)
    func invalidInputIsInvalid(_ index: Int) throws {
        let service = try makeService()
        do {
            try Self.invalidInputs[index].1(service)
            Issue.record("\(Self.invalidInputs[index].0) accepted")
        } catch {
            guard case .invalid = error else {
                Issue.record("\(Self.invalidInputs[index].0): got \(error)")
                return
            }
        }
    }

    @Test func bucketsWithoutRulesRefuseEveryoneButTheAdmin() throws {
        let service = try makeService(rulesFor: "other")
        do {
            _ = try service.read(bucket: "b", path: "x", request: Self.alice)
            Issue.record("read allowed")
        } catch {
            guard case .noRuleset = error else {
                Issue.record("got \(error)")
                return
            }
        }
        #expect(throws: ServiceFailure.self) { try service.read(bucket: "b", path: "x", request: Self.admin) }
    }

    @Test func tokenCallsKeepAtLeastOneToken() throws {
        let service = try makeService()
        _ = try service.upload(bucket: "b", path: "users/alice/a", bytes: [1], attributes: .init(), request: Self.alice)
        let time = Timestamp(seconds: 1_800_000_000)
        let added = try #require(service.addDownloadToken(bucket: "b", path: "users/alice/a", time: time))
        #expect(added.downloadTokens.count == 2)
        #expect(added.metageneration == 2)
        let first = added.downloadTokens[0]
        let second = added.downloadTokens[1]
        let removed = try #require(service.removeDownloadToken(bucket: "b", path: "users/alice/a", token: first, time: time))
        #expect(removed.downloadTokens == [second] && removed.metageneration == 3)
        // Removing the last token issues a new one: two metadata changes.
        let replaced = try #require(service.removeDownloadToken(bucket: "b", path: "users/alice/a", token: second, time: time))
        #expect(replaced.downloadTokens.count == 1 && replaced.downloadTokens != [second])
        #expect(replaced.metageneration == 5)
        #expect(service.addDownloadToken(bucket: "b", path: "users/alice/none", time: time) == nil)
    }
}
