import Foundation
import FuzzSupport
import RulesLint
import RulesSyntax
import Testing

/// Lint never crashes or hangs and keeps every finding inside the file,
/// whatever it is given: mutated real rulesets, token soup, deep nesting and binary data.
struct RobustnessTests {
    static let tokens: [String] = [
        "rules_version = '2';", "service", "firebase.storage", "match", "allow", "if", "function", "return", "let",
        "true", "false", "null", "read", "write", "create", "list", "request", "resource", "request.resource.size",
        "request.auth.uid", "{", "}", "(", ")", "[", "]", ",", ";", ":", ".", "?", "?.", "===", "!==", "==", "!=",
        "&&", "||", "<", "'", "\"", "'''", "/*", "*/", "//", "// storage-rules-ignore lint.public-write", "\n",
        "{x}", "{x=**}", "/b/{bucket}/o", ".length", ".toLowerCase()", ".includes(x)", "firestore.get(/databases/(default)/documents/a/b)",
        "timestamp.date(2020, 1, 1)", "é", "😀", "\u{0}",
    ]

    /// 64 KiB of pseudo-random bytes.
    static func binaryNoise() -> String {
        var random = SplitMix64(seed: 7)
        let bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &random) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func checkInvariants(_ text: String, rendering: Bool = false) {
        let source = SourceFile(path: "fuzz.rules", text: text)
        let findings = LintFixtures.linter.lint(source)
        for finding in findings {
            let range = finding.diagnostic.range
            #expect(range.start >= 0 && range.end <= source.bytes.count, "\(finding.diagnostic.id) at \(range) outside a \(source.bytes.count)-byte file")
        }
        _ = FixApplier.apply(findings, to: source)
        if rendering {
            for format in LintOutputFormat.allCases {
                _ = LintOutput.render([LintFileResult(source: source, findings: findings)], format: format)
            }
        }
    }

    @Test func mutatedRulesetsAndTokenSoup() throws {
        var seeds = LintFixtures.rulesFiles(in: LintFixtures.packageRoot.appendingPathComponent("rules-examples"))
        if let corpus = LintFixtures.corpusDirectory { seeds += LintFixtures.rulesFiles(in: corpus) }
        let texts = try seeds.map { Array(try Data(contentsOf: $0)) }
        try #require(!texts.isEmpty)
        var random = SplitMix64(seed: 0x11A7_2026)
        let mutator = ByteMutator(tokens: Self.tokens)
        for round in 0..<3_000 {
            let bytes: [UInt8]
            if round % 5 == 4 {
                bytes = mutator.soup(maximumTokens: 200, using: &random)
            } else {
                let seed = texts[Int.random(in: 0..<texts.count, using: &random)]
                let start = seed.count > 1500 ? Int.random(in: 0...(seed.count - 1500), using: &random) : 0
                bytes = mutator.mutate(Array(seed[start..<min(seed.count, start + 1500)]), using: &random)
            }
            Self.checkInvariants(String(decoding: bytes, as: UTF8.self))
        }
    }

    static let pathological: [(name: String, text: String)] = [
        ("parentheses", "service firebase.storage { match /a { allow read: if " + String(repeating: "(", count: 50_000) + "1; } }"),
        ("member chain", "service firebase.storage { match /a { allow read: if a" + String(repeating: ".b", count: 50_000) + "; } }"),
        ("matches", "service firebase.storage {" + String(repeating: "match /a {", count: 50_000)),
        ("and chain", "service firebase.storage { match /a { allow read: if a" + String(repeating: " && a", count: 50_000) + "; } }"),
        ("unterminated string", "service firebase.storage { match /a { allow read: if '" + String(repeating: "x", count: 100_000)),
        ("unterminated comment", "/*" + String(repeating: "*", count: 100_000)),
        ("binary", binaryNoise()),
        ("empty", ""),
    ]

    @Test(arguments: pathological)
    func pathologicalInputs(name: String, text: String) {
        Self.checkInvariants(text, rendering: true)
    }
}
