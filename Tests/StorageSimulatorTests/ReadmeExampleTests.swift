import Foundation
import StorageSimulator
import Testing

// The example given in the README: testing rules from Swift Testing, with
// app code written for FirebaseStorage.
private func uploadAvatar(_ png: Data, uid: String, storage: Storage = Storage.storage()) async throws -> StorageMetadata {
    let metadata = StorageMetadata()
    metadata.contentType = "image/png"
    return try await storage.reference().child("users/\(uid)/avatar.png").putDataAsync(png, metadata: metadata)
}

@Suite("README example")
struct ReadmeExampleTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{uid}/{file=**} {
              allow read: if request.auth != null && request.auth.uid == uid;
              allow create: if request.auth.uid == uid
                && request.resource.contentType.matches('image/.*')
                && request.resource.size < 5 * 1024 * 1024;
            }
          }
        }
        """

    @Test func ownerCanUploadAndReadTheirImages() async throws {
        let simulator = try StorageSimulator(rules: Self.rules)
        simulator.signIn(uid: "alice")
        let storage = simulator.storage()
        let metadata = try await uploadAvatar(Data([0x89, 0x50]), uid: "alice", storage: storage)
        #expect(metadata.contentType == "image/png")
        #expect(try await storage.reference(withPath: "users/alice/avatar.png").data(maxSize: 1024) == Data([0x89, 0x50]))
    }

    @Test func othersAreDenied() async throws {
        let simulator = try StorageSimulator(rules: Self.rules)
        try simulator.admin.put(text: "secret", path: "users/alice/notes.txt")  // seeded without rules
        simulator.signIn(uid: "bob")
        do {
            _ = try await simulator.storage().reference(withPath: "users/alice/notes.txt").getMetadata()
            Issue.record("bob read alice's file")
        } catch {
            #expect(StorageErrorCode(rawValue: (error as NSError).code) == .unauthorized)
            #expect((error as? StorageError)?.decision?.allowed == false)  // the rules' explanation
        }
    }

    @Test func completionHandlersRunOnTheMainQueue() async throws {
        let simulator = try StorageSimulator(rules: Self.rules)
        simulator.signIn(uid: "alice")
        let avatar = simulator.storage().reference(withPath: "users/alice/avatar.png")
        let metadata = StorageMetadata()
        metadata.contentType = "image/png"
        let size = await withCheckedContinuation { continuation in
            avatar.putData(Data([0x89, 0x50]), metadata: metadata) { metadata, error in
                continuation.resume(returning: metadata?.size)
            }
        }
        #expect(size == 2)
    }
}
