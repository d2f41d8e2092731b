import Testing

@testable import RulesSyntax

/// Bad source -> diagnostics (id, position from a marker, and the message
/// where it follows Firebase's wording or is otherwise worth pinning).
@Suite("Syntax diagnostics")
struct DiagnosticTests {
    /// One expected diagnostic: where (a marker in the source), which id,
    /// and optionally the exact message.
    struct Expected: Sendable {
        var marker: String
        var id: String
        var message: String?

        init(_ marker: String, _ id: String, _ message: String? = nil) {
            self.marker = marker
            self.id = id
            self.message = message
        }
    }

    /// A marked source and the diagnostics it must produce, in order.
    struct Case: Sendable, CustomTestStringConvertible {
        var source: String
        var expected: [Expected]
        var testDescription: String { source }

        init(_ source: String, _ expected: Expected...) {
            self.source = source
            self.expected = expected
        }
    }

    /// A file whose only rule is `allow read: if <condition>;`.
    static func rule(_ condition: String) -> String {
        "service firebase.storage { match /x { allow read: if \(condition); } }"
    }

    static let lexical: [Case] = [
        Case(rule("1️⃣'abc\n"), Expected("1️⃣", "syntax.unterminated-string", "unterminated string literal")),
        Case(rule("1️⃣'''abc"), Expected("1️⃣", "syntax.unterminated-string")),
        Case(rule("'a1️⃣\\.b'"), Expected("1️⃣", "syntax.invalid-escape", "invalid escape sequence `\\.`")),
        Case(rule("'a1️⃣\\|b'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\x4g'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\12'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\400'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\u12'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\ud83d'"), Expected("1️⃣", "syntax.invalid-escape", "`\\ud83d` is a lone UTF-16 surrogate")),
        Case(rule("'1️⃣\\ude002️⃣\\ud83d'"), Expected("1️⃣", "syntax.invalid-escape"), Expected("2️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\U00110000'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("b'1️⃣\\q'"), Expected("1️⃣", "syntax.invalid-escape")),
        Case(rule("'1️⃣\\q' + '2️⃣\\w'"), Expected("1️⃣", "syntax.invalid-escape"), Expected("2️⃣", "syntax.invalid-escape")),
        Case(rule("true 1️⃣/* never closed"), Expected("1️⃣", "syntax.unterminated-comment")),
        Case(rule("1️⃣1e"), Expected("1️⃣", "syntax.invalid-number", "invalid number literal `1e`")),
        Case(rule("1️⃣0x"), Expected("1️⃣", "syntax.invalid-number")),
        Case(rule("1️⃣12abc"), Expected("1️⃣", "syntax.invalid-number")),
        Case(rule("1️⃣1u"), Expected("1️⃣", "syntax.invalid-number")),
        Case(rule("1️⃣1e999"), Expected("1️⃣", "syntax.invalid-number")),
        Case(rule("1️⃣9223372036854775808"), Expected("1️⃣", "syntax.integer-overflow")),
        Case(rule("1️⃣-9223372036854775809"), Expected("1️⃣", "syntax.integer-overflow")),
        Case(rule("1️⃣99999999999999999999999"), Expected("1️⃣", "syntax.integer-overflow")),
        Case(rule("1️⃣0x10000000000000000"), Expected("1️⃣", "syntax.integer-overflow")),
        Case(rule("a 1️⃣# b"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected '#'.")),
        Case(rule("a 1️⃣& b"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected '&'.")),
        Case(rule("1️⃣$x"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected '$'.")),
    ]

    static let structure: [Case] = [
        Case(
            "rules_version = 1️⃣'2+modules';\nservice firebase.storage { match /x { allow read; } }",
            Expected("1️⃣", "syntax.invalid-version")),
        Case("rules_version = 1️⃣\"3\"\nservice s { match /x { allow read; } }", Expected("1️⃣", "syntax.invalid-version")),
        Case("rules_version = '2';1️⃣", Expected("1️⃣", "syntax.missing-service")),
        Case("1️⃣", Expected("1️⃣", "syntax.missing-service")),
        Case(
            "// fragment\n1️⃣match /a { allow read; }2️⃣",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'match' expecting {'function', 'service', 'syntax'}"),
            Expected("2️⃣", "syntax.missing-service")),
        Case(
            "rules_version = 1️⃣'2+modules';\n2️⃣import { f } from 'x';\nservice s { match /a { allow read; } }",
            Expected("1️⃣", "syntax.invalid-version"),
            Expected("2️⃣", "syntax.unexpected-token", "Unexpected 'import'.")),
        Case(
            "1️⃣servce firebase.storage { match /a { allow read; } }\nservice s { match /a { allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'servce' expecting {'function', 'service', 'syntax'}")),
        Case(
            "service s { match /a { allow read; } }\n1️⃣rules_version = '2';",
            Expected("1️⃣", "syntax.misplaced-version")),
        Case(
            "rules_version = '2';\nservice s { match /a { allow read; } }\n1️⃣rules_version = '1';",
            Expected("1️⃣", "syntax.conflicting-version")),
        Case(
            "service 1️⃣cloud.firestore { match /a { allow read; } }\nservice firebase.storage { match /a { allow read; } }",
            Expected("1️⃣", "syntax.extra-service")),
        Case("service s { 1️⃣match /a { } }", Expected("1️⃣", "syntax.empty-match")),
        Case("service s { match /a { allow read; }1️⃣", Expected("1️⃣", "syntax.unexpected-token", "mismatched input '<EOF>' expecting '}'")),
        Case(
            "service s { 1️⃣allow read; }",
            Expected("1️⃣", "syntax.unexpected-token", "Unexpected 'allow'.")),
        Case(
            "service s { match /a { 1️⃣let x = 1; allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "Unexpected 'let'.")),
        Case(
            "service s { match /a { 1️⃣return true; } }",
            Expected("1️⃣", "syntax.unexpected-token", "Unexpected 'return'.")),
        Case(
            "service s { match /a { allow read; } } 1️⃣}",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input '}' expecting {'function', 'service', 'syntax'}")),
    ]

    static let matchPaths: [Case] = [
        // A wildcard's name is an identifier: keywords are not.
        Case(
            "service s { match /{1️⃣true} { allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'true' expecting IDENTIFIER")),
        Case("service s { match /a/{1️⃣in=**} { allow read; } }", Expected("1️⃣", "syntax.unexpected-token")),
        Case(
            "service s { match /a { 1️⃣/b/c { allow read; } } }",
            Expected("1️⃣", "syntax.missing-match-keyword", "Missing 'match' keyword before path.")),
        Case(
            "service s { match /a/1️⃣/b { allow read; } }",
            Expected("1️⃣", "syntax.invalid-match-path", "Forward slash '/' found where identifier or binding expected.")),
        Case(
            "service s { match /a1️⃣/ { allow read; } }",
            Expected("1️⃣", "syntax.invalid-match-path", "Forward slash '/' found where identifier or binding expected.")),
        Case(
            "service s { match 1️⃣users/{id} { allow read; } }",
            Expected("1️⃣", "syntax.invalid-match-path", "mismatched input 'users' expecting {'{', '/', PATH_SEGMENT}")),
        Case("service s { match /1️⃣{a b} { allow read; } }", Expected("1️⃣", "syntax.invalid-wildcard")),
        Case("service s { match /1️⃣{=**} { allow read; } }", Expected("1️⃣", "syntax.invalid-wildcard")),
        Case("service s { match /1️⃣{a=*} { allow read; } }", Expected("1️⃣", "syntax.invalid-wildcard")),
        Case("service s { match /1️⃣{1a} { allow read; } }", Expected("1️⃣", "syntax.invalid-wildcard")),
        Case(
            "service s { match /a/b 1️⃣c { allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'c' expecting '{'")),
    ]

    static let statements: [Case] = [
        Case(
            "service s { match /a { allow 1️⃣reed: if true; } }",
            Expected("1️⃣", "syntax.unknown-method", "unknown method `reed`; expected one of read, write, get, list, create, update, delete")),
        Case(
            "service s { match /a { allow read, 1️⃣writ, 2️⃣lst; } }",
            Expected("1️⃣", "syntax.unknown-method"), Expected("2️⃣", "syntax.unknown-method")),
        Case(
            "service s { match /a { allow read: 1️⃣true; } }",
            Expected("1️⃣", "syntax.missing-if", "mismatched input 'true' expecting 'if'")),
        Case(
            "service s { match /a { allow read 1️⃣if true; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'if' expecting {',', ':', ';'}")),
        Case(
            "service s { match /a { allow read: 1️⃣; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input ';' expecting 'if'")),
        Case(
            "service s { match /a { allow read: if a 1️⃣b; } }",
            Expected("1️⃣", "syntax.unexpected-token", "Unexpected 'b'.")),
        Case(
            "service s { match /a { allow 1️⃣: if true; } }",
            Expected(
                "1️⃣", "syntax.unexpected-token",
                "mismatched input ':' expecting {'read', 'write', 'get', 'list', 'create', 'update', 'delete'}")),
        Case(
            "service s { match /a { allow 1️⃣if true; } }",
            Expected(
                "1️⃣", "syntax.unexpected-token",
                "mismatched input 'if' expecting {'read', 'write', 'get', 'list', 'create', 'update', 'delete'}")),
        Case(
            "service s { function f() {\n  let a = 1\n  1️⃣return a;\n} match /a { allow read; } }",
            Expected("1️⃣", "syntax.missing-semicolon", "missing ';' at 'return'")),
        Case(
            "service s { function f() {\n  let a = 1\n  1️⃣let b = 2;\n  return a;\n} match /a { allow read; } }",
            Expected("1️⃣", "syntax.missing-semicolon", "missing ';' at 'let'")),
        Case(
            "service s { function f() { 1️⃣} match /a { allow read; } }",
            Expected("1️⃣", "syntax.missing-return", "mismatched input '}' expecting {'let', 'return'}")),
        Case(
            "service s { function f() { return 1; 1️⃣return 2; } match /a { allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'return' expecting '}'")),
        Case(
            "service s { function 1️⃣if() { return 1; } match /a { allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'if' expecting IDENTIFIER")),
        Case(
            "service s { function f(a, 1️⃣1) { return 1; } match /a { allow read; } }",
            Expected("1️⃣", "syntax.unexpected-token", "mismatched input '1' expecting IDENTIFIER")),
    ]

    static let expressions: [Case] = [
        Case(rule("1️⃣)"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected ')'.")),
        Case(rule("a == 1️⃣== b"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected '=='.")),
        Case(rule("a &&1️⃣"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected ';'.")),
        Case(rule("(a 1️⃣"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input ';' expecting ')'")),
        Case(rule("f(a 1️⃣b)"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'b' expecting {',', ')'}")),
        Case(rule("f(a, 1️⃣)"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected ')'.")),
        Case(rule("[1 1️⃣2]"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input '2' expecting {',', ']'}")),
        Case(rule("{'a' 1️⃣1}"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input '1' expecting ':'")),
        Case(rule("a ? b 1️⃣"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input ';' expecting ':'")),
        Case(rule("a.1️⃣(b)"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input '(' expecting IDENTIFIER")),
        Case(rule("x is 1️⃣foo"), Expected("1️⃣", "syntax.unknown-type")),
        Case(rule("x is 1️⃣1"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input '1' expecting TYPE")),
        Case(rule("x1️⃣[:]"), Expected("1️⃣", "syntax.invalid-slice")),
        Case(rule("1️⃣(a)(b)"), Expected("1️⃣", "syntax.invalid-call")),
        // The error points at the first parenthesis past the nesting limit.
        Case(
            rule(
                String(repeating: "(", count: RulesParser.maxExpressionDepth) + "1️⃣" + String(repeating: "(", count: 44) + "a"
                    + String(repeating: ")", count: 300)),
            Expected("1️⃣", "syntax.too-complex", "Expression is too complex to evaluate safely.")),
        // Production reads a slash that anything but whitespace follows as
        // the start of a path, not as division.
        Case(rule("41️⃣/2 == 2"), Expected("1️⃣", "syntax.missing-match-keyword", "Missing 'match' keyword before path.")),
        Case(rule("(11️⃣/0) == 1"), Expected("1️⃣", "syntax.missing-match-keyword")),
        Case(rule("a 1️⃣/b == 1"), Expected("1️⃣", "syntax.missing-match-keyword")),
        Case(rule("41️⃣/(2) == 2"), Expected("1️⃣", "syntax.missing-match-keyword")),
        Case(rule("41️⃣/-2 == -2"), Expected("1️⃣", "syntax.missing-match-keyword")),
        Case(rule("/a1️⃣/"), Expected("1️⃣", "syntax.invalid-path-literal", "empty segment in path literal")),
        Case(rule("1️⃣/ == x"), Expected("1️⃣", "syntax.invalid-path-literal")),
        Case(rule("/a/b1️⃣$(c)"), Expected("1️⃣", "syntax.invalid-path-literal", "`$(...)` must make up a whole path segment")),
        Case(rule("/a/1️⃣{b"), Expected("1️⃣", "syntax.invalid-path-literal")),
        Case(rule("/a/$(b 1️⃣c)"), Expected("1️⃣", "syntax.unexpected-token", "mismatched input 'c' expecting ')'")),
        Case(rule("/a/b/* 1️⃣not a comment */ x"), Expected("1️⃣", "syntax.unexpected-token", "Unexpected 'not'.")),
    ]

    @Test(arguments: lexical + structure + matchPaths + statements + expressions)
    func reports(_ testCase: Case) throws {
        let marked = MarkedSource(testCase.source)
        let source = SourceFile(path: "test.rules", text: marked.text)
        let diagnostics = Parser.parse(source).diagnostics
        let rendered = Fixtures.describe(diagnostics, in: source)
        try #require(diagnostics.count == testCase.expected.count, "got:\n\(rendered)")
        for (diagnostic, expected) in zip(diagnostics, testCase.expected) {
            let offset = try #require(marked.markers[expected.marker], "marker \(expected.marker) missing")
            #expect(diagnostic.id == expected.id, "got:\n\(rendered)")
            #expect(source.location(of: diagnostic.range.start) == source.location(of: offset), "got:\n\(rendered)")
            if let message = expected.message {
                #expect(diagnostic.message == message)
            }
            #expect(diagnostic.range.end <= source.bytes.count)
        }
    }

    @Test func invalidEscapeSuggestsADoubleBackslash() throws {
        let diagnostics = Fixtures.parse(Self.rule("'a\\.b'")).diagnostics
        let help = try #require(diagnostics.first?.help)
        #expect(help.contains("`\\\\`"))
    }

    @Test func missingIfSuggestsWritingIf() throws {
        let diagnostics = Fixtures.parse("service s { match /a { allow read: true; } }").diagnostics
        #expect(diagnostics.first?.help?.contains("write `if` before the condition") == true)
    }

    @Test func everyBrokenStatementIsReported() {
        let source = """
            service firebase.storage {
              match /a {
                allow read: if a ==;
                allow write: if (b;
                allow get: if c d;
                allow list: if 'x\\q';
                allow reed;
              }
            }
            """
        let diagnostics = Fixtures.parse(source).diagnostics
        let lines = diagnostics.map { SourceFile(path: "", text: source).location(of: $0.range.start).line }
        #expect(lines == [3, 4, 5, 6, 7], "\(diagnostics.map(\.message))")
    }

    @Test func matchNestingIsCapped() {
        let depth = RulesParser.maxMatchDepth + 5
        let source = "service s {" + String(repeating: "match /a {", count: depth) + "allow read;"
            + String(repeating: "}", count: depth) + "}"
        let diagnostics = Fixtures.parse(source).diagnostics
        #expect(diagnostics.map(\.id) == ["syntax.nesting-too-deep"])
    }
}
