import Testing

@testable import RulesSyntax

/// Single rules of the canonical layout, one case each.
struct FormatterRulesTests {
    static func format(_ text: String) -> String? {
        if case .formatted(let output) = RulesFormatter.format(SourceFile(path: "t.rules", text: text)) { return output }
        return nil
    }

    /// A file whose only condition is `condition`, formatted.
    static func formatCondition(_ condition: String) -> String? {
        format("service firebase.storage {\n  match /a {\n    allow read: if \(condition);\n  }\n}\n")
    }

    @Test func aConditionOfExactlyOneHundredColumnsStaysOnItsLine() throws {
        let prefix = "    allow read: if "
        let operand = String(repeating: "x", count: 100 - prefix.count - " && y".count - ";".count)
        let line = prefix + operand + " && y;"
        #expect(line.count == 100)
        #expect(try #require(Self.formatCondition(operand + " && y")).contains(line + "\n"))
        let longer = try #require(Self.formatCondition(operand + "x && y"))
        #expect(longer.contains("    allow read: if \(operand)x\n      && y;\n"))
    }

    @Test func aShortChainSpreadOverLinesIsJoined() {
        #expect(Self.formatCondition("a\n   &&\n b") == "service firebase.storage {\n  match /a {\n    allow read: if a && b;\n  }\n}\n")
    }

    @Test(arguments: [
        ("\"image/.*\"", "'image/.*'"),
        ("\"it's\"", "\"it's\""),
        ("\"say \\\"hi\\\"\"", "\"say \\\"hi\\\"\""),
        ("r\"a\\d\"", "r\"a\\d\""),
        ("b\"\\xff\"", "b\"\\xff\""),
        ("\"\"\"x\"\"\"", "\"\"\"x\"\"\""),
        ("\"\"", "''"),
        ("0x1F", "0x1F"),
        ("- 1", "-1"),
        ("- -1", "- -1"),
        ("1.abs()", "1.abs()"),
        ("[1, 2, ]", "[1, 2]"),
        ("{ 'a' : 1 , }", "{'a': 1}"),
        ("x[ 1 : ]", "x[1:]"),
        ("/a/$( x )/{y}", "/a/$(x)/{y}"),
        ("a?b:c", "a ? b : c"),
        ("x is  string", "x is string"),
        ("! ( a )", "!(a)"),
    ])
    func literalsAndOperatorsAreRespelled(_ written: String, _ canonical: String) throws {
        let output = try #require(Self.formatCondition(written + " == z"))
        #expect(output.contains("allow read: if \(canonical) == z;"), "\(output)")
    }

    @Test(arguments: [
        ("service firebase.storage { match /a { allow read; } }\nservice cloud.firestore { match /b { allow read; } }\n", "syntax.extra-service"),
        ("rules_version = '2';\nrules_version = '2';\nservice firebase.storage { match /a { allow read; } }\n", "syntax.repeated-version"),
        ("service firebase.storage { match /a { allow read: if ; } }\n", "syntax.unexpected-token"),
        ("service firebase.storage { match /a { } }\n", "syntax.empty-match"),
    ])
    func filesThatDoNotParseOrWouldLoseTextAreRefused(_ text: String, _ id: String) {
        guard case .unparseable(let diagnostics) = RulesFormatter.format(SourceFile(path: "t.rules", text: text)) else {
            Issue.record("formatted although it should be refused")
            return
        }
        #expect(diagnostics.map(\.id).contains(id), "\(diagnostics.map(\.id))")
    }

    @Test func blankLinesAreKeptUpToOneButNotAtBlockEdges() {
        let text = "service firebase.storage {\n\n\n  match /a {\n\n    allow read;\n\n\n\n    allow write;\n\n  }\n}\n"
        #expect(Self.format(text) == "service firebase.storage {\n  match /a {\n    allow read;\n\n    allow write;\n  }\n}\n")
    }
}
