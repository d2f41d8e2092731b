import Foundation
import FuzzSupport
import Testing

@testable import RulesSyntax

/// The formatter never crashes or hangs, and keeps its promises on every
/// input that parses: the mutations and token soup the parser's robustness
/// tests use, pathological nesting, and binary data.
@Suite("Formatter robustness")
struct FormatterRobustnessTests {
    static func expectNoViolations(_ text: String) {
        let problems = FormatInvariants.violations(of: text, name: "fuzz.rules")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\ninput:\n\(text)")
    }

    @Test func mutatedRulesetsAndTokenSoup() throws {
        let seeds = try RobustnessTests.seeds().map { Array($0.utf8) }
        try #require(!seeds.isEmpty)
        var random = SplitMix64(seed: 0xF0_2026)
        let mutator = ByteMutator(tokens: RobustnessTests.tokens)
        var formatted = 0
        for round in 0..<4_000 {
            let bytes: [UInt8]
            if round % 5 == 4 {
                bytes = mutator.soup(maximumTokens: 200, using: &random)
            } else {
                let seed = seeds[Int.random(in: 0..<seeds.count, using: &random)]
                let start = seed.count > 1500 ? Int.random(in: 0...(seed.count - 1500), using: &random) : 0
                // Few edits, so that many mutants still parse and exercise the printer.
                let window = Array(seed[start..<min(seed.count, start + 1500)])
                bytes = round % 2 == 0 ? mutator.mutate(window, using: &random) : window
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if case .formatted = RulesFormatter.format(SourceFile(path: "fuzz.rules", text: text)) { formatted += 1 }
            Self.expectNoViolations(text)
        }
        #expect(formatted > 500, "too few mutants parse to exercise the printer")
    }

    @Test(arguments: RobustnessTests.deepInputs.map(\.name))
    func pathologicalNesting(name: String) throws {
        let text = try #require(RobustnessTests.deepInputs.first { $0.name == name }).text
        Self.expectNoViolations(text)
    }

    @Test func deepButAcceptedNestingIsFormatted() {
        let depth = 200
        let parentheses = String(repeating: "(", count: depth) + "a && b" + String(repeating: ")", count: depth)
        let chain = (0..<200).map { "request.auth.token.flag\($0) == true" }.joined(separator: " || ")
        for condition in [parentheses, chain] {
            let text = "service firebase.storage { match /a { allow read: if \(condition); } }"
            guard case .formatted = RulesFormatter.format(SourceFile(path: "deep.rules", text: text)) else {
                Issue.record("refused a file that parses")
                continue
            }
            Self.expectNoViolations(text)
        }
    }

    @Test func binaryInputIsRefusedWithADiagnostic() {
        var random = SplitMix64(seed: 0xB1_0A27)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 1...2_000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let source = SourceFile(path: "binary.rules", text: String(decoding: bytes, as: UTF8.self))
            guard case .unparseable(let diagnostics) = RulesFormatter.format(source) else {
                Issue.record("random bytes were formatted")
                continue
            }
            #expect(!diagnostics.isEmpty)
        }
    }
}
