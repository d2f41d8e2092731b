import RulesEngine
import RulesSyntax
import Testing

/// A deterministic generator (SplitMix64) so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !result.isEmpty else { break }
            let position = Int.random(in: 0..<result.count, using: &random)
            let length = Int.random(in: 0...min(12, result.count - position), using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: result.removeSubrange(position..<(position + length))
            case 1: result.insert(contentsOf: result[position..<(position + length)], at: position)
            case 2: result.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: position)
            case 3: result = Array(result.prefix(position))
            default: result[position] = UInt8.random(in: 0...255, using: &random)
            }
        }
        return result
    }

    static let requests: [AuthorizationRequest] = [
        AuthorizationRequest(method: .get, bucket: "b", objectPath: "images/a.png", time: Timestamp(seconds: 0)),
        AuthorizationRequest(
            method: .create, bucket: "b", objectPath: "users/u/a.jpg", auth: AuthIdentity(uid: "u"),
            incoming: StorageObjectFields(name: "users/u/a.jpg", bucket: "b", size: 10, contentType: "image/jpeg").requestResourceValue,
            time: Timestamp(seconds: 0)),
        AuthorizationRequest(method: .list, bucket: "b", objectPath: "users/u", auth: AuthIdentity(uid: "u"), time: Timestamp(seconds: 0)),
    ]

    @Test func mutatedCorpusAndTokenSoup() {
        var random = SplitMix64(state: 0x5EED)
        let corpus = Corpus.files.map { Array(Corpus.source($0).bytes) }
        #expect(!corpus.isEmpty)
        var compiled = 0
        for iteration in 0..<10_000 {
            let bytes: [UInt8]
            if iteration % 5 == 4 || corpus.isEmpty {
                bytes = Array((0..<Int.random(in: 1...60, using: &random)).map { _ in Self.tokens.randomElement(using: &random)! }
                    .joined(separator: " ").utf8)
            } else {
                bytes = Self.mutate(corpus[iteration % corpus.count], &random)
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
        #expect(compiled > 1000, "most single mutations of valid files should still compile")
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
