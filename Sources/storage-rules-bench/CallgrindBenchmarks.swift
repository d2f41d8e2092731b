import RulesEngine
import RulesSyntax

/// Decisions for instruction counting, which machine load does not change:
///
///     valgrind --tool=callgrind --toggle-collect='*callgrindDecisions*' \
///         .build/release/storage-rules-bench callgrind
///
/// runs 1,000 decisions of each kind inside the counted function (the
/// create allowed through two functions and a regex, the get denied by its
/// condition, the get under an unconditional allow): the total divided by
/// 3,000 is the instruction count per decision.
func runCallgrindBenchmarks() {
    print("== callgrind (3,000 decisions in callgrindDecisions)")
    let rules = """
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
        """
    guard let compiled = CompiledRuleset.compile(SourceFile(path: "bench.rules", text: rules)).ruleset else {
        print("benchmark rules did not compile")
        return
    }
    let time = Timestamp(seconds: 1_767_225_600)
    let upload = StorageObjectFields(
        name: "users/alice/cat.png", bucket: "b", size: 2048, md5Hash: "x", crc32c: "y", contentType: "image/png",
        contentEncoding: "identity", contentDisposition: "inline"
    ).requestResourceValue
    let requests = [
        AuthorizationRequest(
            method: .create, bucket: "b", objectPath: "users/alice/cat.png", auth: AuthIdentity(uid: "alice"),
            incoming: upload, time: time, recordsTrace: false),
        AuthorizationRequest(
            method: .get, bucket: "b", objectPath: "users/bob/x", auth: AuthIdentity(uid: "alice"), time: time,
            recordsTrace: false),
        AuthorizationRequest(method: .get, bucket: "b", objectPath: "public/a.txt", time: time, recordsTrace: false),
    ]
    // Warm up (regex compilation, lazily built tables) outside the count.
    for request in requests { _ = compiled.authorize(request) }
    let granted = callgrindDecisions(compiled, requests, rounds: 1000)
    print("granted \(granted) of 3000 (expected 2000)")
}

/// The counted function: `rounds` decisions of each request.
@inline(never)
func callgrindDecisions(_ ruleset: CompiledRuleset, _ requests: [AuthorizationRequest], rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds {
        for request in requests where ruleset.authorize(request).allowed { granted += 1 }
    }
    return granted
}
