import RulesEngine
import RulesSyntax

/// Compile and authorize throughput of the rules engine.
func runEngineBenchmarks() {
    print("== rules engine")
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
    let source = SourceFile(path: "bench.rules", text: rules)
    measure("compile a 12-line ruleset", iterations: 5_000) {
        _ = CompiledRuleset.compile(source)
    }
    guard let compiled = CompiledRuleset.compile(source).ruleset else {
        print("benchmark rules did not compile")
        return
    }
    let time = Timestamp(seconds: 1_767_225_600)
    let upload = StorageObjectFields(
        name: "users/alice/cat.png", bucket: "b", size: 2048, md5Hash: "x", crc32c: "y", contentType: "image/png",
        contentEncoding: "identity", contentDisposition: "inline"
    ).requestResourceValue
    let create = AuthorizationRequest(
        method: .create, bucket: "b", objectPath: "users/alice/cat.png", auth: AuthIdentity(uid: "alice"),
        incoming: upload, time: time, recordsTrace: false)
    let allow = measure("authorize create (functions, regex), no trace", iterations: 100_000) {
        _ = compiled.authorize(create)
    }
    TargetTable.record("decide: allow (functions, regex)", allow)
    var traced = create
    traced.recordsTrace = true
    let tracedAllow = measure("authorize create (functions, regex), with trace", iterations: 100_000) {
        _ = compiled.authorize(traced)
    }
    TargetTable.record("decide: traced / untraced, same allow", tracedAllow / allow)
    let get = AuthorizationRequest(method: .get, bucket: "b", objectPath: "public/a.txt", time: time, recordsTrace: false)
    let unconditional = measure("authorize get (unconditional allow)", iterations: 200_000) {
        _ = compiled.authorize(get)
    }
    TargetTable.record("decide: unconditional allow", unconditional)
    let denied = AuthorizationRequest(method: .get, bucket: "b", objectPath: "users/bob/x", auth: AuthIdentity(uid: "alice"), time: time, recordsTrace: false)
    let deny = measure("authorize get (denied by condition)", iterations: 200_000) {
        _ = compiled.authorize(denied)
    }
    TargetTable.record("decide: deny by condition", deny)
    measure("build the create request and its resource, then authorize", iterations: 100_000) {
        let fields = StorageObjectFields(
            name: "users/alice/cat.png", bucket: "b", size: 2048, md5Hash: "x", crc32c: "y", contentType: "image/png",
            contentEncoding: "identity", contentDisposition: "inline")
        let request = AuthorizationRequest(
            method: .create, bucket: "b", objectPath: "users/alice/cat.png", auth: AuthIdentity(uid: "alice"),
            incoming: fields.requestResourceValue, time: time, recordsTrace: false)
        _ = compiled.authorize(request)
    }
    runScalingBenchmarks(singleBlockAllow: allow, request: create)
}
