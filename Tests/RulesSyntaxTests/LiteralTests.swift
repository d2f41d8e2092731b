import Testing

@testable import RulesSyntax

/// String, bytes and number literals: every escape form and the spec's
/// verified examples (§1.2, §6.1).
@Suite("Literals")
struct LiteralTests {
    static let strings: [(source: String, value: String)] = [
        ("'abc'", "abc"),
        ("\"abc\"", "abc"),
        ("''", ""),
        ("\"it's\"", "it's"),
        ("'say \"hi\"'", "say \"hi\""),
        ("'\\\\'", "\\"),
        ("'\\''", "'"),
        ("\"\\\"\"", "\""),
        ("'\\`'", "`"),
        ("'\\?'", "?"),
        ("'\\a\\b\\f\\n\\r\\t\\v'", "\u{07}\u{08}\u{0C}\n\r\t\u{0B}"),
        ("'\\x411'", "A1"),
        ("'\\xe9'", "é"),
        ("'\\X41'", "A"),
        ("'\\u00e9'", "é"),
        ("'\\ud83d\\ude00'", "😀"),
        ("'\\U0001F600'", "😀"),
        ("'\\101'", "A"),
        ("'\\377'", "\u{FF}"),
        ("'\\000'", "\u{0}"),
        ("'a\tb'", "a\tb"),
        ("'€'", "€"),
        ("'.*\\\\.txt'", ".*\\.txt"),
        ("r'\\d+\\.'", "\\d+\\."),
        ("R\"a\\nb\"", "a\\nb"),
        ("'''a'b\"c'''", "a'b\"c"),
        ("'''line1\nline2'''", "line1\nline2"),
        ("\"\"\"x\"\"\"", "x"),
        ("r'''a\\n'''", "a\\n"),
    ]

    @Test(arguments: strings)
    func stringLiteral(source: String, value: String) throws {
        let (expr, diagnostics) = Fixtures.parseExpression(source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(try #require(expr).kind == .string(value))
    }

    static let byteLiterals: [(source: String, value: [UInt8])] = [
        ("b'abc'", Array("abc".utf8)),
        ("b\"\"", []),
        ("B'\\xFF\\xff'", [0xFF, 0xFF]),
        ("b'\\x2A\\x2A'", [0x2A, 0x2A]),
        ("b'\\xE2\\x82\\xAC'", [0xE2, 0x82, 0xAC]),
        ("b'\\xe9'", [0xE9]),
        ("b'é'", [0xC3, 0xA9]),
        ("b'\\377\\000'", [0xFF, 0x00]),
        ("b'\\u00e9'", [0xC3, 0xA9]),
        ("b'\\n\\t\\\\'", [0x0A, 0x09, 0x5C]),
        ("br'\\x41'", Array("\\x41".utf8)),
        ("BR\"\\\"", [0x5C]),
    ]

    @Test(arguments: byteLiterals)
    func bytesLiteral(source: String, value: [UInt8]) throws {
        let (expr, diagnostics) = Fixtures.parseExpression(source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(try #require(expr).kind == .bytes(value))
    }

    @Test func surrogatePairIsOneScalarOfTwoUTF16Units() throws {
        let expr = try #require(Fixtures.parseExpression("'\\ud83d\\ude00'").expr)
        guard case .string(let value) = expr.kind else {
            Issue.record("not a string: \(expr.dump())")
            return
        }
        #expect(value.unicodeScalars.count == 1)
        #expect(value.utf16.count == 2)
    }

    static let numbers: [(source: String, kind: ExprKind)] = [
        ("0", .int(0)),
        ("42", .int(42)),
        ("0x7fffffffffffffff", .int(Int64.max)),
        ("-0x8000000000000000", .int(Int64.min)),
        ("9223372036854775807", .int(Int64.max)),
        ("-9223372036854775808", .int(Int64.min)),
        ("3.25", .float(3.25)),
        ("2e2", .float(200)),
        ("1.5E-3", .float(0.0015)),
        (".25", .float(0.25)),
        ("-0.0", .float(-0.0)),
    ]

    @Test(arguments: numbers)
    func numberLiteral(source: String, kind: ExprKind) throws {
        let (expr, diagnostics) = Fixtures.parseExpression(source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(try #require(expr).kind == kind)
    }

    @Test func otherLiteralsDump() throws {
        let source = "[true, false, null, b'\\x00A\"', 'tab\\tquote\"', 1.0]"
        let expr = try #require(Fixtures.parseExpression(source).expr)
        #expect(expr.dump() == #"(list true false null b"\x00A\"" "tab\tquote\"" 1.0)"#)
    }
}
