import RulesEngine
import RulesSyntax
import Testing

/// Audit of the nested-match limits of §2.2/§5.1 (10 nested matches, 100
/// path segments, 20 captures along one chain).
struct AuditLimitsTests {
    static func nested(_ paths: [String]) -> String {
        let opening = paths.map { "match \($0) {" }.joined(separator: "\n")
        let closing = String(repeating: "}\n", count: paths.count)
        return "rules_version = '2';\nservice firebase.storage {\n\(opening)\nallow read;\n\(closing)}\n"
    }

    static func ids(_ text: String) -> [String] { CompiledRuleset.compile(text).diagnostics.filter { $0.severity == .error }.map(\.id) }

    @Test func tenNestedMatchesCompileElevenDoNot() {
        let ten = Self.nested(["/b/{bucket}/o"] + (1..<10).map { "/s\($0)" })
        #expect(Self.ids(ten).isEmpty)
        #expect(Engine.decide(ten, .get, (1..<10).map { "s\($0)" }.joined(separator: "/"))?.allowed == true)
        let eleven = Self.nested(["/b/{bucket}/o"] + (1..<11).map { "/s\($0)" })
        #expect(Self.ids(eleven) == ["check.match-depth"])
        #expect(CompiledRuleset.compile(eleven).ruleset == nil)
    }

    @Test func twentyCapturesCompileTwentyOneDoNot() {
        let twenty = Self.nested(["/b/{bucket}/o/" + (1..<20).map { "{c\($0)}" }.joined(separator: "/")])
        #expect(Self.ids(twenty).isEmpty)
        let more = Self.nested(["/b/{bucket}/o/" + (1..<21).map { "{c\($0)}" }.joined(separator: "/")])
        #expect(Self.ids(more) == ["check.capture-count"])
    }

    @Test func hundredSegmentsCompileHundredAndOneDoNot() {
        let hundred = Self.nested(["/b/{bucket}/o", "/" + (1...97).map { "s\($0)" }.joined(separator: "/")])
        #expect(Self.ids(hundred).isEmpty)
        let more = Self.nested(["/b/{bucket}/o", "/" + (1...98).map { "s\($0)" }.joined(separator: "/")])
        #expect(Self.ids(more) == ["check.path-length"])
    }
}
