import Foundation
import RulesEngine
import RulesSyntax
import Testing

/// Untraced decisions run conditions compiled to closures; traced ones walk
/// the syntax tree. Every outcome, message, binding and budget count must
/// be the same both ways (``Engine/decideBothWays(_:_:sourceLocation:)``).
@Suite struct CompiledConditionTests {
    // MARK: The corpus

    /// Object paths that reach every match block of a ruleset: each
    /// pattern under `/b/{bucket}/o` with its wildcards filled in.
    static func objectPaths(of ruleset: Ruleset) -> [String] {
        var paths: Set<String> = ["", "x", "users/alice/photo.png", "public/a/b/c.txt"]
        func visit(_ block: MatchBlock, prefix: [String]) {
            var segments = prefix
            var deep = prefix
            for segment in block.path.segments {
                switch segment.kind {
                case .literal(let text):
                    segments.append(text)
                    deep.append(text)
                case .single:
                    segments.append("alice")
                    deep.append("alice")
                case .recursive:
                    segments.append("photo.png")
                    deep.append(contentsOf: ["a", "b", "photo.jpg"])
                }
            }
            for candidate in [segments, deep] {
                // Drop the `/b/{bucket}/o` the top-level block usually spells.
                let object = candidate.count >= 3 && candidate[0] == "b" && candidate[2] == "o" ? Array(candidate.dropFirst(3)) : candidate
                paths.insert(object.joined(separator: "/"))
            }
            for child in block.matches { visit(child, prefix: segments) }
        }
        for block in ruleset.service?.matches ?? [] { visit(block, prefix: []) }
        return paths.sorted()
    }

    static let identities: [AuthIdentity?] = [
        nil,
        AuthIdentity(uid: "alice"),
        AuthIdentity(uid: "alice", token: [
            "email": .string("alice@example.com"), "email_verified": .bool(true), "admin": .bool(true),
            "firebase": .map(RulesMap(["sign_in_provider": .string("password")])),
        ]),
    ]

    static func object(_ path: String, contentType: String, size: Int64) -> Value {
        StorageObjectFields(
            name: path, bucket: Engine.bucket, size: size, contentType: contentType,
            metadata: ["owner": "alice", "visibility": "public"]
        ).requestResourceValue
    }

    @Test(arguments: Corpus.files)
    func corpusDecisionsAgree(_ name: String) {
        guard let compiled = CompiledRuleset.compile(Corpus.source(name)).ruleset else { return }
        let methods: [RuleMethod] = [.get, .list, .create, .update, .delete]
        for path in Self.objectPaths(of: compiled.ruleset) {
            for method in methods {
                for auth in Self.identities {
                    for (contentType, size) in [("image/png", Int64(2048)), ("application/pdf", Int64(20 * 1024 * 1024))] {
                        let stored = Self.object(path, contentType: contentType, size: size)
                        let request = AuthorizationRequest(
                            method: method, bucket: Engine.bucket, objectPath: path, auth: auth,
                            incoming: method == .create || method == .update ? stored : nil,
                            existing: method == .create || method == .list ? nil : stored,
                            time: Engine.time, documents: InMemoryDocuments(["users/alice": RulesMap(["role": .string("admin")])]))
                        _ = Engine.decideBothWays(compiled, request)
                    }
                }
            }
        }
    }

    // MARK: Resolution corners

    static let corners: [(condition: String, functions: String)] = [
        // A `let` is evaluated once, on first read, and only when read.
        ("f()", "function f() { let unused = 1 / 0; return true; }"),
        ("f()", "function f() { let a = 1 / 0; return a == 1 || true; }"),
        ("f()", "function f() { let a = 1 / 0; return (a == 1 || true) && (a == 2 || true); }"),
        // A `let` shadows a parameter; a later `let` of a name replaces an earlier one.
        ("f(1)", "function f(x) { let x = 2; return x == 2; }"),
        ("f()", "function f() { let a = 1; let b = a; let a = 2; return b == 2; }"),
        // While a `let` is evaluated its own name means a wildcard or the request's binding.
        ("f()", "function f() { let path = path + 'x'; return path == 'x/yx'; }"),
        ("f()", "function f() { let resource = resource; return resource == null; }"),
        ("f()", "function f() { let nothing = nothing; return true && nothing; }"),
        // Namespaces lose to locals and wildcards of the same name.
        ("f(1)", "function f(math) { return math.abs(-1) == 1; }"),
        ("f()", "function f() { let math = {'abs': 1}; return math.abs(-1) == 1; }"),
        ("f()", "function f() { let math = math.abs(-3); return math == 3; }"),
        ("math.abs(-2) == 2", ""),
        ("math.nosuch(1)", ""),
        // Functions see the wildcards of the scope that declares them.
        ("g() && h()", "function g() { return bucket == 'B'; } function h() { return path == 'x/y'; }"),
        // Calls: arity, unknown names, nesting.
        ("f(1, 2)", "function f(a) { return a; }"),
        ("nosuch(1)", ""),
        ("f(f(f(1))) == 4", "function f(a) { return a + 1; }"),
        ("f(1 / 0)", "function f(a) { return true; }"),
        ("f(1) == 3", "function f(a) { let b = g(a); return b + 1; } function g(c) { let d = c + 1; return d; }"),
        // A `let` sees the parameters and the lets before it, the latest of a name.
        ("f(1)", "function f(n) { let m = n; let n = 5; return m == 1 && n == 5; }"),
        ("f()", "function f() { let b = a; let a = 1; return b == 1; }"),
        ("f()", "function f() { let b = path; let path = 'p'; return b == 'x/y' && path == 'p'; }"),
        ("f() == 3", "function f() { let x = 1; let y = x + 1; let x = y + 1; return x; }"),
        ("f()", "function f() { let math = 1; return math.abs(-2) == 2; }"),
        ("f()", "function f() { let a = math.abs(-2); let math = 1; return a == 2; }"),
        // `request` fields, members and shadowing.
        ("request.auth.uid == 'alice' && request.auth.token.email == 'alice@example.com'", ""),
        ("request.nosuch == 1", ""),
        ("request.auth.nosuch == 1", ""),
        ("f({'auth': null})", "function f(request) { return request.auth == null; }"),
        // Literals, constant folding, paths, errors absorbed or not.
        ("[1, 2, 'a'] == [1, 2, 'a'] && {'a': 1, 'b': [2]} == {'b': [2], 'a': 1}", ""),
        ("{1: 2} == null", ""),
        ("/a/$(bucket)/b/$(path) == /a/B/b/x/y && /p/{x} == path('/p/{x}')", ""),
        ("/a/$(1.5) == /a/b", ""),
        ("(((1))) == 1 && ((1 + 1)) == 2", ""),
        ("1 / 0 == 0 || true", ""),
        ("true && 1 / 0 == 0", ""),
        ("'abc'[1] == 'b' && [1, 2, 3][1:] == [2, 3] && 'abc'[:2] == 'ab'", ""),
        ("1 ? true : false", ""),
        ("(path is string) && !(bucket is int) && -(1) == -1", ""),
        ("'image/png'.matches('image/.*') && path.split('/').size() == 2", ""),
        ("null.size() == 0", ""),
        ("(1).nosuch()", ""),
    ]

    @Test(arguments: corners + booleanCorners)
    func resolutionCornersAgree(condition: String, functions: String) throws {
        let rules = Engine.storageRules("""
            \(functions)
            match /{path=**} { allow get, create: if \(condition); }
            """)
        let compiled = try #require(Engine.compile(rules))
        for auth in Self.identities {
            _ = Engine.decideBothWays(compiled, AuthorizationRequest(
                method: .get, bucket: Engine.bucket, objectPath: "x/y", auth: auth, time: Engine.time))
        }
    }

    /// Conditions compiled as tests (``CompiledRuleset/isAllowed(_:)``
    /// runs them; an explanation wraps their answer in a value): operands
    /// that are not booleans, functions that return booleans used as
    /// values, errors absorbed or not, every operator that gives a boolean.
    static let booleanCorners: [(condition: String, functions: String)] = [
        // Operands of `&&`, `||`, `!` and `?:` that are not booleans.
        ("1 && true", ""), ("true && 1", ""), ("false && 1", ""), ("1 || true", ""), ("false || 'a'", ""),
        ("(1 / 0 == 0) || 1", ""), ("1 || (1 / 0 == 0)", ""), ("!1", ""), ("!(1 / 0 == 0) || true", ""),
        ("'a' ? true : false", ""), ("true ? 1 : false", ""), ("false ? true : 'x' == 'x'", ""),
        ("true ? (false || true) : 1 / 0 == 0", ""), ("(true ? 1 : 2) == 1", ""),
        // Functions that return booleans, called where a value is wanted.
        ("f() == true && [f()] == [true]", "function f() { return 1 < 2; }"),
        ("f() + 1 == 2", "function f() { return true; }"),
        ("f(2) && !f(0)", "function f(x) { let y = x > 1; return y && x is int; }"),
        ("f(1, 2) || f(2, 1)", "function f(a, b) { return a < b; }"),
        ("f('x')", "function f(a) { return a > 1; }"),
        ("f(null)", "function f(a) { return a == null ? true : a.matches('x.*'); }"),
        ("g()", "function f(a) { return a; } function g() { return f(1 < 2) && f(true); }"),
        ("g()", "function f(a) { return a == 1; } function g() { return f(1) ? f(1) : f(2); }"),
        ("f()", "function f() { return (1 < 2); }"),
        ("f() || true", "function f() { let a = 1 / 0; return a == 1; }"),
        ("f(1, 2, 3)", "function f(a, b) { return a < b; }"),
        // Comparisons, membership, types and patterns.
        ("1 < 'a' || true", ""), ("'a' in ['a', 'b'] && !('c' in {'a': 1}) && 1 in [1.0]", ""),
        ("1 in 'abc'", ""), ("path is path && !(path is string)", ""),
        ("path.matches('x/.*') && !bucket.matches('b.*')", ""), ("resource.matches('x')", ""),
        ("(1).matches('x')", ""), ("path.matches('(')", ""), ("path.matches(1)", ""),
        ("request.resource == null && request.auth != null", ""), ("null == resource && resource == null", ""),
        ("1.0 / 0 > 1 && !(0.0 / 0 < 1) && !(0.0 / 0 >= 1)", ""),
        // A constant right operand: literal or folded, int or not.
        ("bucket == 'B' && bucket != 'b' && !(bucket == 1) && path != null", ""),
        ("path.size() < 4 && path.size() <= 2 * 1 && !(path.size() > 2) && path.size() >= -(1)", ""),
        ("path.size() < 2.5 && 2.5 > path.size() && path.size() >= 2.0", ""),
        ("bucket < 'C' && bucket >= ('A' + 'B')", ""), ("bucket < 1", ""), ("path < 3 || true", ""),
        ("(1 / 0) < 3 || path.size() > 1 / 0", ""), ("[1, 2] == [1, 2.0] && {'a': 1} != {'a': 2}", ""),
        ("request.time < timestamp.value(0) || request.time > duration.value(1, 's')", ""),
    ]

    /// `request.resource.<field>` and `resource.<field>` read the request's
    /// object in place: kept as an object's fields, written out as a plain
    /// map, absent, or not a map at all; and with `request` or `resource`
    /// meaning something else (a wildcard, a parameter).
    @Test func objectFieldsReadInPlaceAgree() throws {
        let rules = Engine.storageRules("""
            function f(resource) { return resource.size == 3; }
            function g(request) { return request.resource.size == 3; }
            match /{path=**} {
              allow get, create: if request.resource.size < 5 && request.resource.contentType.matches('image/.*')
                && resource.name == path && resource.size == 7 && resource.nosuch == 1;
              allow update: if f({'size': 3}) && g({'resource': {'size': 3}}) && request.resource.metadata.owner == 'a';
            }
            match /r/{resource} { allow get: if resource.size == 1; }
            """)
        let compiled = try #require(Engine.compile(rules))
        let record = StorageObjectFields(name: "x/y", bucket: Engine.bucket, size: 2, contentType: "image/png").requestResourceValue
        let stored = StorageObjectFields(name: "x/y", bucket: Engine.bucket, size: 7, contentType: "image/png").resourceValue
        let plain = Value.map(RulesMap(["size": .int(2), "contentType": .string("image/gif"), "name": .string("x/y")]))
        let objects: [Value?] = [nil, .null, .int(1), record, stored, plain, .map(RulesMap(["metadata": .map(RulesMap(["owner": .string("a")]))]))]
        for method in [RuleMethod.get, .create, .update] {
            for path in ["x/y", "r/z"] {
                for incoming in objects {
                    for existing in objects {
                        _ = Engine.decideBothWays(compiled, AuthorizationRequest(
                            method: method, bucket: Engine.bucket, objectPath: path, incoming: incoming, existing: existing,
                            time: Engine.time))
                    }
                }
            }
        }
    }

    /// A request whose `incoming` or `existing` is replaced decides as one
    /// made with the new objects, and a copy taken before keeps deciding
    /// with the old ones: the request keeps each object's fields beside it.
    @Test func replacedObjectsAreReadAfresh() throws {
        let rules = Engine.storageRules("""
            match /{path=**} {
              allow create: if request.resource.size < 5 && request.resource.contentType.matches('image/.*');
              allow update: if resource.size == 7 && request.resource.size < 5;
            }
            """)
        let compiled = try #require(Engine.compile(rules))
        let small = StorageObjectFields(name: "x/y", bucket: Engine.bucket, size: 2, contentType: "image/png").requestResourceValue
        let large = StorageObjectFields(name: "x/y", bucket: Engine.bucket, size: 9, contentType: "image/png").requestResourceValue
        let stored = StorageObjectFields(name: "x/y", bucket: Engine.bucket, size: 7, contentType: "text/plain").resourceValue
        let plain = Value.map(RulesMap(["size": .int(2), "contentType": .string("image/gif")]))
        let objects: [Value?] = [nil, .int(1), small, large, stored, plain]
        for method in [RuleMethod.create, .update] {
            var request = AuthorizationRequest(
                method: method, bucket: Engine.bucket, objectPath: "x/y", incoming: small, existing: stored, time: Engine.time)
            let before = request
            let expected = compiled.isAllowed(before)
            for incoming in objects {
                for existing in objects {
                    request.incoming = incoming
                    request.existing = existing
                    let fresh = AuthorizationRequest(
                        method: method, bucket: Engine.bucket, objectPath: "x/y", incoming: incoming, existing: existing,
                        time: Engine.time)
                    #expect(
                        Engine.summary(of: Engine.decideBothWays(compiled, request)) == Engine.summary(of: compiled.authorize(fresh)))
                    #expect(compiled.isAllowed(request) == compiled.isAllowed(fresh))
                    #expect(compiled.isAllowed(before) == expected)
                }
            }
        }
    }

    @Test func wildcardsOfEveryLevelResolveInnermostFirst() throws {
        let rules = Engine.storageRules("""
            function top() { return bucket; }
            match /{a}/{b} {
              function mid() { return a + b + bucket; }
              match /{a}/{rest=**} {
                allow get: if a == 'z' && b == 'y' && mid() == 'xyB' && top() == 'B' && rest == path('w/v');
              }
            }
            """)
        let compiled = try #require(Engine.compile(rules))
        let decision = Engine.decideBothWays(compiled, AuthorizationRequest(
            method: .get, bucket: Engine.bucket, objectPath: "x/y/z/w/v", time: Engine.time))
        #expect(decision.allowed)
    }

    @Test func theBudgetRunsOutAtTheSameNodeBothWays() throws {
        // One call of f(1) counts 150 nodes (the call, 50 `==` with their
        // `a`, 49 `&&`) plus the `&&` joining calls, so the 1,000-node
        // budget runs out during the seventh call.
        let body = Array(repeating: "a == 1", count: 50).joined(separator: " && ")
        for calls in 5...8 {
            let condition = Array(repeating: "f(1)", count: calls).joined(separator: " && ")
            let rules = Engine.storageRules("""
                function f(a) { return \(body); }
                match /{path=**} { allow get: if \(condition) || g(); }
                function g() { let x = f(1); return x; }
                """)
            let compiled = try #require(Engine.compile(rules))
            let decision = Engine.decideBothWays(compiled, AuthorizationRequest(
                method: .get, bucket: Engine.bucket, objectPath: "x", time: Engine.time))
            #expect(decision.allowed == (calls <= 6), "\(calls) calls: \(Engine.summary(of: decision))")
        }
    }

    /// Names and calls read as values count their nodes as the tree walker
    /// does: for each kind, a list of copies runs out of the budget at the
    /// same copy both ways (every count is decided both ways, up to the
    /// first that fails; a list keeps the copies one level deep).
    @Test(arguments: [
        "a.size() == 1", "string(1) == '1'", "math.abs(-1) == 1", "f(a) == a", "(a) == 'x'", "request.auth == null",
        "g() == 1", "h(a, b) == b",
    ])
    func valueReadsCountTheirNodesBothWays(_ term: String) throws {
        var failedAt: Int?
        for copies in 100...1000 where failedAt == nil {
            let condition = "[" + Array(repeating: term, count: copies).joined(separator: ", ") + "].size() > 0"
            let rules = Engine.storageRules("""
                function f(x) { return x; }
                function g() { return 1; }
                function h(x, y) { return y; }
                match /{a}/{b} { allow get: if \(condition); }
                """)
            let compiled = try #require(Engine.compile(rules))
            let decision = Engine.decideBothWays(compiled, AuthorizationRequest(
                method: .get, bucket: Engine.bucket, objectPath: "x/y", time: Engine.time))
            if !decision.allowed { failedAt = copies }
        }
        let copies = try #require(failedAt, "the budget never ran out")
        #expect(copies > 100, "\(term): the first copy to fail is \(copies)")
    }

    /// Constant sub-expressions are folded when the ruleset compiles but
    /// still count their nodes. `(1 + 2 * 3 - 4) * 5 % 6 == (2 + 1) * 1`
    /// counts 10 (two parentheses, seven operators, the `==`); `k` copies
    /// joined by `&&` count `11k - 1`, so the 1,000-node budget holds 91
    /// copies and runs out in the 92nd, both ways.
    @Test func foldedConstantsCountTheirNodes() {
        let constant = "(1 + 2 * 3 - 4) * 5 % 6 == (2 + 1) * 1"
        for copies in [90, 91, 92] {
            let condition = Array(repeating: constant, count: copies).joined(separator: " && ")
            let outcome = Engine.outcome(of: condition)
            if copies <= 91 {
                Engine.expect(outcome, .true, "\(copies) copies")
            } else {
                Engine.expect(outcome, .error(EvalError.expressionBudget.message), "\(copies) copies")
            }
        }
    }

    /// A constant that fails is not folded: it fails at run time with the
    /// same message both ways, and `||` still absorbs it.
    @Test func failingConstantsFailAtRunTime() {
        Engine.expect(Engine.outcome(of: "1 / 0 == 0"), .error(EvalError.divideByZero.message), "1 / 0")
        Engine.expect(Engine.outcome(of: "1 / 0 == 0 || 2 * 3 == 6"), .true, "absorbed")
        Engine.expect(Engine.outcome(of: "-(9223372036854775807 + 1) < 0"), .true, "wrapped overflow")
        Engine.expect(Engine.outcome(of: "'a' + 'b' == 'ab' && 1.5 * 2 == 3"), .true, "strings and floats")
    }
}

@Suite struct ExpressionLookupTests {
    @Test func everyTracedExpressionIsFoundByItsID() throws {
        let rules = Engine.storageRules("""
            function owner(uid) { let signedIn = request.auth != null; return signedIn && request.auth.uid == uid; }
            match /users/{uid}/{file=**} { allow get: if owner(uid) && file.size() > 0; }
            """)
        let compiled = try #require(Engine.compile(rules))
        let decision = compiled.authorize(AuthorizationRequest(
            method: .get, bucket: Engine.bucket, objectPath: "users/alice/a.png", auth: AuthIdentity(uid: "alice"),
            time: Engine.time))
        let trace = try #require(decision.allows.first?.trace)
        #expect(trace.count > 10)
        for entry in trace {
            let expression = try #require(compiled.expression(withID: entry.expressionID))
            #expect(expression.range == entry.range)
        }
        #expect(compiled.expression(withID: -1) == nil)
    }
}
