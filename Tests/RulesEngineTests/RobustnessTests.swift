import FuzzSupport
import RulesEngine
import RulesSyntax
import Testing

/// No input may crash or hang the compiler or the engine: mutated corpus
/// files and random token soup go through compile and authorize.
struct RobustnessTests {
    static let tokens = [
        "rules_version", "=", "'2'", ";", "service", "firebase.storage", "{", "}", "match", "/b/{bucket}/o", "/{x=**}",
        "/{id}", "allow", "read", "write", "get", "list", "create", ":", "if", "function", "f", "(", ")", "let", "return",
        "request", ".", "resource", "auth", "uid", "==", "!=", "&&", "||", "!", "?", "<", ">=", "+", "-", "*", "/", "%",
        "in", "is", "string", "[", "]", ",", "1", "2.5", "'a'", "\"b\"", "b'\\x00'", "true", "null", "/a/$(x)/b",
        "matches('.*')", "math.abs(-1)", "size()", "'\\", "/*", "*/", "//", "\n", " ", "9223372036854775808", "{a=**}",
    ]

    static let requests: [AuthorizationRequest] = [
        AuthorizationRequest(method: .get, bucket: "b", objectPath: "images/a.png", time: Timestamp(seconds: 0)),
        AuthorizationRequest(
            method: .create, bucket: "b", objectPath: "users/u/a.jpg", auth: AuthIdentity(uid: "u"),
            incoming: StorageObjectFields(name: "users/u/a.jpg", bucket: "b", size: 10, contentType: "image/jpeg").requestResourceValue,
            time: Timestamp(seconds: 0)),
        AuthorizationRequest(method: .list, bucket: "b", objectPath: "users/u", auth: AuthIdentity(uid: "u"), time: Timestamp(seconds: 0)),
    ]

    @Test func mutatedCorpusAndTokenSoup() {
        var random = SplitMix64(seed: 0x5EED)
        let mutator = ByteMutator(tokens: Self.tokens, maximumRun: 12)
        let corpus = Corpus.files.map { Array(Corpus.source($0).bytes) }
        #expect(!corpus.isEmpty)
        var compiled = 0
        for iteration in 0..<10_000 {
            let bytes: [UInt8]
            if iteration % 5 == 4 || corpus.isEmpty {
                bytes = mutator.soup(maximumTokens: 60, using: &random)
            } else {
                bytes = mutator.mutate(corpus[iteration % corpus.count], using: &random)
            }
            let source = SourceFile(path: "fuzz-\(iteration).rules", text: String(decoding: bytes, as: UTF8.self))
            let result = CompiledRuleset.compile(source)
            for diagnostic in result.diagnostics where diagnostic.range.end > source.bytes.count {
                Issue.record("diagnostic out of range in iteration \(iteration): \(diagnostic)")
            }
            if let ruleset = result.ruleset {
                compiled += 1
                for request in Self.requests { _ = ruleset.authorize(request) }
            }
        }
        #expect(compiled > 500, "some mutations of valid files should still compile, so evaluation is exercised")
    }

    @Test func pathologicalNestingEndsWithAnError() {
        for opener in ["(", "[", "!", "-", "{'a':"] {
            let text = "rules_version = '2'; service firebase.storage { match /b/{bucket}/o/{f} { allow get: if "
                + String(repeating: opener, count: 50_000) + "1; } }"
            let result = CompiledRuleset.compile(text)
            #expect(result.diagnostics.containsErrors, "\(opener)")
        }
    }
}
