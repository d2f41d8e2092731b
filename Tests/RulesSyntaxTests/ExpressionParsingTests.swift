import Testing

@testable import RulesSyntax

/// Expression source -> canonical dump: precedence, associativity, folding,
/// postfix forms, path literals and collections.
@Suite("Expression parsing")
struct ExpressionParsingTests {
    static let cases: [(source: String, dump: String)] = [
        // Precedence and associativity.
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("(1 + 2) * 3", "(* (paren (+ 1 2)) 3)"),
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("8 / 4 / 2", "(/ (/ 8 4) 2)"),
        ("7 % 3 * 2", "(* (% 7 3) 2)"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a && b || c", "(|| (&& a b) c)"),
        ("a || b || c", "(|| (|| a b) c)"),
        ("a == b && c != d", "(&& (== a b) (!= c d))"),
        ("a < b == c >= d", "(== (< a b) (>= c d))"),
        ("a <= b + 1", "(<= a (+ b 1))"),
        ("'a' in l == true", "(== (in \"a\" l) true)"),
        ("a < b in c", "(in (< a b) c)"),
        ("x is int == true", "(== (is x int) true)"),
        ("a < b is bool", "(is (< a b) bool)"),
        ("x in y is bool", "(is (in x y) bool)"),
        ("x is map_diff", "(is x map_diff)"),
        ("x is string && y is latlng", "(&& (is x string) (is y latlng))"),
        ("true && false || null", "(|| (&& true false) null)"),
        // Ternary: right-associative, lowest precedence.
        ("a ? b : c ? d : e", "(? a b (? c d e))"),
        ("a ? b ? c : d : e", "(? a (? b c d) e)"),
        ("a || b ? c : d", "(? (|| a b) c d)"),
        ("(a ? b : c) ? d : e", "(? (paren (? a b c)) d e)"),
        // Unary operators and folding of `-` into number literals.
        ("!a", "(! a)"),
        ("!!a", "(! (! a))"),
        ("-a", "(- a)"),
        ("--a", "(- (- a))"),
        ("!-a", "(! (- a))"),
        ("-5", "-5"),
        ("- 5", "-5"),
        ("--5", "(- -5)"),
        ("-(5)", "(- (paren 5))"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("9223372036854775807", "9223372036854775807"),
        ("-1.5", "-1.5"),
        ("-.5", "-0.5"),
        ("-1.abs()", "(call (. -1 abs))"),
        ("-x.y", "(- x.y)"),
        ("2-1", "(- 2 1)"),
        ("2 - -1", "(- 2 -1)"),
        ("-2 * 3", "(* -2 3)"),
        ("!a.b(c)[0]", "(! (index (call a.b c) 0))"),
        // Postfix operators.
        ("a.b.c", "a.b.c"),
        ("a.b().c", "(. (call a.b) c)"),
        ("a[0][1]", "(index (index a 0) 1)"),
        ("a[0].b", "(. (index a 0) b)"),
        ("x[1:]", "(slice x 1 _)"),
        ("x[:2]", "(slice x _ 2)"),
        ("x[1:2]", "(slice x 1 2)"),
        ("x[a + 1 : b]", "(slice x (+ a 1) b)"),
        ("f()", "(call f)"),
        ("f(a, b)", "(call f a b)"),
        ("m.get('k', 1)", "(call m.get \"k\" 1)"),
        ("l.list()", "(call l.list)"),
        ("a.in.is.if.match.let", "a.in.is.if.match.let"),
        ("x.size() > 0 && x.size() < 10", "(&& (> (call x.size) 0) (< (call x.size) 10))"),
        ("request.resource.size < 5 * 1024 * 1024", "(< request.resource.size (* (* 5 1024) 1024))"),
        // Division versus path literals (a slash followed by anything but
        // whitespace is rejected; see DiagnosticTests).
        ("4/ 2", "(/ 4 2)"),
        ("4 / 2", "(/ 4 2)"),
        ("a /\tb", "(/ a b)"),
        ("a /\n b", "(/ a b)"),
        ("a /\u{0C}b", "(/ a b)"),
        ("/a/b", "(path \"a\" \"b\")"),
        ("/a/b == /a/b", "(== (path \"a\" \"b\") (path \"a\" \"b\"))"),
        ("x / /a/b", "(/ x (path \"a\" \"b\"))"),
        // Path literals.
        (
            "/databases/(default)/documents/users/$(request.auth.uid)",
            "(path \"databases\" \"(default)\" \"documents\" \"users\" ($ request.auth.uid))"
        ),
        (
            "firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.role",
            """
            (.
              (.
                (call firestore.get (path "databases" "(default)" "documents" "users" ($ request.auth.uid)))
                data)
              role)
            """
        ),
        ("(/a/$(b)).bind({'b': 1})", "(call (. (paren (path \"a\" ($ b))) bind) (map (entry \"b\" 1)))"),
        ("/databases/$(database)/documents/x", "(path \"databases\" ($ database) \"documents\" \"x\")"),
        ("/a/{name}/c", "(path \"a\" {name} \"c\")"),
        ("/a/$(x + '/' + y)/$(f(/b/$(c)))", "(path \"a\" ($ (+ (+ x \"/\") y)) ($ (call f (path \"b\" ($ c)))))"),
        ("/a/b.c-d_e:f~g%20@h+i*j", "(path \"a\" \"b.c-d_e:f~g%20@h+i*j\")"),
        ("/a/x(y(z))w", "(path \"a\" \"x(y(z))w\")"),
        ("[/a, /b]", "(list (path \"a\") (path \"b\"))"),
        ("{'a': /a/b}", "(map (entry \"a\" (path \"a\" \"b\")))"),
        ("f(/a/b, 1)", "(call f (path \"a\" \"b\") 1)"),
        ("x[/a/b]", "(index x (path \"a\" \"b\"))"),
        // Collections.
        ("[]", "(list)"),
        ("[1, 2, 3,]", "(list 1 2 3)"),
        ("f([1, g(2, [3])], 4)", "(call f (list 1 (call g 2 (list 3))) 4)"),
        ("[[], [1], f(), [g([h(x, y)])]]", "(list (list) (list 1) (call f) (list (call g (list (call h x y)))))"),
        ("{}", "(map)"),
        ("{'a': 1, 'b': [2],}", "(map (entry \"a\" 1) (entry \"b\" (list 2)))"),
        ("{'k': x ? 1 : 2}", "(map (entry \"k\" (? x 1 2)))"),
        ("{'a': 3,'b': 2}.get('c', 7) == 7", "(== (call (. (map (entry \"a\" 3) (entry \"b\" 2)) get) \"c\" 7) 7)"),
        // Numbers.
        ("0x1F + 0XFF", "(+ 31 255)"),
        ("007", "7"),
        ("1.0", "1.0"),
        ("1e3", "1000.0"),
        ("1E+3", "1000.0"),
        ("1.5e-3", "0.0015"),
        (".5", "0.5"),
        ("10.0 / 4", "(/ 10.0 4)"),
        ("1.foo", "(. 1 foo)"),
        // Comments between tokens.
        ("a /* x */ && // y\n b", "(&& a b)"),
    ]

    @Test(arguments: cases)
    func dumpsCanonically(source: String, dump: String) throws {
        let (expr, diagnostics) = Fixtures.parseExpression(source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(try #require(expr).dump() == dump)
    }

    @Test func foldedLiteralsKeepTheirValueAndRange() throws {
        let source = "-9223372036854775808"
        let expr = try #require(Fixtures.parseExpression(source).expr)
        #expect(expr.kind == .int(Int64.min))
        #expect(expr.range == SourceRange(start: Fixtures.prefix.utf8.count, end: Fixtures.prefix.utf8.count + source.utf8.count))
        let negativeFloat = try #require(Fixtures.parseExpression("-2.5").expr)
        #expect(negativeFloat.kind == .float(-2.5))
    }

    @Test func rangesCoverOperandsAndParentheses() throws {
        let source = "(a + b) * c.d(e)"
        let expr = try #require(Fixtures.parseExpression(source).expr)
        let base = Fixtures.prefix.utf8.count
        #expect(expr.range == SourceRange(start: base, end: base + source.utf8.count))
        guard case .binary(.multiply, let left, let right) = expr.kind else {
            Issue.record("expected a multiplication, got \(expr.dump())")
            return
        }
        #expect(left.range == SourceRange(start: base, end: base + 7))
        #expect(right.range == SourceRange(start: base + 10, end: base + 16))
    }
}
