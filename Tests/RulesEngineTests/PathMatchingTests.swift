import RulesEngine
import Testing

/// Path matching in both language versions (spec §2.2).
struct PathMatchingTests {
    /// (version, match path inside /b/{bucket}/o, object path, matches?)
    static let cases: [(String?, String, String, Bool)] = [
        ("2", "/a/{x}", "a/b", true),
        ("2", "/a/{x}", "a/b/c", false),
        ("2", "/a/{x}", "a", false),
        ("2", "/a/{x=**}", "a", true),
        ("2", "/a/{x=**}", "a/b/c", true),
        ("2", "/{x=**}/z", "z", true),
        ("2", "/{x=**}/z", "a/b/z", true),
        ("2", "/{x=**}/z", "a/b/y", false),
        ("2", "/a/{x=**}/c/{y}", "a/c/d", true),
        ("2", "/a/{x=**}/c/{y}", "a/b/b/c/d", true),
        (nil, "/a/{x=**}", "a", false),
        (nil, "/a/{x=**}", "a/b", true),
        (nil, "/a/{x=**}", "a/b/c", true),
        ("1", "/a/{x=**}", "a/b/c", true),
        ("2", "/a.b/c-d_e", "a.b/c-d_e", true),
        ("2", "/a/b", "a//b", true),
        ("2", "/a/b", "a/b/", true),
    ]

    @Test(arguments: cases)
    func match(_ version: String?, _ pattern: String, _ object: String, _ expected: Bool) {
        let rules = Engine.storageRules("match \(pattern) { allow get; }", version: version)
        #expect(Engine.decide(rules, .get, object)?.allowed == expected)
    }

    @Test func bindingsAreStringsAndPaths() {
        let rules = Engine.storageRules("""
            match /users/{uid}/{rest=**} {
              allow get: if uid == 'u1' && rest == path('/photos/a.png') && rest[1] == 'a.png' && bucket == 'B';
            }
            """)
        #expect(Engine.decide(rules, .get, "users/u1/photos/a.png")?.allowed == true)
    }

    @Test func listUsesThePrefixPath() {
        let rules = Engine.storageRules("""
            match /topLevel { allow list; }
            match /deep/{all=**} { allow list; }
            """)
        #expect(Engine.decide(rules, .list, "topLevel")?.allowed == true)
        #expect(Engine.decide(rules, .list, "deep")?.allowed == true)
        #expect(Engine.decide(rules, .list, "")?.allowed == false)
        let root = Engine.storageRules("allow list: if request.path == /b/B/o;")
        #expect(Engine.decide(root, .list, "")?.allowed == true)
    }

    @Test func literalBucketNames() {
        let rules = """
            rules_version = '2';
            service firebase.storage {
              match /b/my-bucket.appspot.com/o/{f} { allow get; }
            }
            """
        #expect(Engine.decide(rules, .get, "a", bucket: "my-bucket.appspot.com")?.allowed == true)
        #expect(Engine.decide(rules, .get, "a", bucket: "other")?.allowed == false)
    }

    /// Every wildcard of a deep chain reads its own segments, whichever
    /// sibling chain matched before it and however often a `{x=**}` had to
    /// give segments back: captures are written by position into one buffer
    /// sized for the deepest chain, so a stale or misplaced capture would
    /// show here as a wrong value.
    @Test func capturesOfDeepChainsAfterBacktracking() {
        let rules = Engine.storageRules("""
            match /{a} {
              match /{b=**}/x/{c} { allow get: if a == 'p' && c == 'y' && b == path('/q'); }
              match /{d}/{e}/{f}/{g=**} {
                match /{h}/end { allow get: if a == 'p' && d == 'q' && e == 'x' && f == 'r' && h == 'w' && g == path('/x/y'); }
              }
              match /q/{i=**}/{j}/{k} { allow get: if j == 'x' && k == 'y' && i == path('/x/r'); }
            }
            """)
        // The first chain matches (b = q/x/r) but refuses, the second matches
        // without a child (g = x/y) and has no allow, the third grants.
        let decision = Engine.decide(rules, .get, "p/q/x/r/x/y")
        #expect(decision?.allowed == true)
        #expect(decision?.matches.map(\.pattern) == [
            "/b/{bucket}/o/{a}/{b=**}/x/{c}", "/b/{bucket}/o/{a}/{d}/{e}/{f}/{g=**}", "/b/{bucket}/o/{a}/q/{i=**}/{j}/{k}",
        ])
        #expect(Engine.decide(rules, .get, "p/q/x/r/x/y/w/end")?.allowed == true)
        #expect(Engine.decide(rules, .get, "p/q/x/r/x/y/v/end")?.allowed == false)
    }
}
