import FuzzSupport
import RulesEngine
import RulesSyntax
import Testing

@testable import RulesTesting

@Suite("Explainer and coverage")
struct ExplainerTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function small(limit) {
              let max = limit * 1024;
              return request.resource.size < max;
            }
            match /a/{file} {
              allow create: if request.auth != null && small(5);
              allow get: if resource.metadata.owner == request.auth.uid || file == 'open';
              allow delete: if file.size() > 3 ? request.auth != null : false;
            }
          }
        }
        """

    static func compiled() throws -> CompiledRuleset {
        try #require(CompiledRuleset.compile(SourceFile(path: "x.rules", text: rules)).ruleset)
    }

    static func decide(
        _ rules: CompiledRuleset, _ method: RuleMethod, _ path: String, auth: AuthIdentity? = AuthIdentity(uid: "u"),
        incoming: Value? = nil, existing: Value? = nil
    ) -> Decision {
        rules.authorize(AuthorizationRequest(
            method: method, bucket: "b", objectPath: path, auth: auth, incoming: incoming, existing: existing,
            time: Fixtures.runTime))
    }

    @Test("a false && shows the false operand, down into the function that decided it")
    func falseConjunction() throws {
        let rules = try Self.compiled()
        let decision = Self.decide(rules, .create, "a/f", incoming: .map(["size": .int(9000)]))
        let explanation = Explainer(rules: rules).explain(decision)
        #expect(!explanation.allowed)
        let allow = try #require(explanation.allows.first)
        #expect(allow.line == 9)
        #expect(allow.outcome == "false")
        let lines = allow.details.map { "\($0.expression) \($0.isDecision ? "→" : "=") \($0.outcome)" }
        #expect(lines.contains("small(5) → false"))
        #expect(lines.contains("let max = limit * 1024 = 5120"))
        #expect(lines.contains("small(): return request.resource.size < max → false"))
        #expect(lines.contains("max = 5120"))
        #expect(lines.contains("request.resource.size = 9000"))
        #expect(!lines.contains { $0.hasPrefix("request.auth != null") })
    }

    @Test("an error is followed to where it started, with the value it was given")
    func errorOrigin() throws {
        let rules = try Self.compiled()
        let decision = Self.decide(rules, .get, "a/f", existing: .map(["metadata": .map([:])]))
        let allow = try #require(Explainer(rules: rules).explain(decision).allows.first)
        // `error || false` is an error.
        #expect(allow.outcome == "error: Property owner is undefined on object.")
        let lines = allow.details.map { "\($0.expression) → \($0.outcome)" }
        #expect(lines.contains("resource.metadata.owner → error: Property owner is undefined on object."))
        #expect(lines.contains("resource.metadata → {}"))
        #expect(lines.contains("file == 'open' → false"))
    }

    @Test("an allowed decision shows only the granting statement")
    func grantingOnly() throws {
        let rules = try Self.compiled()
        let decision = Self.decide(rules, .get, "a/open", existing: .map(["metadata": .map([:])]))
        let explanation = Explainer(rules: rules).explain(decision)
        #expect(explanation.allowed)
        #expect(explanation.allows.count == 1)
        let details = try #require(explanation.allows.first).details
        // The error `||` absorbed comes first, marked; the operand that granted follows.
        #expect(details.first?.absorbedBy == "||")
        #expect(details.filter { $0.depth == 1 }.map(\.expression).last == "file == 'open'")
    }

    @Test("a ternary shows its condition and the branch taken")
    func ternary() throws {
        let rules = try Self.compiled()
        let decision = Self.decide(rules, .delete, "a/longname", auth: nil)
        let lines = try #require(Explainer(rules: rules).explain(decision).allows.first).details.map { "\($0.expression) → \($0.outcome)" }
        #expect(lines.contains("file.size() > 3 → true"))
        #expect(lines.contains("request.auth != null → false"))
        #expect(!lines.contains("false → false"))
    }

    @Test("no match and refusals are explained in one line")
    func headlines() throws {
        let rules = try Self.compiled()
        let none = Explainer(rules: rules).explain(Self.decide(rules, .get, "elsewhere/x"))
        #expect(none.headline == "no match block matches /b/b/o/elsewhere/x")
        let v1 = try #require(CompiledRuleset.compile(SourceFile(path: "v1.rules", text: "service firebase.storage { match /b/{bucket}/o { match /{p=**} { allow read; } } }")).ruleset)
        let refused = Explainer(rules: v1).explain(Self.decide(v1, .list, "x"))
        #expect(refused.refusal != nil)
        #expect(refused.headline == refused.refusal)
    }

    @Test("coverage counts allow statements, branches and lines from decision traces")
    func coverage() throws {
        let rules = try Self.compiled()
        let decisions = [
            Self.decide(rules, .create, "a/f", incoming: .map(["size": .int(10)])),
            Self.decide(rules, .create, "a/f", auth: nil, incoming: .map(["size": .int(10)])),
        ]
        let file = CoverageCollector.coverage(of: rules, decisions: decisions)
        #expect(file.allows.count == 3)
        #expect(file.allowsCovered == 1)
        #expect(file.allows[0].counts.trueCount == 1)
        #expect(file.allows[0].counts.falseCount == 1)
        // create: the root and its two operands; get: root and two operands; delete: root and the ternary condition.
        #expect(file.branchCount == 16)
        // Root true+false, `request.auth != null` true+false, `small(5)` true.
        #expect(file.branchesCovered == 5)
        let lines = Dictionary(uniqueKeysWithValues: file.lines.map { ($0.line, $0.status) })
        #expect(lines[9] == .partial)
        #expect(lines[10] == .uncovered)
        #expect(lines[11] == .uncovered)
        let report = CoverageReport(files: [file])
        #expect(!report.meets(threshold: 50))
        #expect(report.meets(threshold: 30))
        let lcov = LcovWriter.write(report)
        #expect(lcov.contains("SF:x.rules\n"))
        #expect(lcov.contains("FNDA:2,allow@9 /b/{bucket}/o/a/{file}\n"))
        #expect(lcov.contains("FNDA:0,allow@10 /b/{bucket}/o/a/{file}\n"))
        #expect(lcov.contains("BRF:16\nBRH:5\n"))
        #expect(CoverageSummaryWriter.write(report).contains("uncovered lines: 10-11"))
    }

    @Test("values are shown compactly and deterministically")
    func valueFormatting() {
        #expect(ValueFormatter.format(.map(["b": 1, "a": "x\n"])) == "{'a': 'x\\n', 'b': 1}")
        #expect(ValueFormatter.format(.float(2)) == "2.0")
        #expect(ValueFormatter.format(.list([.null, .bool(true)])) == "[null, true]")
        #expect(ValueFormatter.format(.timestamp(Fixtures.runTime)) == "timestamp(2026-01-01T00:00:00Z)")
        #expect(ValueFormatter.format(.path(RulesPath(parsing: "b/x/o"))) == "/b/x/o")
        let long = ValueFormatter.format(.string(String(repeating: "a", count: 500)), limit: 20)
        #expect(long.count == 20)
        #expect(long.hasSuffix("…"))
    }

    @Test("plain YAML scalars follow the YAML 1.2 core schema", arguments: [
        ("12", Value.int(12)), ("-3", .int(-3)), ("0x1F", .int(31)), ("1.5", .float(1.5)), ("1e3", .float(1000)),
        ("true", .bool(true)), ("no", .string("no")), ("~", .null), ("", .null), ("12:30", .string("12:30")),
        ("99999999999999999999", .float(1e20)), ("1_000", .string("1_000")),
        ("0o17", .int(15)), ("0x-5", .string("0x-5")), ("0o+7", .string("0o+7")), ("0x", .string("0x")), ("0o8", .string("0o8")),
    ])
    func coreSchema(_ text: String, _ expected: Value) {
        #expect(CoreSchema.resolve(text).rulesEquals(expected))
        #expect(CoreSchema.resolve(text).type == expected.type)
    }

    @Test("exactly the core schema's five spellings of null are null", arguments: [
        ("", true), ("~", true), ("null", true), ("Null", true), ("NULL", true),
        ("~~", false), (" ", false), ("n", false), ("nul", false), ("nulls", false), ("nuLL", false), ("NuLL", false),
        ("nULL", false), ("none", false), ("Nope", false), ("NULL ", false), ("u0", false), ("deny", false), ("null\u{0}", false),
    ])
    func coreSchemaNull(_ text: String, _ isNull: Bool) {
        #expect(CoreSchema.isNull(text) == isNull)
    }

    /// The shortcut by the first bytes must agree with the schema's rules everywhere.
    @Test("plain scalars resolve by their first bytes as by the full rules")
    func coreSchemaShortcut() {
        var random = SplitMix64(seed: 0xC0DE5C4E)
        let alphabet = Array("0123456789+-._~eExXoOnNuUlLtTrRfFaAsSiI:/ é".unicodeScalars)
        var texts = ["1", "9", "10", "123456789012345678", "1234567890123456789", "99999999999999999999", "0", "07", "1e5",
                     "1.5", "1_0", "12a", "true", "null", "users/u0/a.jpg", "é", "", " 1", "1 "]
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...20, using: &random)
            texts.append(String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random)! })))
        }
        var shortcuts = 0
        for text in texts {
            guard let fast = CoreSchema.resolveByFirstByte(text) else { continue }
            shortcuts += 1
            let full = CoreSchema.resolveFully(text)
            #expect(fast.rulesEquals(full) && fast.type == full.type, "\(text.debugDescription)")
        }
        #expect(shortcuts > 5_000)
    }
}
