import Testing

@testable import RulesEngine

@Suite("Regex: RE2 syntax")
struct RegexSyntaxTests {
    static let rejected: [String] = [
        "(", ")", "a)", "[a", "[", "x\\", "\\",
        // stacked and possessive quantifiers
        "a**", "a*+", "a++", "a?+", "a{2}{3}", "a{2}*", "a+?+",
        // missing repetition argument and PCRE2 verbs
        "*a", "+", "?", "a|*", "(*ACCEPT)", "(*UTF)a", "{2}",
        // lookaround, atomic groups, conditionals, recursion, callouts, comments, other flags
        "(?=a)", "(?!a)", "(?<=a)b", "(?<!a)b", "(?>a)", "(?(1)a|b)", "(?R)", "(a)(?1)", "(?&x)",
        "(?P=x)", "(?P>x)", "(?C1)a", "(?#comment)", "(?x)a b", "(?|a)", "(?J)a", "(?)(?-)", "(?i-)", "(?-:a)",
        // backreferences and escapes RE2 lacks
        "(a)\\1", "\\k<x>", "\\g1", "\\g{1}", "\\8", "\\C", "\\Z", "\\G", "\\K", "\\e", "\\cA", "\\h", "\\R", "\\X",
        "\\N", "\\E", "\\xZ1", "\\x{110000}", "\\x{}", "\\é",
        // repetition sizes
        "a{1001}", "a{0,1001}", "a{2,1}", "(a{100}){11}", "((a{10}){10}){11}",
        // classes
        "[z-a]", "[\\b]", "[[:foo:]]", "[a-\\d]", "\\pl", "\\p{}", "\\p{Klingon}", "[\\Q]\\E]",
        // Unicode classes PCRE2 knows and RE2 does not (other names, abbreviations, letter case)
        "\\p{Alpha}", "\\p{Xan}", "\\p{L&}", "\\p{Lc}", "\\p{Cn}", "\\p{Grek}", "\\p{GREEK}", "\\p{greek}", "\\p{LU}",
        "\\p{ASCII}", "\\p{Hex_Digit}", "\\p{^Latn}", "\\pX",
        // names
        "(?P<n>a)(?P<n>b)", "(?P<>a)", "(?P<a-b>x)",
    ]

    @Test(arguments: rejected)
    func rejectsWhatRE2Rejects(pattern: String) {
        #expect(RulesRegex.validate(pattern) != nil, "\(pattern) should be rejected")
        #expect(throws: EvalError.invalidRegex(pattern)) { try RulesRegex.matches("a", pattern: pattern) }
    }

    static let accepted: [String] = [
        "", "a", "a*?", "a??", "a+?", "a{2}", "a{2,}", "a{2,5}?", "a{,2}", "a{01}", "a{", "a{1", "{", "}", "]",
        "(?i)abc", "(?i:a)b", "(?s).", "(?m)^a$", "(?U)a+", "(?i-s:a.)", "(?im)a", "(?P<name>a)", "(?<name>a)",
        "\\Q.*\\E", "\\Q(unclosed", "[[:alpha:]]", "[[:^digit:]x]", "\\pL", "\\p{Greek}", "\\PN", "\\p{^Greek}", "\\p{Any}", "\\p{Lu}", "\\p{Old_Italic}", "\\p{SignWriting}", "\\P{Zs}",
        "[^\\d\\s]", "[\\S]", "\\x41", "\\x{263a}", "\\101", "\\0", "\\a\\f\\t\\n\\r\\v", "a{1000}",
        "(a{10}){100}", "\\.", "\\$\\^\\*", "[]a]", "[^]a]", "[a-]", "[-a]", "[a-b-c]", "\\A\\z", "\\bx\\B",
        "a|", "|", "()", "(?:)", "^*", "$+", "(?i)", "\\_", "é+", "[é-ü]", "\\x{10FFFF}",
    ]

    @Test(arguments: accepted)
    func acceptsWhatRE2Accepts(pattern: String) {
        #expect(RulesRegex.validate(pattern) == nil, "\(pattern): \(RulesRegex.validate(pattern) ?? "")")
    }

    /// RE2's table, checked against PCRE2's: a misspelt name would make a
    /// pattern RE2 accepts fail. Scripts newer than the linked PCRE2's
    /// Unicode (15's, for PCRE2 10.42) stay invalid patterns there.
    @Test func everyNameRE2KnowsCompiles() {
        let newer: Set = ["Kawi", "Nag_Mundari"]
        for name in RE2UnicodeGroups.names.subtracting(newer).sorted() {
            #expect(RulesRegex.validate("\\p{\(name)}") == nil, "\\p{\(name)}")
        }
    }

    @Test func invalidPatternMessage() {
        #expect(throws: EvalError.invalidRegex("(")) { try RulesRegex.matches("abc", pattern: "(") }
        #expect(throws: EvalError.invalidRegex("(")) { try RulesRegex.split("abc", pattern: "(") }
        #expect(throws: EvalError.invalidRegex("(")) { try RulesRegex.replace("abc", pattern: "(", replacement: "x") }
        #expect(EvalError.invalidRegex("(").message.hasPrefix("Invalid regular expression pattern. Pattern: ("))
    }

    @Test func compiledPatternsAreCached() throws {
        let first = try RegexCache.regex("ca(ch)e", mode: .search).get()
        let second = try RegexCache.regex("ca(ch)e", mode: .search).get()
        #expect(first === second)
        let whole = try RegexCache.regex("ca(ch)e", mode: .whole).get()
        #expect(first !== whole)
        #expect(first.captureCount == 1)
    }
}

@Suite("Regex: RE2 meaning")
struct RegexMatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var subject: String
        var pattern: String
        var expected: Bool
        var testDescription: String { "'\(subject)'.matches('\(pattern)') == \(expected)" }
    }

    static let cases: [Case] = [
        Case(subject: "user@domain.com", pattern: ".*@domain[.]com", expected: true),
        Case(subject: "banana", pattern: ".*@domain[.]com", expected: false),
        Case(subject: "hello world", pattern: "world", expected: false),
        Case(subject: "hello world", pattern: ".*world", expected: true),
        Case(subject: "abc123!", pattern: "[a-z]+[0-9]+", expected: false),
        Case(subject: "ximage/png", pattern: "image/.*", expected: false),
        Case(subject: "image/png", pattern: "image/.*", expected: true),
        Case(subject: "ab", pattern: "a|ab", expected: true),
        Case(subject: "", pattern: "", expected: true),
        Case(subject: "", pattern: "^*", expected: true),
        Case(subject: "a", pattern: "", expected: false),
        // whitespace and classes are ASCII, without the vertical tab in \s
        Case(subject: "\u{0B}", pattern: "\\s", expected: false),
        Case(subject: "\u{0B}", pattern: "\\v", expected: true),
        Case(subject: "\u{0B}", pattern: "[\\S]", expected: true),
        Case(subject: "\u{0B}", pattern: "\\S", expected: true),
        Case(subject: "\u{0B}", pattern: "[[:space:]]", expected: true),
        Case(subject: " \t\n\r\u{0C}", pattern: "\\s+", expected: true),
        Case(subject: "\u{A0}", pattern: "\\s", expected: false),
        Case(subject: "\u{0661}", pattern: "\\d", expected: false),
        Case(subject: "é", pattern: "\\w", expected: false),
        Case(subject: "é", pattern: "\\pL", expected: true),
        Case(subject: "α", pattern: "\\p{Greek}", expected: true),
        Case(subject: "a", pattern: "\\p{^Greek}", expected: true),
        Case(subject: "É", pattern: "(?i)é", expected: true),
        Case(subject: "ABC", pattern: "(?i)abc", expected: true),
        Case(subject: "aBc", pattern: "a(?i:b)c", expected: true),
        Case(subject: "aBC", pattern: "a(?i:b)c", expected: false),
        // dot and anchors
        Case(subject: "a\nb", pattern: "a.b", expected: false),
        Case(subject: "a\nb", pattern: "(?s)a.b", expected: true),
        Case(subject: "a\n", pattern: "a$", expected: false),
        Case(subject: "a\n", pattern: "a\\z", expected: false),
        Case(subject: "a\nb", pattern: "(?m)a$\\nb", expected: true),
        Case(subject: "😀", pattern: ".", expected: true),
        Case(subject: "😀", pattern: "..", expected: false),
        // escapes
        Case(subject: "A", pattern: "\\101", expected: true),
        Case(subject: "A", pattern: "\\x41", expected: true),
        Case(subject: "é", pattern: "\\x{e9}", expected: true),
        Case(subject: "\u{07}", pattern: "\\a", expected: true),
        Case(subject: "\u{0}", pattern: "\\0", expected: true),
        Case(subject: ".*", pattern: "\\Q.*\\E", expected: true),
        Case(subject: "ab", pattern: "\\Q.*\\E", expected: false),
        Case(subject: "a{,2}", pattern: "a{,2}", expected: true),
        Case(subject: "a{01}", pattern: "a{01}", expected: true),
        Case(subject: "a.b", pattern: "a\\.b", expected: true),
        Case(subject: "axb", pattern: "a\\.b", expected: false),
        Case(subject: "]", pattern: "[]a]", expected: true),
        Case(subject: "-", pattern: "[a-]", expected: true),
        Case(subject: "b", pattern: "[^]a]", expected: true),
        Case(subject: "aaa", pattern: "a{3}", expected: true),
        Case(subject: "aaaa", pattern: "a{2,3}", expected: false),
        Case(subject: "a b", pattern: "a\\bb", expected: false),
        Case(subject: "ab", pattern: "(?U)a+?b", expected: true),
        Case(subject: "x", pattern: "(?P<name>x)", expected: true),
        Case(subject: "é", pattern: "[é-ü]", expected: true),
        Case(subject: "\u{10FFFF}", pattern: "\\x{10FFFF}", expected: true),
    ]

    @Test(arguments: cases)
    func wholeStringMatch(_ testCase: Case) throws {
        #expect(try RulesRegex.matches(testCase.subject, pattern: testCase.pattern) == testCase.expected)
    }

    @Test func multilineCaretAlsoMatchesAfterAFinalNewline() throws {
        #expect(try RulesRegex.replace("a\nb\n", pattern: "(?m)^", replacement: ">") == ">a\n>b\n>")
        #expect(try RulesRegex.replace("a\nb\n", pattern: "$", replacement: "<") == "a\nb\n<")
        #expect(try RulesRegex.replace("a\nb", pattern: "(?m)$", replacement: "<") == "a<\nb<")
    }

    @Test func concurrentMatchingIsSafe() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var allGood = true
                    for round in 0..<300 {
                        let pattern = "w\(worker)-(\\d+)-[a-z]+"
                        let subject = "w\(worker)-\(round)-abc"
                        let matched = (try? RulesRegex.matches(subject, pattern: pattern)) ?? false
                        let replaced = try? RulesRegex.replace(subject, pattern: pattern, replacement: "$1")
                        allGood = allGood && matched && replaced == String(round)
                    }
                    return allGood
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }
}

@Suite("Regex: runaway backtracking answers as RE2 does")
struct RegexLimitTests {
    @Test func catastrophicBacktrackingAnswersNoMatch() throws {
        #expect(try !RulesRegex.matches("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", pattern: "(a+)+$"))
        // The issue's example: 22 a's and a 'b' is "no match" in production, so `!matches` allows.
        #expect(try !RulesRegex.matches(String(repeating: "a", count: 22) + "b", pattern: "(a+)+$"))
    }

    @Test func catastrophicBacktrackingCanStillMatch() throws {
        // The first alternative backtracks past the limit before the second is tried.
        #expect(try RulesRegex.matches(String(repeating: "x", count: 30) + "z", pattern: "(x+x+)+y|.*"))
        #expect(try !RulesRegex.matches(String(repeating: "x", count: 30) + "z", pattern: "(x+x+)+y|x*"))
    }

    @Test func replaceAndSplitFindTheMatchAfterARunawayStart() throws {
        let subject = String(repeating: "x", count: 30) + "z" + "xxy" + String(repeating: "x", count: 30) + "z"
        #expect(try RulesRegex.replace(subject, pattern: "(x+x+)+y", replacement: "[$1]")
            == String(repeating: "x", count: 30) + "z[xx]" + String(repeating: "x", count: 30) + "z")
        #expect(try RulesRegex.split(subject, pattern: "(x+x+)+y")
            == [String(repeating: "x", count: 30) + "z", String(repeating: "x", count: 30) + "z"])
    }

    /// The longest object name Cloud Storage accepts is 1,024 bytes.
    @Test func catastrophicBacktrackingOnTheLongestObjectName() throws {
        let subject = String(repeating: "a", count: 1_023) + "!"
        #expect(try !RulesRegex.matches(subject, pattern: "(a+)+$"))
        #expect(try RulesRegex.replace(subject, pattern: "(a+)+$", replacement: "") == subject)
        #expect(try RulesRegex.split(subject, pattern: "(a+)+$") == [subject])
    }

    static let limitPrefix = "Regular expression evaluation exceeded its limits."

    func expectLimitError(_ body: () throws(EvalError) -> Void) {
        do {
            try body()
            Issue.record("expected a limit error")
        } catch {
            #expect(error.message.hasPrefix(Self.limitPrefix), "\(error.message)")
        }
    }

    /// Far beyond object names, the DFA's bounded work runs out too: an error, never a hang.
    @Test func catastrophicBacktrackingOnAHugeInputFailsInsteadOfHanging() {
        let subject = String(repeating: "a", count: 100_000) + "!"
        expectLimitError { () throws(EvalError) in _ = try RulesRegex.matches(subject, pattern: "(a+)+$") }
        expectLimitError { () throws(EvalError) in _ = try RulesRegex.replace(subject, pattern: "(a+)+$", replacement: "") }
        expectLimitError { () throws(EvalError) in _ = try RulesRegex.split(subject, pattern: "(a+)+$") }
    }

    @Test("nested quantifiers are found", arguments: [
        ("(a+)+$", true), ("(a|b*)*", true), ("(?:x{2,})+", true), ("((ab)*c)+", true), ("(a+){2,5}", true),
        ("(a+)?", false), ("(a+){1}", false), ("(ab)+", false), ("a+b+", false), ("[(a+)]+", false), ("\\(a+\\)+", false),
        ("image/.*", false), ("(a{2})+", false),
        // A quantified escape or class is a repetition too.
        ("(\\d+)+", true), ("([a-z]+)+", true), ("(x[0-9]*)*", true), ("(\\d)+", false), ("([a-z])+", false),
        // Characters of several bytes are one atom each.
        ("(é+)+", true), ("(\\é+)+", true), ("(é)+", false), ("[é(]+", false), ("\\é+", false), ("(ü|ö*)*", true),
    ])
    func nestedQuantifiers(_ pattern: String, _ expected: Bool) {
        #expect(RulesRegex.hasNestedQuantifiers(pattern) == expected, "\(pattern)")
    }

    /// 100 KB is far beyond the strings requests carry (object names are at most 1 KiB).
    @Test func longInputsWithoutBacktrackingStillMatch() throws {
        let subject = String(repeating: "ab", count: 50_000)
        #expect(try RulesRegex.matches(subject, pattern: "(ab)*"))
        #expect(try RulesRegex.matches(subject, pattern: "(?:a|b)*"))
        #expect(try RulesRegex.matches(subject, pattern: "[ab]*"))
        #expect(try RulesRegex.split(subject, pattern: "b").count == 50_000)
        #expect(try RulesRegex.replace(subject, pattern: "(a)(b)", replacement: "$2$1").hasPrefix("baba"))
    }
}

@Suite("Regex: split and replace")
struct RegexSplitReplaceTests {
    struct SplitCase: Sendable, CustomTestStringConvertible {
        var subject: String
        var pattern: String
        var expected: [String]
        var testDescription: String { "'\(subject)'.split('\(pattern)')" }
    }

    static let splits: [SplitCase] = [
        SplitCase(subject: "a/b/c", pattern: "/", expected: ["a", "b", "c"]),
        SplitCase(subject: "a,b,,", pattern: ",", expected: ["a", "b"]),
        SplitCase(subject: ",a,", pattern: ",", expected: ["", "a"]),
        SplitCase(subject: ",", pattern: ",", expected: []),
        SplitCase(subject: "", pattern: ",", expected: [""]),
        SplitCase(subject: "", pattern: "", expected: [""]),
        SplitCase(subject: "abc", pattern: "", expected: ["a", "b", "c"]),
        SplitCase(subject: "a😀b", pattern: "", expected: ["a", "😀", "b"]),
        SplitCase(subject: "aXbXc", pattern: "x", expected: ["aXbXc"]),
        SplitCase(subject: "boo:and:foo", pattern: "o", expected: ["b", "", ":and:f"]),
        SplitCase(subject: "boo:and:foo", pattern: ":", expected: ["boo", "and", "foo"]),
        SplitCase(subject: "a1b22c333", pattern: "\\d+", expected: ["a", "b", "c"]),
        SplitCase(subject: "a-b-c.png", pattern: "-", expected: ["a", "b", "c.png"]),
        SplitCase(subject: "abc", pattern: "^", expected: ["abc"]),
        // Java's find() allows an empty match right after a non-empty one.
        SplitCase(subject: "a b  c", pattern: "\\s*", expected: ["a", "", "b", "", "c"]),
    ]

    @Test(arguments: splits)
    func javaSplit(_ testCase: SplitCase) throws {
        #expect(try RulesRegex.split(testCase.subject, pattern: testCase.pattern) == testCase.expected)
    }

    struct ReplaceCase: Sendable, CustomTestStringConvertible {
        var subject: String
        var pattern: String
        var replacement: String
        var expected: String
        var testDescription: String { "'\(subject)'.replace('\(pattern)', '\(replacement)')" }
    }

    static let replacements: [ReplaceCase] = [
        ReplaceCase(subject: "banana", pattern: "a", replacement: "o", expected: "bonono"),
        ReplaceCase(subject: "banana", pattern: "ana", replacement: "ee", expected: "beena"),
        ReplaceCase(subject: "foo@test.com", pattern: ".", replacement: "-", expected: "------------"),
        ReplaceCase(subject: "a.b", pattern: ".", replacement: "-", expected: "---"),
        ReplaceCase(subject: "ab", pattern: "(a)", replacement: "$1$1", expected: "aab"),
        ReplaceCase(subject: "ab", pattern: "(a)", replacement: "$0-$1", expected: "a-ab"),
        ReplaceCase(subject: "ab", pattern: "(a)", replacement: "$10", expected: "a0b"),
        ReplaceCase(subject: "abcdefghijk", pattern: "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", replacement: "$11$10", expected: "kj"),
        ReplaceCase(subject: "ab", pattern: "(?P<first>a)", replacement: "<${first}>", expected: "<a>b"),
        ReplaceCase(subject: "ab", pattern: "(?<first>a)", replacement: "${first}${first}", expected: "aab"),
        ReplaceCase(subject: "ab", pattern: "a", replacement: "\\$", expected: "$b"),
        ReplaceCase(subject: "ab", pattern: "a", replacement: "\\\\", expected: "\\b"),
        ReplaceCase(subject: "ab", pattern: "a", replacement: "\\x", expected: "xb"),
        ReplaceCase(subject: "ab", pattern: "(x)?a", replacement: "[$1]", expected: "[]b"),
        ReplaceCase(subject: "abc", pattern: "", replacement: "-", expected: "-a-b-c-"),
        ReplaceCase(subject: "abc", pattern: "b*", replacement: "-", expected: "-a--c-"),
        ReplaceCase(subject: "aaa", pattern: "a*", replacement: "X", expected: "XX"),
        ReplaceCase(subject: "a😀", pattern: "", replacement: "-", expected: "-a-😀-"),
        ReplaceCase(subject: "", pattern: "", replacement: "-", expected: "-"),
        ReplaceCase(subject: "hello", pattern: "l+", replacement: "[$0]", expected: "he[ll]o"),
        ReplaceCase(subject: "héllo wörld", pattern: "[éö]", replacement: "_", expected: "h_llo w_rld"),
        ReplaceCase(subject: "abc", pattern: "x", replacement: "$", expected: "abc"),
        ReplaceCase(subject: "abc", pattern: "x", replacement: "\\", expected: "abc"),
        ReplaceCase(subject: "Hello", pattern: "(?i)h", replacement: "J", expected: "Jello"),
        ReplaceCase(subject: "path/to/file", pattern: "/", replacement: "\\\\", expected: "path\\to\\file"),
    ]

    @Test(arguments: replacements)
    func javaReplaceAll(_ testCase: ReplaceCase) throws {
        let result = try RulesRegex.replace(testCase.subject, pattern: testCase.pattern, replacement: testCase.replacement)
        #expect(result == testCase.expected)
    }

    static let badTemplates: [(String, String, String)] = [
        ("a", "$&", "Invalid replacement string: Illegal group reference."),
        ("a", "$x", "Invalid replacement string: Illegal group reference."),
        ("a", "$", "Invalid replacement string: Illegal group reference: group index is missing."),
        ("a", "x\\", "Invalid replacement string: character to be escaped is missing."),
        ("a", "$1", "Invalid replacement string: No group 1."),
        ("(a)", "$2", "Invalid replacement string: No group 2."),
        ("(?P<n>a)", "${m}", "Invalid replacement string: No group with name {m}."),
        ("(?P<n>a)", "${}", "Invalid replacement string: named capturing group has 0 length name."),
        ("(?P<n>a)", "${n", "Invalid replacement string: named capturing group is missing trailing '}'."),
        ("(?P<n>a)", "${1n}", "Invalid replacement string: capturing group name {1n} starts with digit character."),
    ]

    @Test(arguments: badTemplates)
    func badReplacementTemplates(pattern: String, template: String, message: String) {
        #expect(throws: EvalError(message)) { try RulesRegex.replace("abc", pattern: pattern, replacement: template) }
    }
}

@Suite("Regex: plain patterns answered by byte comparison")
struct LiteralPatternTests {
    static let plain = [
        "", ".*", "image/.*", "image/png", "text/plain", "a-b_c:d;e,f'g\"h", "é.*", "x y.*", "A.*", "e\u{301}",
        "image/(png|jpeg|gif|webp)", "(?:image|text)/.*", "a|b", "a|b.*|", "(a|)b", "x(|y).*", "a(b|c)d|e", "()",
        "image/(png|jpeg)|text/(plain|html).*",
    ]
    static let notPlain = [
        "image/.+", "image\\/.*", "a.*b", "a..*", "a*.*", "(?i)image/.*", "[a].*", "^a", "a$", "a{2}", ".*.*",
        "a\\.*", "(?s).*", "image/*", "a(b(c))", "(?i:a|b)", "(?P<n>a)", "(a)*", "(a)(b)", "(a.*)", "(a|b)+", "((a|b))", "a(b|c)(d|e)",
    ]
    static let subjects = [
        "", "image", "image/", "image/png", "image/png\n", "image/\npng", "Image/png", "text/plain", "text/plainx",
        "x y", "x yz", "é", "éa", "e\u{301}", "a-b_c:d;e,f'g\"h", "\n", "A", "A\r", "image/png\u{0}",
        "image/gif", "image/webp", "image/jpe", "text/html", "text/htmlx", "text/html\n", "a", "b", "bb", "c", "abd",
        "acd", "e", "ad", "xy", "xyz", "x", "ab",
    ]

    @Test(arguments: plain)
    func plainPatternsHaveALiteralShape(pattern: String) throws {
        let regex = try #require(RulesRegex.wholeMatchRegex(pattern))
        #expect(regex.literal != nil)
    }

    @Test(arguments: notPlain)
    func otherPatternsGoToPCRE2(pattern: String) throws {
        let regex = try #require(RulesRegex.wholeMatchRegex(pattern), "\(pattern)")
        #expect(regex.literal == nil)
    }

    /// The byte comparison answers exactly what PCRE2, compiled for RE2's meaning, answers.
    @Test(arguments: plain + notPlain)
    func bytesAgreeWithPCRE2(pattern: String) throws {
        let regex = try #require(RulesRegex.wholeMatchRegex(pattern))
        for subject in Self.subjects {
            var text = subject
            let expected = try text.withUTF8 { bytes in try regex.hasMatch(in: bytes, from: 0) }
            #expect(try RulesRegex.matches(subject, regex: regex) == expected, "\(pattern) on \(subject.debugDescription)")
        }
    }
}
