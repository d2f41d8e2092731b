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
/// 3,000 is the instruction count per decision. `callgrindWideDecisions`
/// (count it with its own `--toggle-collect`) runs the create 1,000 times
/// among 200 match blocks.
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
    guard let wide = CompiledRuleset.compile(SourceFile(path: "wide.rules", text: manyBlockRules(blocks: 200))).ruleset else {
        print("the 200-block rules did not compile")
        return
    }
    _ = wide.authorize(requests[0])
    _ = callgrindSingleBlockDecisions(compiled, requests[0], rounds: 1000)
    let wideGranted = callgrindWideDecisions(wide, requests[0], rounds: 1000)
    print("granted \(wideGranted) of 1000 creates among 200 blocks (expected 1000)")
}

/// The counted function for path dispatch: `rounds` decisions of the
/// allowed create against a ruleset of 200 match blocks (compare with
/// `callgrindDecisions`' create against one block).
@inline(never)
func callgrindWideDecisions(_ ruleset: CompiledRuleset, _ request: AuthorizationRequest, rounds: Int) -> Int {
    var granted = 0
    for _ in 0..<rounds where ruleset.authorize(request).allowed { granted += 1 }
    return granted
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

/// The same create as `callgrindWideDecisions`, against the one-block
/// ruleset: the baseline of the 200-block ratio.
@inline(never)
func callgrindSingleBlockDecisions(_ ruleset: CompiledRuleset, _ request: AuthorizationRequest, rounds: Int) -> Int {
    // Counts down rather than up, so that the optimizer does not merge
    // this function with `callgrindWideDecisions` (toggling one would then
    // count the other).
    var denied = rounds
    for _ in 0..<rounds where ruleset.authorize(request).allowed { denied -= 1 }
    return rounds - denied
}
