import Foundation
import RulesEngine
import Testing

@testable import RulesTesting

@Suite("Suite loader")
struct LoaderTests {
    /// A suite with one mistake, the line it must be reported on, and text the message must contain.
    struct Mistake: CustomStringConvertible, Sendable {
        var name: String
        var body: String
        var line: Int
        var message: String
        var key: String?
        var description: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "typo in expect", body: """
            cases:
              - name: a
                get: files/a/b
                expext: allow
            """, line: 13, message: "unknown key `expext` in a case (did you mean `expect`?)", key: "expext"),
        Mistake(name: "unknown top-level key", body: """
            bukcet: x
            cases: []
            """, line: 10, message: "unknown key `bukcet` in the suite (did you mean `bucket`?)", key: "bukcet"),
        Mistake(name: "field of another operation", body: """
            cases:
              - name: a
                get: files/a/b
                content: "x"
                expect: allow
            """, line: 13, message: "`content` does not apply to `get`", key: "content"),
        Mistake(name: "two operations", body: """
            cases:
              - name: a
                get: files/a/b
                delete: files/a/b
                expect: allow
            """, line: 13, message: "has two operations", key: "delete"),
        Mistake(name: "no operation", body: """
            cases:
              - name: a
                expect: allow
            """, line: 11, message: "needs exactly one operation", key: nil),
        Mistake(name: "an unknown key where the operation should be", body: """
            cases:
              - name: a
                fetch: files/a/b
                expect: allow
            """, line: 12, message: "unknown key `fetch` in a case; a case needs exactly one operation: `get`", key: "fetch"),
        Mistake(name: "an unknown key where a step's operation should be", body: """
            cases:
              - name: a
                steps:
                  - fetch: files/a/b
                    expect: allow
            """, line: 13, message: "unknown key `fetch` in a step; a step needs exactly one operation", key: "fetch"),
        Mistake(name: "one document under two spellings", body: """
            firestore:
              users/alice: {role: a}
              /databases/(default)/documents/users/alice: {role: b}
            cases: []
            """, line: 12, message: "is the document `users/alice` already names (line 11)", key: "/databases/(default)/documents/users/alice"),
        Mistake(name: "a document path with an empty segment", body: """
            firestore:
              users/alice/: {role: a}
            cases: []
            """, line: 11, message: "`users/alice/` is not a document path", key: "users/alice/"),
        Mistake(name: "one object seeded twice", body: """
            objects:
              - {path: files/a/b, content: x}
              - {path: files/a/b, content: y}
            cases: []
            """, line: 12, message: "object `files/a/b` is already seeded (line 11)", key: "path"),
        Mistake(name: "a bucket given as a URL", body: """
            bucket: gs://my-app.appspot.com
            cases: []
            """, line: 10, message: "`bucket` must be a bucket name without `/` (got `gs://my-app.appspot.com`)", key: "bucket"),
        Mistake(name: "an empty bucket of an operation", body: """
            cases:
              - name: a
                get: files/a/b
                bucket: ""
                expect: allow
            """, line: 13, message: "`bucket` must not be empty", key: "bucket"),
        Mistake(name: "bad decision", body: """
            cases:
              - name: a
                get: files/a/b
                expect: allowed
            """, line: 13, message: "must be `allow` or `deny`, found `allowed`", key: "expect"),
        Mistake(name: "wrong type of maxResults", body: """
            cases:
              - name: a
                list: files/a
                maxResults: many
                expect: allow
            """, line: 13, message: "`maxResults` must be an integer, found the string `many`", key: nil),
        Mistake(name: "maxResults out of range", body: """
            cases:
              - name: a
                list: files/a
                maxResults: 1001
                expect: allow
            """, line: 13, message: "`maxResults` must be between 1 and 1000", key: "maxResults"),
        Mistake(name: "unknown user", body: """
            users:
              alice: {uid: alice}
            cases:
              - name: a
                as: alcie
                get: files/a/b
                expect: allow
            """, line: 14, message: "unknown user `alcie`; `as` names a key of `users` (did you mean `alice`?)", key: "as"),
        Mistake(name: "as and auth together", body: """
            users:
              alice: {uid: alice}
            cases:
              - name: a
                as: alice
                auth: null
                get: files/a/b
                expect: allow
            """, line: 15, message: "has both `as` and `auth`", key: "auth"),
        Mistake(name: "duplicate case names", body: """
            cases:
              - name: same
                get: files/a/b
                expect: allow
              - name: same
                get: files/a/c
                expect: allow
            """, line: 14, message: "duplicate case name `same` (first used at line 11)", key: "name"),
        Mistake(name: "bad time", body: """
            time: yesterday
            cases: []
            """, line: 10, message: "`time` must be an RFC 3339 timestamp", key: nil),
        Mistake(name: "expectation field of another operation", body: """
            cases:
              - name: a
                get: files/a/b
                expect: {decision: allow, items: []}
            """, line: 13, message: "`expect.items` does not apply to `get`", key: "items"),
        Mistake(name: "unknown key in an expectation, after a key of another operation", body: """
            cases:
              - name: a
                delete: files/a/b
                expect: {decison: allow, metadata: {}}
            """, line: 13, message: "`expect.metadata` does not apply to `delete`", key: "metadata"),
        Mistake(name: "unknown key in an expectation", body: """
            cases:
              - name: a
                list: files/a
                expect: {decision: allow, itemz: []}
            """, line: 13, message: "unknown key `itemz` in `expect` (did you mean `items`?)", key: "itemz"),
        Mistake(name: "unknown error code", body: """
            cases:
              - name: a
                get: files/a/b
                expect: {decision: allow, error: notFound}
            """, line: 13, message: "unknown error `notFound`", key: "error"),
        Mistake(name: "unknown metadata field", body: """
            cases:
              - name: a
                get: files/a/b
                expect: {decision: allow, metadata: {contenttype: x}}
            """, line: 13, message: "unknown key `contenttype` in `expect.metadata` (did you mean `contentType`?)", key: "contenttype"),
        Mistake(name: "leading slash", body: """
            cases:
              - name: a
                get: /files/a/b
                expect: allow
            """, line: 12, message: "takes no leading `/`", key: nil),
        Mistake(name: "missing expect", body: """
            cases:
              - name: a
                get: files/a/b
            """, line: 11, message: "missing the required key `expect`", key: "expect"),
        Mistake(name: "bad raw method", body: """
            cases:
              - name: a
                request: {method: read, path: files/a/b}
                expect: allow
            """, line: 12, message: "`method` must be one of get, list, create, update, delete; found `read`", key: "method"),
        Mistake(name: "object with unknown key", body: """
            objects:
              - path: files/a/b
                contentTyp: text/plain
            cases: []
            """, line: 12, message: "unknown key `contentTyp` in an object (did you mean `contentType`?)", key: "contentTyp"),
        Mistake(name: "bad firestore path", body: """
            firestore:
              users: {role: admin}
            cases: []
            """, line: 11, message: "`users` is not a document path", key: "users"),
        Mistake(name: "steps with a case-level operation", body: """
            cases:
              - name: a
                get: files/a/b
                steps:
                  - get: files/a/b
                    expect: allow
            """, line: 12, message: "a case with `steps` takes `get` inside each step", key: "get"),
        Mistake(name: "invalid YAML", body: """
            cases:
              - name: a
                get: [files
            """, line: 12, message: "invalid YAML", key: nil),
    ]

    @Test("a mistake names the file, the line and the key", arguments: mistakes)
    func mistakeIsLocated(_ mistake: Mistake) throws {
        let error = try #require(loadError(ownerRules + "\n" + mistake.body, path: "suites/x.test.yaml"))
        #expect(error.location.file == "suites/x.test.yaml")
        #expect(error.location.line == mistake.line, "\(error)")
        #expect(error.message.contains(mistake.message), "\(error.message)")
        if let key = mistake.key { #expect(error.key == key) }
    }

    /// Large suites load their cases in runs spread over the cores: the
    /// cases must come out in document order, and the error reported must
    /// be the first in document order, a duplicate name included.
    @Test("a large suite's cases load in order, and its first mistake is the one reported", arguments: [
        ([Int](), [Int](), nil as Int?),
        ([1500], [], 1500), ([1500], [1700], 1500), ([1700], [300], 300), ([100, 1900], [], 100),
        ([2999], [], 2999), ([], [2998], 2998), ([0], [], 0),
    ])
    func largeSuite(mistakes: [Int], duplicates: [Int], reported: Int?) throws {
        let header = ownerRules + "\nusers: {alice: {uid: alice}}\ncases:\n"
        let firstCaseLine = header.split(separator: "\n", omittingEmptySubsequences: false).count
        var text = header
        for index in 0..<3000 {
            let name = duplicates.contains(index) ? "c\(index - 1)" : "c\(index)"
            let extra = mistakes.contains(index) ? ", expext: deny" : ""
            text += "  - {name: \(name), as: alice, get: files/alice/\(index), expect: allow\(extra)}\n"
        }
        guard let reported else {
            let suite = try loadSuite(text)
            #expect(suite.cases.map(\.name) == (0..<3000).map { "c\($0)" })
            #expect(suite.cases.map(\.location.line) == (0..<3000).map { firstCaseLine + $0 })
            return
        }
        let error = try #require(loadError(text))
        #expect(error.location.line == firstCaseLine + reported, "\(error)")
        let expected = mistakes.contains(reported) ? "unknown key `expext`" : "duplicate case name `c\(reported - 1)`"
        #expect(error.message.contains(expected), "\(error.message)")
    }

    @Test("a missing rules file is a load error at the `rules` key")
    func missingRulesFile() throws {
        let error = try #require(loadError("rules: nowhere.rules\ncases: []\n", path: "dir/s.test.yaml"))
        #expect(error.message == "rules file `dir/nowhere.rules` not found")
        #expect(error.location.line == 1)
        #expect(error.key == "rules")
    }

    @Test("rules that do not compile report the rules file's line and the rendered diagnostics")
    func rulesThatDoNotCompile() throws {
        let text = """
            rulesSource: |
              rules_version = '2';
              service firebase.storage {
                match /b/{bucket}/o {
                  allow read: if request.auth != ;
                }
              }
            cases: []
            """
        let error = try #require(loadError(text, path: "s.test.yaml"))
        #expect(error.message.hasPrefix("rules do not compile"))
        // Inline rules keep the suite file's line numbers: the bad line is line 5.
        #expect(error.location.file == "s.test.yaml")
        #expect(error.location.line == 5)
        // And its columns: the `;` is at column 38 of the file (the block is indented by 2).
        #expect(error.location.column == 38)
        let details = try #require(error.details)
        #expect(details.contains("s.test.yaml:5:38: error: Unexpected ';'."))
        #expect(details.contains("5 |       allow read: if request.auth != ;\n  |                                      ^"))
    }

    @Test("inline rules in a quoted string have lines of their own, named apart from the suite's")
    func quotedRulesThatDoNotCompile() throws {
        let text = #"{"rulesSource": "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if ;\n  }\n}\n", "cases": []}"#
        let error = try #require(loadError(text, path: "s.test.json"))
        #expect(error.message.hasPrefix("rules do not compile"))
        // The error points at the string in the suite, its details at the rules' own line 4.
        #expect(error.location.line == 1)
        #expect(error.location.column == 17)
        let details = try #require(error.details)
        #expect(details.hasPrefix("s.test.json (rulesSource):4:20: error: Unexpected ';'."))
    }

    /// Large suites compile their rules on another thread while their cases
    /// load: the rules' error must still be the one reported, as a load in
    /// file order meets it first, however many cases follow.
    @Test("rules that do not compile are reported before a mistaken case", arguments: [3, 3000])
    func rulesErrorBeforeCaseErrors(caseCount: Int) throws {
        var text = """
            rulesSource: |
              rules_version = '2';
              service firebase.storage {
                match /b/{bucket}/o {
                  allow read: if request.auth != ;
                }
              }
            cases:

            """
        for index in 0..<caseCount {
            text += "  - {name: c\(index), get: files/\(index), expect: allow, expext: deny}\n"
        }
        let error = try #require(loadError(text, path: "s.test.yaml"))
        #expect(error.message.hasPrefix("rules do not compile"), "\(error.message)")
        #expect(error.location.line == 5)
    }

    @Test("positions are kept inside the text, counting lines as YAML does", arguments: [
        ("a\nb", 3, 2), ("a\nb", 2, 2), ("a\rb", 2, 2), ("a\r\nb", 2, 2), ("a\r\nb", 3, 2), ("a\rb\rc", 4, 3),
    ])
    func clampedPositions(_ text: String, _ line: Int, _ expected: Int) {
        let error = SuiteLoadError(location: SuiteLocation(file: "s.test.yaml", line: line, column: 1), message: "m")
        #expect(error.clamped(to: text).location.line == expected)
    }

    @Test("a byte-order mark before the suite is not content, and positions count from after it")
    func byteOrderMark() throws {
        let suite = """
            rulesSource: |
              rules_version = '2';
              service firebase.storage { match /b/{bucket}/o { match /{p=**} { allow read; } } }
            cases:
              - name: reads anything
                get: a
                expect: allow

            """
        let loaded = try SuiteLoader().load(text: "\u{FEFF}" + suite, path: "bom.test.yaml")
        #expect(loaded.cases.count == 1)
        let mistake = suite.replacingOccurrences(of: "expect: allow", with: "expect: maybe")
        let plain = try #require(loadError(mistake))
        let marked = try #require(loadError("\u{FEFF}" + mistake))
        #expect(marked.location == plain.location)
        #expect(marked.message == plain.message)
        let first = try #require(loadError("\u{FEFF}cases: 1\n"))
        #expect(first.location.line == 1 && first.location.column == 1, "\(first)")
    }

    @Test("exactly one of rules and rulesSource")
    func rulesAndRulesSource() throws {
        let error = try #require(loadError("cases: []\n"))
        #expect(error.message.contains("needs `rules`"))
        let both = try #require(loadError("rules: a.rules\nrulesSource: x\ncases: []\n"))
        #expect(both.message.contains("has both `rules` and `rulesSource`"))
    }

    @Test("YAML values become rules values: ints stay ints, quoted scalars stay strings")
    func valueConversion() throws {
        let suite = try loadSuite(ownerRules + """

            users:
              u: {uid: u, token: {n: 7, f: 1.5, yes: yes, q: "7", b: true, nothing: null, list: [1, two], nested: {k: v}}}
            cases: []
            """)
        let token = try #require(suite.users["u"]?.token)
        #expect(token["n"]?.intValue == 7)
        if case .float(let value)? = token["f"] { #expect(value == 1.5) } else { Issue.record("f is not a float") }
        #expect(token["yes"]?.stringValue == "yes")
        #expect(token["q"]?.stringValue == "7")
        #expect(token["b"]?.boolValue == true)
        #expect(token["nothing"]?.isNull == true)
        if case .list(let items)? = token["list"] {
            #expect(items.count == 2)
            #expect(items[0].intValue == 1)
            #expect(items[1].stringValue == "two")
        } else {
            Issue.record("list is not a list")
        }
        #expect(token["sub"]?.stringValue == "u")
    }

    @Test("raw requests: full resource paths and RFC 3339 times in `existing`")
    func rawRequest() throws {
        let suite = try loadSuite(ownerRules + """

            cases:
              - name: raw
                request:
                  method: update
                  path: /b/other/o/files/a/b.txt
                  resource: {size: 3}
                  existing: {timeCreated: 2026-01-01T00:00:00Z, size: 2}
                expect: allow
            """)
        guard case .request(let raw) = suite.cases[0].steps[0].operation else {
            Issue.record("not a raw request")
            return
        }
        #expect(raw.method == .update)
        #expect(raw.bucket == "other")
        #expect(raw.path == "files/a/b.txt")
        guard case .map(let existing)? = raw.existing, case .timestamp(let created)? = existing["timeCreated"] else {
            Issue.record("timeCreated is not a timestamp")
            return
        }
        #expect(created == Timestamp(rfc3339: "2026-01-01T00:00:00Z"))
    }

    @Test("uploads infer the content type from the extension")
    func contentTypeInference() throws {
        let suite = try loadSuite(ownerRules + """

            cases:
              - {name: jpg, upload: files/a/x.JPG, size: 1, expect: allow}
              - {name: none, upload: files/a/noext, size: 1, expect: allow}
              - {name: given, upload: files/a/x.jpg, size: 1, contentType: text/plain, expect: allow}
            """)
        let types = suite.cases.map { testCase -> String? in
            if case .upload(_, let spec) = testCase.steps[0].operation { return spec.fields.contentType }
            return nil
        }
        #expect(types == ["image/jpeg", "application/octet-stream", "text/plain"])
    }

    /// `size:` zeros are made when sent; given bytes are kept as given.
    @Test("an upload's content: zeros for `size:`, the text for `content:`")
    func uploadContent() throws {
        let suite = try loadSuite(ownerRules + """

            cases:
              - {name: zeros, upload: files/a/x.bin, size: 3, expect: allow}
              - {name: text, upload: files/a/y.txt, content: hé, expect: allow}
            """)
        let specs = suite.cases.compactMap { testCase -> UploadSpec? in
            if case .upload(_, let spec) = testCase.steps[0].operation { return spec }
            return nil
        }
        #expect(specs.map(\.size) == [3, 3])
        #expect(specs.map(\.content) == [[0, 0, 0], Array("hé".utf8)])
        #expect(specs.map(\.data) == [Data(count: 3), Data("hé".utf8)])
        var changed = specs[0]
        changed.content = [7]
        #expect(changed.size == 1 && changed.content == [7] && changed.data == Data([7]))
    }

    @Test("steps inherit the case's caller and time and may override them")
    func stepsInherit() throws {
        let suite = try loadSuite(ownerRules + """

            users:
              alice: {uid: alice}
            cases:
              - name: seq
                as: alice
                time: 2026-05-01T00:00:00Z
                steps:
                  - {get: files/alice/a, expect: allow}
                  - {get: files/alice/a, auth: null, time: 2026-06-01T00:00:00Z, expect: deny}
            """)
        let steps = suite.cases[0].steps
        #expect(steps[0].caller.identity?.uid == "alice")
        #expect(steps[0].time == Timestamp(rfc3339: "2026-05-01T00:00:00Z"))
        #expect(steps[1].caller.identity == nil)
        #expect(steps[1].time == Timestamp(rfc3339: "2026-06-01T00:00:00Z"))
    }

    @Test("a JSON suite loads like YAML")
    func jsonSuite() async throws {
        let text = """
            {"rulesSource": "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /p/{f} { allow get: if request.auth.token.level > 2; } } }",
             "cases": [{"name": "json", "auth": {"uid": "u", "token": {"level": 3}}, "request": {"method": "get", "path": "p/x"}, "expect": "allow"}]}
            """
        let suite = try loadSuite(text, path: "s.test.json")
        #expect(suite.cases.count == 1)
        #expect(suite.cases[0].steps[0].caller.identity?.token["level"]?.intValue == 3)
        #expect(await run([suite]).exitCode == 0)
    }

    @Test("suite discovery finds suite files recursively in a stable order")
    func discovery() {
        let (files, errors) = SuiteDiscovery.find([Fixtures.repositoryRoot + "/rules-examples"])
        #expect(errors.isEmpty)
        #expect(files.count >= 7)
        #expect(files == files.sorted())
        #expect(files.allSatisfy { $0.hasSuffix(".test.yaml") })
        let missing = SuiteDiscovery.find(["/no/such/folder"])
        #expect(missing.errors.first?.message == "no such file or folder")
    }

    @Test("a content type is inferred from a local file's extension, as putFile does, else from the object's name")
    func contentTypeOfALocalFile() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("content-type-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(manager.createFile(atPath: root + "/pic.png", contents: Data([1, 2])))
        let suite = try loadSuite(ownerRules + """

            objects:
              - {path: files/a/y, file: pic.png}
              - {path: files/a/y.jpg, file: pic.png}
              - {path: files/a/z.jpg, content: x}
              - {path: files/a/z, content: x}
            cases: []
            """, path: root + "/s.test.yaml")
        #expect(suite.objects.map(\.fields.contentType) == ["image/png", "image/png", "image/jpeg", "application/octet-stream"])
    }

    @Test("a link to a folder above ends no endless search, and a file named twice runs once")
    func discoveryThroughLinks() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        #expect(manager.createFile(atPath: root + "/a.test.yaml", contents: Data()))
        #expect(manager.createFile(atPath: root + "/sub/b.test.yaml", contents: Data()))
        try manager.createSymbolicLink(atPath: root + "/sub/up", withDestinationPath: "..")
        let (files, errors) = SuiteDiscovery.find([root])
        #expect(errors.isEmpty)
        #expect(files == [root + "/a.test.yaml", root + "/sub/b.test.yaml"])
        let twice = SuiteDiscovery.find([root + "/a.test.yaml", root + "/./a.test.yaml", root + "/sub/up/a.test.yaml"])
        #expect(twice.files == [root + "/a.test.yaml"])
    }
}
