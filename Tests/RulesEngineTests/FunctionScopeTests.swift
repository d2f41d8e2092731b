import RulesSyntax
import Testing

@testable import RulesEngine

/// Which function a call resolves to decides which declarations are
/// reported unused: scopes nest by match block, an inner declaration hides
/// an outer one of the same name, and file-level functions see only their
/// own level.
@Suite("Function scopes")
struct FunctionScopeTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var label: String
        var body: String
        /// The `Unused function` warnings, each with its line.
        var unused: [String]
        var testDescription: String { label }
    }

    static let examples: [Example] = [
        Example(label: "sibling blocks declare the same name; one uses its own", body: """
            match /a/{x} { function f() { return true; } allow read: if f(); }
            match /b/{x} { function f() { return true; } allow read: if true; }
            """, unused: ["f at 5"]),
        Example(label: "an inner declaration hides the outer one", body: """
            function f() { return true; }
            match /a/{x} { function f() { return false; } allow read: if f(); }
            """, unused: ["f at 4"]),
        Example(label: "an outer declaration is seen from nested blocks", body: """
            function f() { return true; }
            match /a/{x} { match /b/{y} { allow read: if f(); } }
            """, unused: []),
        Example(label: "a name declared twice in one block is one function", body: """
            match /a/{x} { function f() { return true; } function f() { return false; } allow read: if f(); }
            """, unused: []),
        Example(label: "a name declared twice and never called is reported at each declaration", body: """
            match /a/{x} { function f() { return true; } function f() { return false; } allow read: if true; }
            """, unused: ["f at 4", "f at 4"]),
        Example(label: "a function only an unused function calls counts as used", body: """
            function g() { return true; }
            function f() { return g(); }
            match /a/{x} { allow read: if true; }
            """, unused: ["f at 5"]),
        Example(label: "a block function is not seen from a sibling block", body: """
            match /a/{x} { function f() { return true; } allow read: if true; }
            match /b/{x} { allow read: if f(); }
            """, unused: ["f at 4"]),
        Example(label: "functions call each other across nesting levels", body: """
            function outer() { return true; }
            match /a/{x} {
              function middle() { return outer(); }
              match /b/{y} { function inner() { return middle(); } allow read: if inner(); }
            }
            """, unused: []),
    ]

    /// Calls resolve through the same scopes for the call-graph checks; a
    /// file-level function also sees the service block's functions there.
    @Test("recursion is found through the function each call resolves to", arguments: [
        ("function f() { return true; }\nservice firebase.storage { match /b/{bucket}/o {\n"
            + "match /a/{x} { function f() { return g(); } function g() { return f(); } allow read: if f(); } } }",
         ["Recursive function calls are not allowed: [f->g->f]."]),
        ("function f() { return g(); }\nservice firebase.storage { function g() { return f(); }\n"
            + "match /b/{bucket}/o { allow read: if true; } }",
         ["Recursive function calls are not allowed: [f->g->f]."]),
        ("service firebase.storage { function f() { return true; }\n"
            + "match /b/{bucket}/o { match /a/{x} { function g() { return f(); } allow read: if g(); }\n"
            + "match /c/{x} { function f() { return g(); } allow read: if f(); } } }",
         []),
    ])
    func recursion(_ body: String, _ expected: [String]) {
        let result = CompiledRuleset.compile("rules_version = '2';\n" + body + "\n")
        #expect(result.diagnostics.filter { $0.id == "check.recursion" }.map(\.message) == expected, "\(result.diagnostics.map(\.message))")
    }

    @Test(arguments: examples)
    func unusedFunctions(_ example: Example) {
        let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
            + example.body + "\n  }\n}\n"
        let result = CompiledRuleset.compile(text)
        let unused = result.diagnostics.filter { $0.id == "check.unused-function" }.map { diagnostic in
            "\(diagnostic.message.dropFirst("Unused function: ".count).dropLast()) at \(result.source.location(of: diagnostic.range.start).line)"
        }
        #expect(unused == example.unused, "\(result.diagnostics.map(\.message))")
    }

    /// Scopes of more functions than are compared in turn find them through
    /// a table; either way the innermost declaration of the name answers.
    @Test(arguments: [
        ("outer/x", true), ("inner/x", true), ("small/x", true), ("outer-denied/x", false), ("inner-denied/x", false),
    ])
    func callsResolveInScopesOfManyFunctions(_ path: String, _ allowed: Bool) throws {
        let outer = (0..<40).map { "function f\($0)(x) { return x == \($0); }" }.joined(separator: "\n")
        let inner = (0..<40).map { "function f\($0)(x) { return x != \($0); }" }.joined(separator: "\n")
        let rules = Engine.storageRules("""
            \(outer)
            match /outer/{id} { allow get: if f37(37) && f3(3) && !f12(13); }
            match /outer-denied/{id} { allow get: if f37(37) && f39(38); }
            match /inner/{id} {
            \(inner)
              allow get: if f37(36) && f3(4) && !f12(12);
            }
            match /inner-denied/{id} {
            \(inner)
              allow get: if f0(1) && f39(39);
            }
            match /small/{id} { function f1(x) { return false; } allow get: if !f1(1) && f2(2); }
            """)
        let compiled = try #require(Engine.compile(rules))
        let decision = Engine.decideBothWays(compiled, AuthorizationRequest(
            method: .get, bucket: Engine.bucket, objectPath: path, time: Engine.time))
        #expect(decision.allowed == allowed, "\(decision.allows.map(\.outcome))")
    }

    /// The checker resolves calls in scopes of a few functions and of more
    /// than it compares in turn alike: every call finds its function (no
    /// unknown or unused function), and only an undeclared name is unknown.
    @Test(arguments: [3, 8, 9, 30])
    func checkerResolvesCallsInScopesOfAnySize(_ count: Int) {
        let functions = (0..<count).map { "function f\($0)(x) { return x == \($0); }" }.joined(separator: "\n")
        let calls = (0..<count).map { "f\($0)(\($0))" }.joined(separator: " && ")
        let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
            + "    match /a/{x} {\n\(functions)\n      allow read: if \(calls) && g(1);\n    }\n  }\n}\n"
        let diagnostics = CompiledRuleset.compile(text).diagnostics
        #expect(diagnostics.filter { $0.id == "check.unused-function" }.isEmpty, "\(diagnostics.map(\.message))")
        #expect(diagnostics.filter { $0.id == "check.invalid-function" }.map(\.message) == [CheckMessages.invalidFunction("g")])
    }

    /// Calls without arguments share one compiled closure per function:
    /// functions of one name in different scopes keep their own, and every
    /// call site decides as the tree walker does.
    @Test(arguments: [("a/x", true), ("b/x", false), ("c/x", true)])
    func argumentlessCallsShareTheirOwnFunctionsClosure(_ path: String, _ allowed: Bool) throws {
        let rules = Engine.storageRules("""
            function ok() { return request.auth == null; }
            match /a/{id} { function ok() { return id == 'x'; } allow get: if ok() && ok(); }
            match /b/{id} { function ok() { return id == 'y'; } allow get: if ok() || ok(); }
            match /c/{id} { allow get: if ok() && ok(); }
            """)
        let compiled = try #require(Engine.compile(rules))
        let decision = Engine.decideBothWays(compiled, AuthorizationRequest(
            method: .get, bucket: Engine.bucket, objectPath: path, time: Engine.time))
        #expect(decision.allowed == allowed, "\(path): \(decision.allows.map(\.outcome))")
    }
}
