import Foundation
import FuzzSupport
import Testing

@testable import RulesSyntax

/// The parser never crashes, never loops, and keeps every diagnostic inside
/// the file, whatever it is given: mutated real rulesets, token soup and
/// pathological nesting.
@Suite("Robustness")
struct RobustnessTests {
    /// Pieces of the language (and of broken inputs) to splice in.
    static let tokens: [String] = [
        "rules_version", "service", "match", "allow", "if", "function", "return", "let", "true", "false",
        "null", "in", "is", "read", "write", "get", "list", "create", "update", "delete", "request",
        "firebase.storage", "import", "{", "}", "(", ")", "[", "]", ",", ";", ":", ".", "?", "=", "==",
        "!=", "<", "<=", ">", ">=", "!", "&&", "||", "+", "-", "*", "/", "%", "$(", "$", "{x}",
        "{x=**}", "/a/b", "/{", "'", "\"", "'''", "'s'", "\"s\"", "b'\\xff'", "r'\\d'", "\\", "\\u",
        "\\ud83d", "\\x4", "0x", "0x1F", "1e", "1.5", ".5", "9223372036854775808", "-", "/*", "*/",
        "//", "\n", " ", "\t", "é", "😀", "#", "&", "|", "@", "**", "=**",
    ]

    static func seeds() throws -> [String] {
        var urls = Fixtures.rulesFiles(in: Fixtures.goldenDirectory)
        if let corpus = Fixtures.corpusDirectory { urls += Fixtures.rulesFiles(in: corpus) }
        return try urls.map { try String(contentsOf: $0, encoding: .utf8) }
    }

    /// Checks the invariants every parse must keep.
    static func checkInvariants(_ text: String) {
        let source = SourceFile(path: "fuzz.rules", text: text)
        let result = Parser.parse(source)
        for diagnostic in result.diagnostics {
            #expect(
                diagnostic.range.start >= 0 && diagnostic.range.end <= source.bytes.count,
                "diagnostic \(diagnostic.id) at \(diagnostic.range) outside a \(source.bytes.count)-byte file")
        }
        let ids = TreeWalk.ids(in: result.ruleset)
        #expect(ids == Array(0..<result.expressionCount), "ids not in source order for:\n\(text)")
    }

    @Test func mutatedRulesetsAndTokenSoup() throws {
        let seeds = try Self.seeds().map { Array($0.utf8) }
        try #require(!seeds.isEmpty)
        var random = SplitMix64(seed: 0x5EED_2026)
        let mutator = ByteMutator(tokens: Self.tokens)
        for round in 0..<10_000 {
            let text: String
            if round % 5 == 4 {
                text = String(decoding: mutator.soup(maximumTokens: 200, using: &random), as: UTF8.self)
            } else {
                let seed = seeds[Int.random(in: 0..<seeds.count, using: &random)]
                // Work on a window so the run stays fast; the edits matter, not the length.
                let start = seed.count > 1500 ? Int.random(in: 0...(seed.count - 1500), using: &random) : 0
                let window = Array(seed[start..<min(seed.count, start + 1500)])
                text = String(decoding: mutator.mutate(window, using: &random), as: UTF8.self)
            }
            Self.checkInvariants(text)
        }
    }

    static let deepInputs: [(name: String, text: String)] = {
        let n = 50_000
        let condition = { (body: String) in "service s { match /a { allow read: if \(body); } }" }
        return [
            ("parentheses", condition(String(repeating: "(", count: n))),
            ("closed parentheses", condition(String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n))),
            ("brackets", condition(String(repeating: "[", count: n))),
            ("braces", condition(String(repeating: "{'k': ", count: n))),
            ("not", condition(String(repeating: "!", count: n) + "x")),
            ("minus", condition(String(repeating: "-", count: n) + "1")),
            ("calls", condition(String(repeating: "f(", count: n))),
            ("interpolations", condition(String(repeating: "/a/$(", count: n))),
            ("member chain", condition("a" + String(repeating: ".b", count: n))),
            ("index chain", condition("a" + String(repeating: "[0]", count: n))),
            ("and chain", condition("a" + String(repeating: " && a", count: n))),
            ("ternary chain", condition(String(repeating: "a ? b : ", count: n) + "c")),
            ("matches", "service s {" + String(repeating: "match /a {", count: n)),
            ("braces at top", String(repeating: "{", count: n)),
        ]
    }()

    @Test(arguments: deepInputs)
    func deepNestingIsRejected(name: String, text: String) {
        let result: ParseResult? = Fixtures.parse(text)
        #expect(result?.diagnostics.containsErrors == true, "\(name) produced no error")
        if let result {
            #expect(TreeWalk.ids(in: result.ruleset) == Array(0..<result.expressionCount))
        }
    }
}
