import Testing

@testable import RulesSyntax

/// The shape of parsed files: versions, declarations, match paths, ranges
/// and expression ids.
@Suite("File structure")
struct StructureTests {
    static let versions: [(source: String, version: RulesVersion)] = [
        ("rules_version = '2'; service s { match /a { allow read; } }", .v2),
        ("rules_version = \"2\"; service s { match /a { allow read; } }", .v2),
        ("rules_version = '2' service s { match /a { allow read; } }", .v2),
        ("rules_version = '1'; service s { match /a { allow read; } }", .v1),
        ("// comment first\nrules_version = '2';\nservice s { match /a { allow read; } }", .v2),
        ("service s { match /a { allow read; } }", .v1),
    ]

    @Test(arguments: versions)
    func detectsVersion(source: String, version: RulesVersion) {
        let result = Fixtures.parse(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.ruleset.version == version)
        #expect((result.ruleset.versionRange != nil) == source.contains("rules_version"))
    }

    static let pathTexts: [(segments: [MatchSegment.Kind], prefix: String, text: String)] = [
        ([], "", ""),
        ([], "/b/{bucket}", "/b/{bucket}"),
        ([.literal("a")], "", "/a"),
        ([.single("id"), .recursive("rest")], "/o", "/o/{id}/{rest=**}"),
        ([.literal("fotos"), .literal("años-ünïcødé-😀")], "", "/fotos/años-ünïcødé-😀"),
        (
            [.single("aVeryLongWildcardNameThatIsNotSmall"), .literal("x.y")], "/a-prefix-long-enough-for-the-heap",
            "/a-prefix-long-enough-for-the-heap/{aVeryLongWildcardNameThatIsNotSmall}/x.y"
        ),
    ]

    @Test(arguments: pathTexts)
    func pathTextFollowsItsPrefix(segments: [MatchSegment.Kind], prefix: String, text: String) {
        let path = MatchPath(
            segments: segments.map { MatchSegment(kind: $0, range: SourceRange(start: 0, end: 0)) },
            range: SourceRange(start: 0, end: 0))
        #expect(path.text(after: prefix) == text)
        #expect(path.text == String(text.dropFirst(prefix.count)))
        #expect(path.text == segments.map { "/" + $0.text }.joined())
    }

    @Test func declarationsAndRanges() throws {
        let marked = MarkedSource(
            """
            rules_version = '2';
            1️⃣function top(a, b) { return a; }2️⃣
            service 3️⃣firebase.storage4️⃣ {
              5️⃣match /b/{bucket}/o/{rest=**} {
                6️⃣allow get, list: if true;7️⃣
                function inner() { let x = 1; return x; }
                match /x.y/{id} { allow delete }
              }8️⃣
            }
            """)
        let result = Fixtures.parse(marked.text)
        #expect(result.diagnostics.isEmpty)
        let ruleset = result.ruleset
        let top = try #require(ruleset.functions.first)
        #expect(top.name == "top")
        #expect(top.parameters.map(\.name) == ["a", "b"])
        #expect(top.range == SourceRange(start: marked.markers["1️⃣"]!, end: marked.markers["2️⃣"]!))
        let service = try #require(ruleset.service)
        #expect(service.name == "firebase.storage")
        #expect(service.nameRange == SourceRange(start: marked.markers["3️⃣"]!, end: marked.markers["4️⃣"]!))
        let outer = try #require(service.matches.first)
        #expect(outer.range == SourceRange(start: marked.markers["5️⃣"]!, end: marked.markers["8️⃣"]!))
        #expect(
            outer.path.segments.map(\.kind) == [.literal("b"), .single("bucket"), .literal("o"), .recursive("rest")])
        #expect(outer.path.text == "/b/{bucket}/o/{rest=**}")
        let allow = try #require(outer.allows.first)
        #expect(allow.methods.map(\.method) == [.get, .list])
        #expect(allow.range == SourceRange(start: marked.markers["6️⃣"]!, end: marked.markers["7️⃣"]!))
        let inner = try #require(outer.functions.first)
        #expect(inner.lets.map(\.name.name) == ["x"])
        let nested = try #require(outer.matches.first)
        #expect(nested.path.segments.map(\.kind) == [.literal("x.y"), .single("id")])
        #expect(nested.allows.first?.condition == nil)
    }

    @Test func matchPathSegmentsAcceptAnyNonSpaceText() throws {
        let result = Fixtures.parse("service s { match /a-b_c:d(e)~f%20@g+h*$i/{id}/{x}.png/{y}{ allow read; } }")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let path = try #require(result.ruleset.service?.matches.first?.path)
        #expect(path.segments.map(\.kind) == [.literal("a-b_c:d(e)~f%20@g+h*$i"), .single("id"), .literal("{x}.png"), .single("y")])
    }

    @Test func idsFollowSourceOrderParentsFirst() throws {
        let source = """
            function f(x) { let y = x + 1; return y; }
            service s { match /a { allow read: if f(1) == 2; } }
            """
        let result = Fixtures.parse(source)
        #expect(result.diagnostics.isEmpty)
        let function = try #require(result.ruleset.functions.first)
        // let y = (+ x 1): the sum is 0, x is 1, 1 is 2; return y is 3.
        #expect(function.lets[0].value.id == 0)
        guard case .binary(_, let left, let right) = function.lets[0].value.kind else {
            Issue.record("expected a sum")
            return
        }
        #expect([left.id, right.id] == [1, 2])
        #expect(function.body.id == 3)
        let condition = try #require(result.ruleset.service?.matches.first?.allows.first?.condition)
        #expect(condition.id == 4)
        #expect(result.expressionCount == 9)
        #expect(TreeWalk.ids(in: result.ruleset) == Array(0..<9))
    }

    /// The parser gives ids as it reads; an allow statement it drops after
    /// reading its condition (no valid method) must leave no gap.
    @Test func idsStayDenseWhenRecoveryDropsAReadCondition() throws {
        let result = Fixtures.parse("service s { match /a { allow fetch: if a && b; allow read: if [c, {'k': d}][0]; } }")
        #expect(result.diagnostics.map(\.id) == ["syntax.unknown-method"])
        let allows = try #require(result.ruleset.service?.matches.first?.allows)
        #expect(allows.count == 1)
        #expect(allows.first?.condition?.id == 0)
        #expect(result.expressionCount == 7)
        #expect(TreeWalk.ids(in: result.ruleset) == Array(0..<7))
    }

    @Test func exprDumpWorksOnItsOwn() throws {
        let expr = try #require(Fixtures.parseExpression("a.b(c)[1:] in [1, 'x']").expr)
        #expect(expr.dump() == #"(in (slice (call a.b c) 1 _) (list 1 "x"))"#)
    }

    @Test func longExpressionsBreakOverIndentedLines() throws {
        let condition = (1...30).map { "x\($0)" }.joined(separator: " + ")
        let result = Fixtures.parse("service s { match /a { allow read: if \(condition) > 0; } }")
        let dump = result.ruleset.dump()
        #expect(dump.split(separator: "\n").allSatisfy { $0.count <= DumpDocument.width + 40 })
        #expect(dump.hasSuffix("))))\n"))
    }

    @Test func parsingIsDeterministic() {
        let source = "service s { match /a { allow read: if a ==; allow write: if 'x\\q' } }"
        let first = Fixtures.parse(source)
        let second = Fixtures.parse(source)
        #expect(first.diagnostics == second.diagnostics)
        #expect(first.ruleset == second.ruleset)
        #expect(first.ruleset.dump() == second.ruleset.dump())
    }

    /// Checks that a syntax node whose contents copies share behaves as a
    /// value: a second parse gives an equal node with the same hash,
    /// `edit` changes a copy and leaves `original` as it was (`check` sees
    /// both), and `restore` makes the edited copy equal to it again.
    static func expectValueSemantics<Node: Hashable>(
        _ original: Node, reparsed: Node, edit: (inout Node) -> Void, check: (_ edited: Node) -> Void,
        restore: (inout Node) -> Void
    ) {
        #expect(original == reparsed)
        #expect(original.hashValue == reparsed.hashValue)
        var edited = original
        edit(&edited)
        check(edited)
        #expect(original == reparsed)
        #expect(edited != original)
        restore(&edited)
        #expect(edited == original)
        #expect(edited.hashValue == original.hashValue)
    }

    /// A match block shares its contents between copies, yet stays a value:
    /// setting a field of one copy leaves the others as they were, and
    /// equality and hashing compare contents, not storage.
    @Test func matchBlocksAreValues() throws {
        let source = """
            service s {
              match /a/{id} {
                function f(x) { return x; }
                allow read: if f(id) == 'a';
                match /b { allow write; }
              }
            }
            """
        let original = try #require(Fixtures.parse(source).ruleset.service?.matches.first)
        let reparsed = try #require(Fixtures.parse(source).ruleset.service?.matches.first)
        Self.expectValueSemantics(original, reparsed: reparsed) { edited in
            edited.allows = []
            edited.matches[0].range = SourceRange(start: 0, end: 1)
            edited.functions.removeAll()
            edited.path = MatchPath(segments: [], range: .at(0))
        } check: { edited in
            #expect(edited.allows.isEmpty && edited.functions.isEmpty && edited.path.segments.isEmpty)
            #expect(edited.matches[0].range == SourceRange(start: 0, end: 1))
            #expect(original.allows.count == 1 && original.functions.count == 1 && original.path.segments.count == 2)
            #expect(original.matches[0].range != SourceRange(start: 0, end: 1))
        } restore: { edited in
            edited.path = original.path
            edited.functions = original.functions
            edited.allows = original.allows
            edited.matches = original.matches
        }
    }

    /// A function declaration shares its contents between copies too, and
    /// stays a value in the same way.
    @Test func functionDeclarationsAreValues() throws {
        let source = """
            service s {
              function f(a, b) { let c = a + b; return c > 1; }
              match /a { allow read: if f(1, 2); }
            }
            """
        let original = try #require(Fixtures.parse(source).ruleset.service?.functions.first)
        let reparsed = try #require(Fixtures.parse(source).ruleset.service?.functions.first)
        Self.expectValueSemantics(original, reparsed: reparsed) { edited in
            edited.name = "g"
            edited.parameters.removeLast()
            edited.lets[0].name.name = "d"
            edited.body = edited.lets[0].value
            edited.nameRange = SourceRange(start: 0, end: 1)
        } check: { edited in
            #expect(edited.name == "g" && edited.parameters.map(\.name) == ["a"] && edited.lets[0].name.name == "d")
            #expect(original.name == "f" && original.parameters.map(\.name) == ["a", "b"] && original.lets[0].name.name == "c")
            #expect(original.body != edited.body && original.nameRange != edited.nameRange)
        } restore: { edited in
            edited.name = original.name
            edited.parameters = original.parameters
            edited.lets = original.lets
            edited.body = original.body
            edited.nameRange = original.nameRange
        }
    }
}
