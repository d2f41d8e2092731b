import Foundation
import StorageSimulator
import Testing

// The example given to the README: testing rules from Swift Testing.
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
        let storage = try StorageSimulator(rules: Self.rules)
        storage.signIn(uid: "alice")
        let avatar = storage.storage().reference().child("users/alice/avatar.png")

        let metadata = try await avatar.putDataAsync(Data([0x89, 0x50]), metadata: makeMetadata(contentType: "image/png"))
        #expect(metadata.contentType == "image/png")
        #expect(try await avatar.data(maxSize: 1024) == Data([0x89, 0x50]))
    }

    @Test func othersAreDenied() async throws {
        let storage = try StorageSimulator(rules: Self.rules)
        try storage.admin.put(text: "secret", path: "users/alice/notes.txt")  // seeded without rules
        storage.signIn(uid: "bob")

        do {
            _ = try await storage.storage().reference(withPath: "users/alice/notes.txt").getMetadata()
            Issue.record("bob read alice's file")
        } catch {
            #expect(StorageErrorCode(rawValue: (error as NSError).code) == .unauthorized)
            #expect((error as? StorageError)?.decision?.allowed == false)  // the rules' explanation
        }
    }
}
