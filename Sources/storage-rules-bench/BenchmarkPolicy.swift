import RulesEngine
import RulesSyntax

/// The policy every decision benchmark measures (issue #10's): signed in,
/// owner from the path, an image under 5 MiB; plus a public folder.
enum BenchmarkPolicy {
    static let source = SourceFile(path: "bench.rules", text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }
            function isImage() { return request.resource.contentType.matches('image/.*'); }
            match /users/{uid}/{file=**} {
              allow read: if isOwner(uid);
              allow create: if isOwner(uid) && isImage() && request.resource.size < 5 * 1024 * 1024;
            }
            match /public/{file} { allow read; }
          }
        }
        """)

    static let time = Timestamp(seconds: 1_767_225_600)

    /// The uploaded object's fields.
    static func uploadFields() -> StorageObjectFields {
        StorageObjectFields(
            name: "users/alice/cat.png", bucket: "b", size: 2048, md5Hash: "x", crc32c: "y", contentType: "image/png",
            contentEncoding: "identity", contentDisposition: "inline")
    }

    /// `request.resource` of the upload.
    static let upload = uploadFields().requestResourceValue

    /// Alice uploads her image: allowed through both functions and the regex.
    static let create = AuthorizationRequest(
        method: .create, bucket: "b", objectPath: "users/alice/cat.png", auth: AuthIdentity(uid: "alice"),
        incoming: upload, time: time, recordsTrace: false)

    /// The create built from its parts (identity, object fields, request),
    /// as a caller with no prepared request builds it.
    static func buildCreate() -> AuthorizationRequest {
        AuthorizationRequest(
            method: .create, bucket: "b", objectPath: "users/alice/cat.png", auth: AuthIdentity(uid: "alice"),
            incoming: uploadFields().requestResourceValue, time: time, recordsTrace: false)
    }

    /// Alice reads Bob's file: denied by the condition.
    static let deniedGet = AuthorizationRequest(
        method: .get, bucket: "b", objectPath: "users/bob/x", auth: AuthIdentity(uid: "alice"), time: time,
        recordsTrace: false)

    /// Anyone reads a public file: an unconditional allow.
    static let publicGet = AuthorizationRequest(
        method: .get, bucket: "b", objectPath: "public/a.txt", time: time, recordsTrace: false)

    /// The policy compiled, or `nil` after printing why not.
    static func compiled() -> CompiledRuleset? {
        guard let ruleset = CompiledRuleset.compile(source).ruleset else {
            print("benchmark rules did not compile")
            return nil
        }
        return ruleset
    }
}
