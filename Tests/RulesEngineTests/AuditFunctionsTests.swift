import RulesEngine
import RulesSyntax
import Testing

/// Audit of functions and scoping (§2.8), Firestore lookups (§4.4) and the
/// compile-time limits and warnings of §5.1/§5.2.
struct AuditFunctionsTests {
    static func rules(_ body: String, top: String = "") -> String {
        "rules_version = '2';\n\(top)\nservice firebase.storage {\n match /b/{bucket}/o {\n\(body)\n }\n}\n"
    }

    static func firstOutcome(_ text: String, _ method: RuleMethod = .get, _ path: String = "f/x",
                             documents: (any DocumentSource)? = nil,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Outcome? {
        Engine.decide(text, method, path, documents: documents, sourceLocation: sourceLocation)?.allows.first?.outcome
    }

    static func messages(_ text: String, _ severity: Severity) -> Set<String> {
        Set(CompiledRuleset.compile(text).diagnostics.filter { $0.severity == severity }.map(\.message))
    }

    @Test func userFunctionsShadowBuiltins() {
        let text = Self.rules("""
            function int(x) { return 5; }
            function string(x) { return 'mine'; }
            match /f/{f} { allow get: if int('3') == 5 && string(1) == 'mine'; }
            """)
        Engine.expect(Self.firstOutcome(text), .true, "shadowed int/string")
        let bool = Self.rules("function bool(x) { return x == 'yes'; }\n match /f/{f} { allow get: if bool('yes'); }")
        Engine.expect(Self.firstOutcome(bool), .true, "user bool")
    }

    @Test func letsSeeEarlierLetsAndParameters() {
        let text = Self.rules("""
            function f(a) { let b = a + 1; let c = b * 2; return c == 6 && b == 3; }
            match /f/{f} { allow get: if f(2); }
            """)
        Engine.expect(Self.firstOutcome(text), .true, "lets chain")
        let shadow = Self.rules("""
            function g(request) { return request == 1; }
            match /f/{f} { allow get: if g(1); }
            """)
        Engine.expect(Self.firstOutcome(shadow), .true, "parameter shadows a global")
    }

    @Test func functionsSeeCapturesOfTheirDeclarationSite() {
        let text = Self.rules("""
            match /{folder}/{file} {
              function both() { return folder == 'f' && file == 'x' && bucket == 'B'; }
              allow get: if both();
            }
            """)
        Engine.expect(Self.firstOutcome(text), .true, "enclosing captures")
    }

    @Test func siblingAndInnerFunctionsAreInvisible() {
        let text = Self.rules("""
            function outer() { return inner(); }
            match /f/{f} {
              function inner() { return true; }
              allow get: if outer();
            }
            match /g/{g} {
              function sibling() { return true; }
              allow get: if sibling();
            }
            match /f/{h} { allow list: if sibling(); }
            """)
        Engine.expect(Self.firstOutcome(text), .error("Function not found error: Name: [inner]."), "inner from outer")
        Engine.expect(Self.firstOutcome(text, .list), .error("Function not found error: Name: [sibling]."), "sibling")
        let warnings = Self.messages(text, .warning)
        #expect(warnings.contains("Invalid function name: inner."))
        #expect(warnings.contains("Invalid function name: sibling."))
        #expect(CompiledRuleset.compile(text).ruleset != nil)
    }

    /// §2.8 declaration-site scoping: a file-level function cannot see the
    /// service block's functions; checker and evaluator agree.
    @Test func fileFunctionsCannotSeeServiceFunctions() {
        let text = """
            rules_version = '2';
            function top() { return svc(); }
            service firebase.storage {
              function svc() { return true; }
              function viaService() { return top2(); }
              match /b/{bucket}/o/{f} { allow get: if top(); allow list: if viaService(); }
            }
            function top2() { return true; }
            """
        Engine.expect(Self.firstOutcome(text), .error("Function not found error: Name: [svc]."), "file -> service")
        Engine.expect(Self.firstOutcome(text, .list), .true, "service -> file")
        #expect(Self.messages(text, .warning).contains("Invalid function name: svc."))
    }

    @Test func arityErrorsListTheDeclaration() {
        let text = Self.rules("""
            function pair(a, b) { return a == b; }
            function none() { return true; }
            match /f/{f} { allow get: if pair(1); allow list: if none(1); }
            """)
        Engine.expect(Self.firstOutcome(text), .error("Incorrect number of arguments. Received: 1. Expected: pair(a, b)."), "pair")
        Engine.expect(Self.firstOutcome(text, .list), .error("Incorrect number of arguments. Received: 1. Expected: none()."), "none")
    }

    @Test func builtinArityAndTypeErrors() {
        let cases: [(String, Expected)] = [
            ("int(1, 2) == 1", .error("Incorrect number of arguments. Received: 2. Expected: int(int), int(float), int(string).")),
            ("int(true) == 1", .error("Unsupported operation error. Received: int(bool). Expected: int(int), int(float), int(string).")),
            ("int(null) == 1", .error("Unsupported operation error. Received: int(null). Expected: int(int), int(float), int(string).")),
            ("string([1]) == ''", .error("Unsupported operation error. Received: string(list). Expected: string(int), string(float), string(null), string(string), string(bool), string(path).")),
            ("string(b'a') == ''", .error("Unsupported operation error. Received: string(bytes). Expected: string(int), string(float), string(null), string(string), string(bool), string(path).")),
            ("math.sqrt() == 1", .error("Incorrect number of arguments. Received: 0. Expected: math.sqrt(float).")),
            ("math.pow(2, 'a') == 1", .error("Unsupported operation error. Received: math.pow(int, string). Expected: math.pow(float, float).")),
            ("hashing.md5(1) == b''", .error("Unsupported operation error. Received: hashing.md5(int). Expected: hashing.md5(bytes), hashing.md5(string).")),
            ("(1).lower() == ''", .error("Function not found error: Name: [lower].")),
            ("(1).hours() == 1", .error("Function not found error: Name: [hours].")),
            ("{'a': 1}.hasAll(['a'])", .error("Function not found error: Name: [hasAll].")),
            ("['a'].difference(['a'].toSet()).size() == 0", .error("Function not found error: Name: [difference].")),
            ("['a'].toSet().union(['b']).size() == 2", .error("Unsupported operation error. Received: set.union(list). Expected: set.union(set).")),
            ("['a'].toSet().intersection(['b']).size() == 0", .error("Unsupported operation error. Received: set.intersection(list). Expected: set.intersection(set).")),
            ("get(/a/b) == null", .error("Function not found error: Name: [get].")),
            ("exists(/a/b)", .error("Function not found error: Name: [exists].")),
            ("bool('true')", .error("Function not found error: Name: [bool].")),
            ("math.isInfinite(1.0) == false", .error("Function not found error: Name: [math.isInfinite].")),
            ("duration.value(1, 'y') == duration.value(1, 's')", .error(nil)),
            ("timestamp.value(0).foo() == 1", .error("Function not found error: Name: [foo].")),
            ("null.size() == 0", .error("Null value error.")),
        ]
        for (expression, expected) in cases {
            Engine.expect(Engine.outcome(of: expression), expected, expression)
        }
    }

    // MARK: Firestore lookups

    static let documents = InMemoryDocuments([
        "users/alice": RulesMap(["uid": "alice", "count": 7, "tags": .list(["a"])]),
        "a/1": RulesMap(), "a/2": RulesMap(), "a/3": RulesMap(),
    ])

    static let firestoreCases: [(String, Expected)] = [
        ("firestore.get(/databases/(default)/documents/users/alice).data.uid == 'alice'", .true),
        ("firestore.get(/databases/(default)/documents/users/alice).data.count == 7", .true),
        ("firestore.get(/databases/(default)/documents/users/alice).data.count == '7'", .false),
        ("firestore.get(/databases/(default)/documents/users/alice).data.missing == null",
         .error("Property missing is undefined on object.")),
        ("firestore.get(/databases/(default)/documents/users/bob) == null", .true),
        ("firestore.get(/databases/(default)/documents/users/bob).data.uid == 'bob'", .error("Null value error.")),
        ("!firestore.exists(/databases/(default)/documents/users/bob)", .true),
        ("firestore.exists(/databases/(default)/documents/users/alice)", .true),
        ("firestore.exists(/databases/$('(default)')/documents/users/$('alice'))", .true),
        // get + exists of the same document count once; repeats are free.
        ("firestore.get(/databases/(default)/documents/a/1) != null && firestore.exists(/databases/(default)/documents/a/1) && firestore.exists(/databases/(default)/documents/a/2)", .true),
        ("firestore.exists(/databases/(default)/documents/a/1) && firestore.exists(/databases/(default)/documents/a/2) && firestore.exists(/databases/(default)/documents/a/1) && firestore.get(/databases/(default)/documents/a/2) != null", .true),
        ("firestore.exists(/databases/(default)/documents/a/1) && firestore.exists(/databases/(default)/documents/a/2) && firestore.exists(/databases/(default)/documents/a/3)", .error(nil)),
        // Missing documents count too.
        ("!firestore.exists(/databases/(default)/documents/m/1) && !firestore.exists(/databases/(default)/documents/m/2) && firestore.exists(/databases/(default)/documents/a/1)", .error(nil)),
        // Short-circuited lookups do not count.
        ("(true || firestore.exists(/databases/(default)/documents/a/3)) && firestore.exists(/databases/(default)/documents/a/1) && firestore.exists(/databases/(default)/documents/a/2)", .true),
        ("(false && firestore.exists(/databases/(default)/documents/a/3)) || (firestore.exists(/databases/(default)/documents/a/1) && firestore.exists(/databases/(default)/documents/a/2))", .true),
        ("(true ? true : firestore.exists(/databases/(default)/documents/a/3)) && firestore.exists(/databases/(default)/documents/a/1) && firestore.exists(/databases/(default)/documents/a/2)", .true),
        // Only the default database.
        ("firestore.exists(/databases/named/documents/a/1)", .error(nil)),
        ("firestore.get(/databases/named/documents/a/1) == null", .error(nil)),
        ("firestore.get('/databases/(default)/documents/a/1') == null", .error(nil)),
    ]

    @Test(arguments: firestoreCases)
    func firestore(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression, documents: Self.documents), expected, expression)
    }

    @Test func lookupBudgetSpansAllowStatements() {
        let text = Self.rules("""
            match /f/{f} {
              allow get: if firestore.exists(/databases/(default)/documents/a/1) && false;
              allow get: if firestore.exists(/databases/(default)/documents/a/2) && false;
              allow get: if firestore.exists(/databases/(default)/documents/a/3);
            }
            """)
        #expect(Engine.decide(text, .get, "f/x", documents: Self.documents)?.allowed == false)
    }

    // MARK: Compile-time limits and warnings

    @Test func limitMessagesAreVerbatim() {
        var chain = ""
        for index in 1..<22 { chain += "function f\(index)() { return f\(index + 1)(); }\n" }
        chain += "function f22() { return true; }\n"
        let deep = "rules_version = '2';\n" + chain + "service firebase.storage { match /b/{bucket}/o/{f} { allow get: if f1(); } }"
        let errors = Self.messages(deep, .error)
        #expect(errors.contains("Maximum allowed call depth of 20 is reached for [f1->f2->f3->f4->f5->f6->f7->f8->f9->f10->f11->f12->f13->f14->f15->f16->f17->f18->f19->f20->f21] call stack."), "\(errors)")
        #expect(CompiledRuleset.compile(deep).ruleset == nil)

        let lets = (1...12).map { "let v\($0) = \($0);" }.joined(separator: " ")
        let uses = (1...12).map { "v\($0)" }.joined(separator: " + ")
        let many = Self.rules("function f() { \(lets) return \(uses) > 0; }\n match /{f} { allow get: if f(); }")
        #expect(Self.messages(many, .error).contains("Maximum allowed variable count of 10 for a given function has been reached."))
        #expect(CompiledRuleset.compile(many).ruleset == nil)

        let complex = Self.rules("match /{f} { allow get: if " + String(repeating: "(", count: 98) + "1 == 1" + String(repeating: ")", count: 98) + "; }")
        #expect(Self.messages(complex, .error).contains("Expression is too complex to evaluate safely."))
    }

    @Test func recursionIsRejected() {
        let direct = Self.rules("function f() { return f(); }\n match /{x} { allow get: if f(); }")
        #expect(CompiledRuleset.compile(direct).ruleset == nil)
        let mutual = Self.rules("function a() { return b(); }\n function b() { return a(); }\n match /{x} { allow get: if a(); }")
        #expect(CompiledRuleset.compile(mutual).ruleset == nil)
        let uncalled = Self.rules("function a() { return b(); }\n function b() { return a(); }\n match /{x} { allow get: if true; }")
        #expect(CompiledRuleset.compile(uncalled).ruleset == nil)
    }

    @Test func warningsAreVerbatimAndDoNotBlockCompilation() {
        let text = """
            service firebase.storage {
              function unusedOne() { return true; }
              match /b/{bucket}/o/{f} {
                function g() { let prev = 1; return true; }
                allow get: if g() && x == 1 && exists(/a/b);
              }
            }
            """
        let warnings = Self.messages(text, .warning)
        for expected in [
            "Ruleset uses old version (version [1]). Please update to the latest version (version [2]).",
            "Unused function: unusedOne.",
            "Unused variable: prev.",
            "Invalid variable name: x.",
            "Invalid function name: exists.",
        ] {
            #expect(warnings.contains(expected), "\(expected) in \(warnings)")
        }
        #expect(CompiledRuleset.compile(text).ruleset != nil)
        let explicit1 = Self.messages("rules_version = '1'; service firebase.storage { match /b/{bucket}/o/{f} { allow get; } }", .warning)
        #expect(explicit1.contains("Ruleset uses old version (version [1]). Please update to the latest version (version [2])."))
        let v2 = Self.messages("rules_version = '2'; service firebase.storage { match /b/{bucket}/o/{f} { allow get; } }", .warning)
        #expect(v2.isEmpty, "\(v2)")
        let doubleQuoted = Self.messages("rules_version = \"2\"; service firebase.storage { match /b/{bucket}/o/{f} { allow get; } }", .warning)
        #expect(doubleQuoted.isEmpty, "\(doubleQuoted)")
    }

    /// §2.9: functions no rule reaches are checked without a rule context.
    @Test func uncalledFunctionsHaveNoRequest() {
        let text = Self.rules("""
            function uncalled() { return request.auth != null && helper(); }
            function helper() { return resource == null; }
            function called() { return shared() && request.auth == null; }
            function shared() { return request.time != null; }
            match /f/{f} { allow get: if called(); }
            """)
        let warnings = CompiledRuleset.compile(text).diagnostics.filter { $0.severity == .warning }
        let invalid = warnings.filter { $0.message.hasPrefix("Invalid variable name: ") }.map(\.message)
        #expect(invalid.sorted() == ["Invalid variable name: request.", "Invalid variable name: resource."], "\(invalid)")
        #expect(warnings.map(\.message).contains("Unused function: uncalled."))
        #expect(!warnings.map(\.message).contains("Unused function: helper."))
        Engine.expect(Self.firstOutcome(text), .true, "called chain still sees request")
    }

    /// §5.2: comparisons of statically different types always hold.
    @Test func notComparableWarning() {
        let warning = "The sub-expressions are not comparable, so this comparison will always return true."
        let text = Self.rules("match /{f} { allow get: if latlng.value(0.0, 0.0) != null; }")
        #expect(Self.messages(text, .warning) == [warning])
        Engine.expect(Self.firstOutcome(text, .get, "f"), .true, "still evaluates")
        for quiet in ["request.auth != null", "1 != 1.0", "resource.size != 'a'", "timestamp.value(0) != request.time", "f != null"] {
            let rules = Self.rules("match /{f} { allow get: if \(quiet); }")
            #expect(!Self.messages(rules, .warning).contains(warning), "\(quiet)")
        }
        for loud in ["1 != 'a'", "duration.value(1, 's') != timestamp.value(0)", "(1 < 2) != null", "[1] != {}"] {
            let rules = Self.rules("match /{f} { allow get: if \(loud); }")
            #expect(Self.messages(rules, .warning).contains(warning), "\(loud)")
        }
    }

    /// §3.5 / fact 19: a malformed constant pattern fails its condition at
    /// run time; the ruleset compiles and other conditions still grant.
    /// (Constructs RE2 does not support reject the ruleset: CheckerTests.)
    @Test func badConstantPatternsFailAtRunTime() {
        for pattern in ["(", "[a-", "a{2,1}"] {
            let text = Self.rules("match /f/{f} { allow get: if f.matches('\(pattern)') || true; allow list: if f.matches('\(pattern)'); }")
            let result = CompiledRuleset.compile(text)
            #expect(result.ruleset != nil, "\(pattern)")
            Engine.expect(Self.firstOutcome(text), .true, pattern)
            guard case .error(let error)? = Self.firstOutcome(text, .list) else {
                Issue.record("\(pattern): expected a run-time error")
                continue
            }
            #expect(error.message.hasPrefix("Invalid regular expression pattern. Pattern: "), "\(pattern)")
        }
    }

    @Test func duplicateMethodsCompile() {
        let text = Self.rules("match /f/{f} { allow read, get; allow get: if true; allow write, create, delete: if false; }")
        #expect(CompiledRuleset.compile(text).ruleset != nil)
    }
}
