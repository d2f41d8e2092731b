import RulesEngine
import RulesSyntax

/// Compile and authorize throughput of the rules engine.
func runEngineBenchmarks() {
    print("== rules engine")
    let source = BenchmarkPolicy.source
    measure("compile a 12-line ruleset", iterations: 5_000) {
        _ = CompiledRuleset.compile(source)
    }
    guard let compiled = BenchmarkPolicy.compiled() else { return }
    let create = BenchmarkPolicy.create
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
    let get = BenchmarkPolicy.publicGet
    let unconditional = measure("authorize get (unconditional allow)", iterations: 200_000) {
        _ = compiled.authorize(get)
    }
    TargetTable.record("decide: unconditional allow", unconditional)
    let denied = BenchmarkPolicy.deniedGet
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
            incoming: fields.requestResourceValue, time: BenchmarkPolicy.time, recordsTrace: false)
        _ = compiled.authorize(request)
    }
    runScalingBenchmarks(singleBlockAllow: allow, request: create)
}
