import RulesEngine
import RulesSyntax
import Testing

/// Untraced decisions read `request.<field>` straight from the request;
/// traced ones build the `request` map. Both must agree on every outcome,
/// error message and budget count.
@Suite struct RequestFieldAccessTests {
    static let upload = StorageObjectFields(name: "x/y", bucket: Engine.bucket, size: 10, contentType: "image/png").requestResourceValue

    /// The allow's outcome, traced and untraced.
    static func outcomes(_ rules: String, auth: AuthIdentity?) -> (traced: String, untraced: String)? {
        guard let compiled = Engine.compile(rules) else { return nil }
        func outcome(tracing: Bool) -> String {
            let decision = compiled.authorize(AuthorizationRequest(
                method: .create, bucket: Engine.bucket, objectPath: "x/y", auth: auth, incoming: upload,
                time: Engine.time, recordsTrace: tracing))
            return "\(decision.allowed) \(decision.allows.map { "\($0.outcome)" })"
        }
        return (outcome(tracing: true), outcome(tracing: false))
    }

    @Test(arguments: [
        ("request.auth.uid == 'alice'", "true"),
        ("request.auth.token.sub == 'alice'", "true"),
        ("request.method == 'create'", "true"),
        ("request.path == /b/B/o/x/y", "true"),
        ("request.time == timestamp.date(2026, 1, 1)", "true"),
        ("request.resource.size == 10", "true"),
        ("request.params.size() == 0", "true"),
        ("request.keys().size() == 6", "true"),
        // The `request` map as a whole, made from its fields when read.
        ("request.keys().hasAll(['auth', 'method', 'path', 'time', 'resource', 'params'])", "true"),
        ("request.values().size() == 6 && request.size() == 6 && 'auth' in request && !('Auth' in request)", "true"),
        ("request == request && request['method'] == 'create' && request.get('params', 1) == {}", "true"),
        ("request.diff({}).addedKeys().size() == 6 && request.get('nosuch', 3) == 3", "true"),
        ("request['auth'] == request.auth && request.auth.uid == request['auth']['uid']", "true"),
        ("request['me\\u0074hod'] == 'create' && !('K' in request)", "true"),
        ("request.nosuch == 1", "error"),
        ("request.resource.nosuch == 1", "error"),
    ])
    func fieldsMatchTheRequestMap(condition: String, expected: String) throws {
        let rules = Engine.storageRules("match /{path=**} { allow create: if \(condition); }")
        let result = try #require(Self.outcomes(rules, auth: AuthIdentity(uid: "alice")))
        #expect(result.traced == result.untraced, "\(condition)")
        #expect(result.untraced.hasPrefix(expected == "true" ? "true" : "false"), "\(condition): \(result.untraced)")
        if expected == "error" { #expect(result.untraced.contains("error"), "\(result.untraced)") }
    }

    /// Comparisons with `null` compile to a null test; `request.auth`'s,
    /// signed in and out, both ways round, agree traced and compiled.
    @Test(arguments: [
        ("request.auth != null", true), ("request.auth == null", false), ("null != request.auth", true),
        ("null == request.auth", false), ("(null) != request.auth", true), ("!(request.auth == null)", true),
        ("request.auth != null && request.auth.uid == 'alice'", true), ("request.auth == null || false", false),
    ])
    func signedInTests(condition: String, whenSignedIn: Bool) throws {
        let rules = Engine.storageRules("match /{path=**} { allow create: if \(condition); }")
        let signedIn = try #require(Self.outcomes(rules, auth: AuthIdentity(uid: "alice")))
        #expect(signedIn.traced == signedIn.untraced, "\(condition)")
        #expect(signedIn.untraced.hasPrefix("\(whenSignedIn)"), "\(condition): \(signedIn.untraced)")
        let signedOut = try #require(Self.outcomes(rules, auth: nil))
        #expect(signedOut.traced == signedOut.untraced, "\(condition)")
        #expect(signedOut.untraced.hasPrefix("\(!whenSignedIn)"), "\(condition): \(signedOut.untraced)")
    }

    /// The null test answers as the generic equality does for every kind
    /// of operand, errors included.
    @Test(arguments: [
        ("null == null", "true"), ("(null) != null", "false"), ("null == 0", "false"), ("'' != null", "true"),
        ("[] == null", "false"), ("{} != null", "true"), ("request.resource.metadata == null", "true"),
        ("null == request.resource.contentType", "false"), ("request.nosuch == null", "error"),
        ("null != request.resource.nosuch", "error"), ("(1 / 0) == null", "error"), ("request.auth.token != null", "true"),
        ("request.resource != null", "true"), ("null == request.resource", "false"), ("request.method == null", "false"),
        ("request.path != null", "true"), ("request.time == null", "false"), ("request.params != null", "true"),
    ])
    func nullComparisons(condition: String, expected: String) throws {
        let rules = Engine.storageRules("match /{path=**} { allow create: if \(condition); }")
        let result = try #require(Self.outcomes(rules, auth: AuthIdentity(uid: "alice")))
        #expect(result.traced == result.untraced, "\(condition)")
        let prefix = expected == "error" ? "false" : expected
        #expect(result.untraced.hasPrefix(prefix), "\(condition): \(result.untraced)")
        #expect(result.untraced.contains("error") == (expected == "error"), "\(condition): \(result.untraced)")
    }

    /// An incoming value given as `null` is null, as an absent one is.
    @Test func incomingNullIsNull() throws {
        let rules = Engine.storageRules("match /{path=**} { allow create: if request.resource == null; }")
        let compiled = try #require(Engine.compile(rules))
        for incoming in [nil, Value.null] {
            let decision = Engine.decideBothWays(compiled, AuthorizationRequest(
                method: .create, bucket: Engine.bucket, objectPath: "x/y", incoming: incoming, time: Engine.time))
            #expect(decision.allowed, "\(String(describing: incoming))")
        }
    }

    @Test func signedOutAuthIsNull() throws {
        let rules = Engine.storageRules("match /{path=**} { allow create: if request.auth == null; }")
        let result = try #require(Self.outcomes(rules, auth: nil))
        #expect(result.traced == result.untraced)
        #expect(result.untraced.hasPrefix("true"))
    }

    @Test func aWildcardNamedRequestShadowsTheRequest() throws {
        // `request` is the path segment "x", a string without fields.
        let rules = Engine.storageRules("match /{request}/{rest=**} { allow create: if request.auth == null; }")
        let result = try #require(Self.outcomes(rules, auth: nil))
        #expect(result.traced == result.untraced)
        #expect(result.untraced.hasPrefix("false"), "\(result.untraced)")
    }

    @Test func aLetNamedRequestShadowsTheRequest() throws {
        let rules = Engine.storageRules("""
            function f() { let request = {'auth': 'mine'}; return request.auth == 'mine'; }
            match /{path=**} { allow create: if f(); }
            """)
        let result = try #require(Self.outcomes(rules, auth: AuthIdentity(uid: "alice")))
        #expect(result.traced == result.untraced)
        #expect(result.untraced.hasPrefix("true"), "\(result.untraced)")
    }

    @Test func readingRequestFieldsCountsAgainstTheBudgetAlike() throws {
        // One call of f() counts about 200 nodes (three per term: `!=`, the
        // member and `request`, plus the `&&`s), so five calls sit at the
        // 1,000-node budget: the outcomes change between four and six calls.
        let body = Array(repeating: "request.auth != null", count: 50).joined(separator: " && ")
        var outcomes: [String] = []
        for calls in 3...6 {
            let condition = Array(repeating: "f()", count: calls).joined(separator: " && ")
            let rules = Engine.storageRules("""
                function f() { return \(body); }
                match /{path=**} { allow create: if \(condition); }
                """)
            let result = try #require(Self.outcomes(rules, auth: AuthIdentity(uid: "alice")))
            #expect(result.traced == result.untraced, "\(calls) calls")
            outcomes.append(result.untraced)
        }
        #expect(outcomes.first?.hasPrefix("true") == true, "\(outcomes)")
        #expect(outcomes.last?.contains("error") == true, "\(outcomes)")
    }
}

/// `request.path` is split when the request is made; changing the bucket or
/// the object name afterwards must split it again.
@Suite struct RequestPathTests {
    @Test func changingTheBucketOrObjectNameChangesRequestPath() throws {
        let rules = Engine.storageRules("match /{a}/{b} { allow get: if request.path == /b/other/o/x/y && a == 'x'; }")
        let compiled = try #require(Engine.compile(rules))
        var request = AuthorizationRequest(method: .get, bucket: Engine.bucket, objectPath: "p/q", time: Engine.time)
        #expect(request.requestPath.segments == ["b", Engine.bucket, "o", "p", "q"])
        request.objectPath = "x//y/"
        request.bucket = "other"
        #expect(request.requestPath.segments == ["b", "other", "o", "x", "y"])
        let decision = Engine.decideBothWays(compiled, request)
        #expect(decision.allowed)
        #expect(decision.path == request.requestPath)
    }

    /// Object names split at each `/` byte, empty pieces dropped, every
    /// other byte kept: a combining mark after a slash starts a segment.
    @Test(arguments: [
        "", "/", "//", "a", "a/", "/a", "a//b", "/a/b/c/", "é/ü", "e\u{301}/\u{301}x", "a/\u{1F600}/b", " / ", "a\\b",
    ])
    func objectNamesSplitAtSlashBytes(_ name: String) {
        let expected = name.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        let request = AuthorizationRequest(method: .get, bucket: "B", objectPath: name, time: Engine.time)
        #expect(request.requestPath.segments.map { Array($0.utf8) } == (["b", "B", "o"] + expected).map { Array($0.utf8) })
        #expect(RulesPath(parsing: name).segments.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
    }

    @Test("an identity's token carries `sub` and `user_id`, the uid unless the token gives its own")
    func identityClaims() {
        func claims(_ identity: AuthIdentity) -> [String: String] {
            var found: [String: String] = [:]
            for key in ["sub", "user_id", "email"] { found[key] = identity.token[key].map { "\($0)" } }
            return found
        }
        #expect(claims(AuthIdentity(uid: "u")) == ["sub": "\(Value.string("u"))", "user_id": "\(Value.string("u"))"])
        #expect(AuthIdentity(uid: "u").token.count == 2)
        let given = AuthIdentity(uid: "u", token: ["sub": .string("s"), "email": .string("e")])
        #expect(claims(given) == ["sub": "\(Value.string("s"))", "user_id": "\(Value.string("u"))", "email": "\(Value.string("e"))"])
        #expect(given.token.count == 3)
        guard case .map(let value) = AuthIdentity(uid: "u").value else {
            Issue.record("request.auth is not a map")
            return
        }
        #expect(value.count == 2)
        #expect(value["uid"].map { "\($0)" } == "\(Value.string("u"))")
        guard case .map(let token)? = value["token"] else {
            Issue.record("request.auth.token is not a map")
            return
        }
        #expect(token.count == 2 && token["sub"].map { "\($0)" } == "\(Value.string("u"))")
    }
}
