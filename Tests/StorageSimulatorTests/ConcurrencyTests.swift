import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    /// Every stored object's bytes must match its recorded MD5 and size
    /// (nothing torn), and be one of the payloads written to that name.
    static func checkIntegrity(_ storage: StorageSimulator) {
        for object in storage.admin.objects() {
            guard let data = storage.admin.data(path: object.name) else {
                Issue.record("no bytes for \(object.name)")
                continue
            }
            #expect(Int64(data.count) == object.size)
            #expect(object.customMetadata["payload"] == String(decoding: data, as: UTF8.self), "\(object.name)")
        }
    }

    @Test("many tasks writing, overwriting, listing and deleting through the admin path")
    func adminHammer() async throws {
        let storage = StorageSimulator()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<32 {
                group.addTask {
                    for step in 0..<200 {
                        let own = "own/\(worker)/\(step)"
                        let payload = "\(worker)-\(step)"
                        _ = try? storage.admin.put(text: payload, path: own, attributes: ObjectAttributes(customMetadata: ["payload": payload]))
                        let shared = "shared/\(step % 10)"
                        _ = try? storage.admin.put(text: payload, path: shared, attributes: ObjectAttributes(customMetadata: ["payload": payload]))
                        if step % 20 == 0 { _ = try? storage.admin.list(ListingQuery(prefix: "own/", delimiter: "/")) }
                        if step % 2 == 1 { storage.admin.delete(path: "own/\(worker)/\(step - 1)") }
                    }
                }
            }
        }
        #expect(storage.admin.count() == 32 * 100 + 10)
        let listing = try storage.admin.list(ListingQuery(prefix: "own/", delimiter: "/"))
        #expect(listing.prefixes.count == 32)
        Self.checkIntegrity(storage)
    }

    @Test("many tasks using the SDK API at once: nothing lost or torn")
    func sdkHammer() async throws {
        let storage = try TestRules.simulator(TestRules.open, configuration: .init(uploadChunkSize: 2))
        let decisions = EventLog<Bool>()
        storage.addAuthorizationObserver { _, decision in decisions.append(decision.allowed) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for step in 0..<25 {
                        let payload = "w\(worker)s\(step)"
                        let metadata = makeMetadata(customMetadata: ["payload": payload])
                        _ = try await storage.storage().reference(withPath: "own/\(worker)/\(step)").putDataAsync(Data(payload.utf8), metadata: metadata)
                        _ = try await storage.storage().reference(withPath: "shared/\(step % 5)").putDataAsync(Data(payload.utf8), metadata: metadata)
                        _ = try await storage.storage().reference(withPath: "shared/\(step % 5)").updateMetadata(makeMetadata(contentType: "text/plain"))
                        _ = try await storage.storage().reference(withPath: "own/\(worker)").list(maxResults: 5)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(storage.admin.count() == 16 * 25 + 5)
        let all = try await storage.storage().reference(withPath: "own").listAll()
        #expect(all.prefixes.count == 16)
        // At least one decision per operation; a write that lost a race with
        // another write to the same name is judged again on the new state.
        #expect(decisions.events.count >= 16 * 25 * 4 + 1)
        #expect(decisions.events.allSatisfy { $0 })
        Self.checkIntegrity(storage)
        for index in 0..<5 {
            #expect(storage.admin.object(path: "shared/\(index)")?.contentType != nil)
        }
    }
}
