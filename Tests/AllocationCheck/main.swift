import AllocationCounting
#if canImport(Glibc)
import Glibc
#endif
import RulesEngine
import RulesSyntax

// Asserts that `CompiledRuleset.isAllowed` allocates nothing in the steady
// state (issue #10): the evaluator comes from the ruleset's pool,
// wildcards are captured as ranges of the request path, function locals
// live on a stack that keeps its storage, and no explanation is built.
//
// A release build is what is checked (`make check-allocations`): a debug
// build calls unspecialized generic code that allocates on its own. Every
// `malloc` of this process is counted (AllocationCounting), which every
// Swift object, closure context and array, string or dictionary storage
// goes through. Exits 1 when a decision allocates or the counter counts
// nothing where it must.

enum AllocationCheck {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }
            function isImage() { return request.resource.contentType.matches('image/.*'); }
            function small() { let limit = 5 * 1024 * 1024; return request.resource.size < limit; }
            match /users/{uid}/{file=**} {
              allow read: if isOwner(uid);
              allow create: if isOwner(uid) && isImage() && small();
              allow delete: if isOwner(uid) && resource.metadata.locked != 'true';
            }
            match /public/{file} { allow read; }
            match /{area}/{rest=**} { allow write: if request.auth.token.admin == true; }
          }
        }
        """

    static let time = Timestamp(seconds: 1_767_225_600)

    static func requests() -> [(AuthorizationRequest, Bool)] {
        let upload = StorageObjectFields(
            name: "users/alice/cat.png", bucket: "b", size: 2048, contentType: "image/png"
        ).requestResourceValue
        let stored = StorageObjectFields(
            name: "users/alice/cat.png", bucket: "b", size: 2048, contentType: "image/png", metadata: ["locked": "false"]
        ).requestResourceValue
        let alice = AuthIdentity(uid: "alice")
        let admin = AuthIdentity(uid: "root", token: ["admin": .bool(true)])
        return [
            (AuthorizationRequest(
                method: .create, bucket: "b", objectPath: "users/alice/cat.png", auth: alice, incoming: upload, time: time,
                recordsTrace: false), true),
            (AuthorizationRequest(
                method: .get, bucket: "b", objectPath: "users/bob/x", auth: alice, time: time, recordsTrace: false), false),
            (AuthorizationRequest(method: .get, bucket: "b", objectPath: "public/a.txt", time: time, recordsTrace: false), true),
            // These three keep the default `recordsTrace: true`, which
            // `isAllowed` ignores (their `authorize` counts include the trace).
            (AuthorizationRequest(
                method: .delete, bucket: "b", objectPath: "users/alice/cat.png", auth: alice, existing: stored, time: time),
                true),
            (AuthorizationRequest(
                method: .update, bucket: "b", objectPath: "team/a/b/c", auth: admin, incoming: upload, time: time), true),
            (AuthorizationRequest(method: .list, bucket: "b", objectPath: "users/alice", time: time), false),
        ]
    }

    /// Heap allocations on this thread while `body` runs.
    static func allocations(_ body: () -> Void) -> Int {
        let before = allocation_counting_count()
        body()
        return allocation_counting_count() - before
    }

    /// A heap object the optimizer cannot put on the stack.
    @inline(never)
    static func makeObject() -> AnyObject {
        final class Box {}
        return Box()
    }

    /// Runs every check; returns whether all passed.
    static func run() -> Bool {
        guard allocation_counting_count() >= 0 else {
            print("skipped: counting allocations needs glibc")
            return true
        }
        var kept: [AnyObject] = []
        let boxes = allocations {
            for _ in 0..<10 { kept.append(makeObject()) }
        }
        withExtendedLifetime(kept) {}
        guard boxes >= 10 else {
            print("FAIL the counter saw \(boxes) allocations for 10 objects")
            return false
        }
        guard let ruleset = CompiledRuleset.compile(rules).ruleset else {
            print("FAIL the rules did not compile")
            return false
        }
        var passed = true
        let rounds = 1_000
        for (request, expected) in requests() {
            let label = "\(request.method) \(request.objectPath)"
            // Warm up: the pool's evaluator grows its buffers, the regex is compiled.
            guard ruleset.isAllowed(request) == expected, ruleset.authorize(request).allowed == expected else {
                print("FAIL \(label): expected \(expected ? "allowed" : "denied")")
                passed = false
                continue
            }
            let count = allocations {
                for _ in 0..<rounds { _ = ruleset.isAllowed(request) }
            }
            let explained = allocations {
                for _ in 0..<rounds { _ = ruleset.authorize(request) }
            }
            let verdict = count == 0 ? "ok  " : "FAIL"
            print("\(verdict) \(label): \(count) allocations in \(rounds) isAllowed (authorize, with its explanation: \(explained))")
            if count != 0 { passed = false }
        }
        return passed
    }
}

if AllocationCheck.run() {
    print("isAllowed allocates nothing")
} else {
    exit(1)
}
