import RulesEngine
import RulesSyntax
import Testing

/// Compile-time checks and limits (spec §2.9, §5).
struct CheckerTests {
    static func diagnostics(_ text: String) -> [Diagnostic] {
        CompiledRuleset.compile(text).diagnostics
    }

    static func ids(_ text: String) -> [String] { diagnostics(text).map(\.id) }

    static func functionChain(_ count: Int) -> String {
        var functions = ""
        for index in 1..<count { functions += "function f\(index)() { return f\(index + 1)(); }\n" }
        functions += "function f\(count)() { return true; }\n"
        return "rules_version = '2';\n" + functions
            + "service firebase.storage { match /b/{bucket}/o/{f} { allow get: if f1(); } }"
    }

    @Test func callChainsOf21CompileAnd22AreRejected() {
        #expect(!Self.ids(Self.functionChain(21)).contains("check.call-depth"))
        let rejected = Self.diagnostics(Self.functionChain(22)).filter { $0.id == "check.call-depth" }
        #expect(rejected.count == 1)
        let names = (1...21).map { "f\($0)" }.joined(separator: "->")
        #expect(rejected.first?.message == "Maximum allowed call depth of 20 is reached for [\(names)] call stack.")
    }

    @Test func uncalledChainsAreCheckedToo() {
        let text = Self.functionChain(22).replacingOccurrences(of: "allow get: if f1();", with: "allow get;")
        #expect(Self.ids(text).contains("check.call-depth"))
    }

    @Test func recursionIsRejected() {
        let text = """
            rules_version = '2';
            function a(n) { return b(n); }
            function b(n) { return a(n); }
            service firebase.storage { match /b/{bucket}/o/{f} { allow get: if a(1); } }
            """
        #expect(Self.ids(text).contains("check.recursion"))
        #expect(CompiledRuleset.compile(text).ruleset == nil)
    }

    static func lets(_ count: Int) -> String {
        let bindings = (0..<count).map { "let v\($0) = \($0);" }.joined(separator: " ")
        let sum = (0..<count).map { "v\($0)" }.joined(separator: " + ")
        return "rules_version = '2'; service firebase.storage { match /b/{bucket}/o/{f} { function g() { \(bindings) return \(sum) > 0; } allow get: if g(); } }"
    }

    @Test func elevenLetsCompileTwelveAreRejected() {
        #expect(!Self.ids(Self.lets(11)).contains("check.too-many-lets"))
        let rejected = Self.diagnostics(Self.lets(12)).first { $0.id == "check.too-many-lets" }
        #expect(rejected?.message == "Maximum allowed variable count of 10 for a given function has been reached.")
    }

    static func andChain(_ terms: Int) -> String {
        var expression = "request.time != null"
        for _ in 1..<terms { expression = "request.time != null && (\(expression))" }
        return Engine.storageRules("match /{f} { allow get: if \(expression); }")
    }

    static func parentheses(_ count: Int) -> String {
        let expression = String(repeating: "(", count: count) + "1 == 1" + String(repeating: ")", count: count)
        return Engine.storageRules("match /{f} { allow get: if \(expression); }")
    }

    @Test func expressionComplexityLimits() {
        #expect(!Self.ids(Self.andChain(49)).contains("check.too-complex"))
        #expect(Self.ids(Self.andChain(50)).contains("check.too-complex"))
        #expect(!Self.ids(Self.parentheses(97)).contains("check.too-complex"))
        let rejected = Self.diagnostics(Self.parentheses(98)).first { $0.id == "check.too-complex" }
        #expect(rejected?.message == "Expression is too complex to evaluate safely.")
    }

    static func parenthesized(_ count: Int, _ expression: String) -> String {
        let nested = String(repeating: "(", count: count) + expression + String(repeating: ")", count: count)
        return Engine.storageRules("function f() { return true; } match /{file} { allow get: if \(nested); }")
    }

    /// The deepest parentheses each expression compiles in: 99 levels, the
    /// root at 1, where parentheses, operators, literals' elements and a
    /// call's arguments add a level, and a member access, an index's or a
    /// method's base and a function's name add none (production compiles 97
    /// parentheses around `request.auth.uid == 'a'` and 98 around `true`).
    static let deepestParentheses: [(expression: String, parentheses: Int)] = [
        ("true", 98),
        ("request.auth.uid == 'a'", 97),
        ("request.auth.token.email.size() == 1", 97),
        ("f()", 98),
        ("math.abs(-1) == 1", 96),
        ("[[1]] == [1]", 95),
        ("{'a': {'b': 1}} == {}", 95),
        ("[1][0] == 1", 96),
        ("[1, 2][0 + 1] == 2", 95),
        ("'abc'[1:2] == 'b'", 96),
        ("!(1 == 1)", 95),
    ]

    @Test(arguments: deepestParentheses)
    func complexityCountsLevelsAsProductionDoes(expression: String, parentheses: Int) {
        #expect(!Self.ids(Self.parenthesized(parentheses, expression)).contains("check.too-complex"))
        #expect(Self.ids(Self.parenthesized(parentheses + 1, expression)).contains("check.too-complex"))
    }

    /// Nested calls of `id(x)` under a comparison: production compiles 97
    /// and reports 129 at the 99th call, the level where its argument sits.
    @Test func nestedCallsAddALevelEach() {
        func nested(_ count: Int) -> String {
            let call = String(repeating: "id(", count: count) + "1" + String(repeating: ")", count: count)
            return Engine.storageRules("function id(x) { return x; } match /{file} { allow get: if \(call) == 1; }")
        }
        #expect(!Self.ids(nested(97)).contains("check.too-complex"))
        #expect(Self.ids(nested(98)).contains("check.too-complex"))
    }

    @Test func version1GlobMustBeLast() {
        let text = "service firebase.storage { match /b/{bucket}/o { match /{a=**}/x { allow read; } } }"
        let error = Self.diagnostics(text).first { $0.id == "check.glob-not-last" }
        #expect(error?.message == "Invalid glob match expression. Glob matches are permitted as the last segment in a match declaration path.")
        #expect(!Self.ids("rules_version = '2';\n" + text).contains("check.glob-not-last"))
        #expect(Self.ids("rules_version = '2'; service firebase.storage { match /b/{bucket}/o/{a=**}/{b=**} { allow read; } }")
            .contains("check.multiple-globs"))
        // Under version 1 two globs, the second last, are one error at the first.
        let twoGlobs = "service firebase.storage { match /b/{bucket}/o/{a=**}/{b=**} { allow read; } }"
        let atFirst = Self.diagnostics(twoGlobs).filter { $0.id == "check.glob-not-last" || $0.id == "check.multiple-globs" }
        #expect(atFirst.map(\.id) == ["check.glob-not-last"])
        #expect(atFirst.first?.range.start == twoGlobs.utf8.count - "{a=**}/{b=**} { allow read; } }".utf8.count)
        // Under version 2 the second glob is the one reported.
        let twoGlobs2 = "rules_version = '2'; " + twoGlobs
        let atSecond = Self.diagnostics(twoGlobs2).first { $0.id == "check.multiple-globs" }
        #expect(atSecond?.range.start == twoGlobs2.utf8.count - "{b=**} { allow read; } }".utf8.count)
    }

    @Test func warnings() {
        let text = """
            function unused() { return true; }
            service firebase.storage {
              match /b/{bucket}/o/{f} {
                function helper() { let unusedLet = 1; let used = 2; return used == 2; }
                allow get: if helper() && nope() && math.isInfinite(1.0) && missing == 1 && f.lowr() == 'a';
              }
            }
            """
        let found = Self.diagnostics(text)
        let messages = Set(found.filter { $0.severity == .warning }.map(\.message))
        #expect(messages.isSuperset(of: [
            "Ruleset uses old version (version [1]). Please update to the latest version (version [2]).",
            "Unused function: unused.",
            "Unused variable: unusedLet.",
            "Invalid function name: nope.",
            "Invalid function name: math.isInfinite.",
            "Invalid variable name: missing.",
            "Invalid function name: lowr.",
        ]))
        #expect(!messages.contains("Unused function: helper."))
        #expect(!messages.contains("Unused variable: used."))
        #expect(CompiledRuleset.compile(text).ruleset != nil)
    }

    @Test func duplicateFunctionsAndUnknownServices() {
        let duplicate = "rules_version = '2'; service firebase.storage { function a() { return true; } function a() { return false; } match /b/{bucket}/o/{f} { allow get: if a(); } }"
        #expect(Self.ids(duplicate).contains("check.duplicate-function"))
        let firestore = "rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { allow read; } }"
        #expect(Self.ids(firestore).contains("check.unknown-service"))
    }

    @Test(arguments: [
        ("(?=a)b", "check.unsupported-regex"),
        ("(a)\\\\1", "check.unsupported-regex"),
        ("(?<=a)b", "check.unsupported-regex"),
        ("a*+", "check.invalid-regex"),
        ("(?!a)b", "check.unsupported-regex"),
        ("(?P<n>a)(?P=n)", "check.unsupported-regex"),
        ("a\\\\q", "check.invalid-regex"),
        ("(", "check.invalid-regex"),
        ("[a-", "check.invalid-regex"),
    ])
    func constantPatterns(_ pattern: String, _ id: String) {
        let text = Engine.storageRules("match /{f} { allow get: if f.matches('\(pattern)'); }")
        let found = Self.diagnostics(text).filter { $0.id.hasSuffix("-regex") }
        #expect(found.map(\.id) == [id], "\(pattern)")
        #expect(found.first?.message.hasPrefix("Invalid regular expression pattern. Pattern: ") == true)
    }

    @Test func nestedQuantifiersWarn() {
        let text = Engine.storageRules("match /{f} { allow get: if !f.matches('(a+)+$') && f.split('(x*)*').size() > 0; }")
        let found = Self.diagnostics(text).filter { $0.id == "check.nested-quantifier" }
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.first?.message.hasSuffix("Pattern: (a+)+$") == true)
    }

    @Test func validConstantPatternsAreQuiet() {
        let text = Engine.storageRules("match /{f} { allow get: if f.matches('image/.*') && f.split('[.]').size() > 0 && f.replace('(a)', '$1') != ''; }")
        #expect(Self.ids(text) == [])
    }

    @Test func firestoreStylePathsUnderStorageAreFlagged() {
        let text = "rules_version = '2'; service firebase.storage { match /databases/{database}/documents { match /{document=**} { allow read, write: if true; } } }"
        let result = CompiledRuleset.compile(text)
        #expect(result.ruleset != nil)
        #expect(result.diagnostics.map(\.id) == ["check.unreachable-match"])
    }
}
