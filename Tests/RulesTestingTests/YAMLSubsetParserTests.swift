import FuzzSupport
import Testing

@testable import RulesTesting

/// The subset parser must compose exactly the tree libyaml's events give
/// (texts, styles and positions), or leave the text to libyaml.
@Suite("YAML subset parser")
struct YAMLSubsetParserTests {
    /// The subset parser's tree; long lists are split over the cores from `parallelListBytes` of text.
    static func subset(_ text: String, parallelListBytes: Int = .max) -> YAMLNode? {
        var text = text
        return text.withUTF8 { YAMLSubsetParser.compose($0, parallelListBytes: parallelListBytes) }
    }

    /// libyaml's tree, which ``YAMLComposerTests`` holds equal to Yams'.
    static func libyaml(_ text: String) -> YAMLNode? {
        YAMLComposer.composeUsual(text)
    }

    @Test("every suite of the repository is composed here, as libyaml composes it")
    func realSuites() {
        var composedHere = 0
        for (path, text) in LoaderRobustnessTests.suites {
            guard let tree = Self.subset(text) else { continue }
            composedHere += 1
            #expect(tree == Self.libyaml(text), "\(path)")
        }
        // Every suite but those written to exercise libyaml (tabs, anchors, folded text).
        #expect(composedHere >= LoaderRobustnessTests.suites.count - 3, "\(composedHere) of \(LoaderRobustnessTests.suites.count)")
    }

    /// Block and flow style, one case per line, and the same suite as JSON.
    static let suiteStyles = [
        """
        rulesSource: |
          rules_version = '2';
          service firebase.storage {
            match /b/{bucket}/o {
              match /users/{uid}/{file=**} { allow read: if request.auth.uid == uid; }
            }
          }
        time: 2026-01-01T00:00:00Z
        users:
          u0: {uid: u0, token: {email_verified: true}}
        objects:
          - {path: users/u0/a.jpg, size: 100}
          - {path: users/u0/docs/b.txt, content: hello}
        cases:
          - {name: c0, as: u0, get: users/u0/a.jpg, expect: allow}
          - {name: c4, as: u4, list: users/u4, expect: {decision: allow, items: [users/u4/a.jpg]}}
          - {name: c5, as: u5, updateMetadata: users/u5/a.jpg, set: {metadata: {label: x}}, expect: allow}
          - {name: c7, as: u7, request: {method: delete, path: users/u8/a.jpg}, expect: deny}

        """,
        """
        rules: storage.rules   # beside the suite
        bucket: my-site.appspot.com
        users:
          editor: {uid: ed, token: {email: ed@example.com, email_verified: true}}
        firestore:
          /databases/(default)/documents/projects/apollo: {members: [vera, eddie, ada]}
        objects:
          - path: avatars/alice/me.png
            size: 1024
          - {path: public/index.html, content: "<h1>hi</h1>", cacheControl: "public, max-age=300"}
        cases:
          # signed out
          - name: a signed-out visitor downloads a page
            get: public/index.html
            expect:
              decision: allow
              metadata: {contentType: text/html, cacheControl: "public, max-age=300"}

          - name: 'it''s a "quoted" name'
            as: editor
            upload: public/about.html
            content: "<h1>about</h1>\\n\\t\\u00e9\\/"
            expect: {decision: allow,
              metadata: {contentType: text/html}}
        """,
        """
        {"rulesSource": "rules_version = '2';\\nservice firebase.storage {}\\n",
         "time": "2026-01-01T00:00:00Z",
         "users": {"u0": {"uid": "u0", "token": {"email_verified": true}}},
         "objects": [{"path": "users/u0/a.jpg", "size": 100},
          {"path": "users/u0/docs/b.txt", "content": "hello"}],
         "cases": [{"name": "c0", "as": "u0", "get": "users/u0/a.jpg", "expect": "allow"},
          {"name": "c1", "get": "x", "expect": {"decision": "deny", "items": []}, "none": null}
        ]
        }

        """,
    ]

    @Test("suites in block style, flow style and JSON are composed here", arguments: suiteStyles)
    func suiteStyle(_ text: String) {
        let tree = Self.subset(text)
        #expect(tree != nil)
        #expect(tree == Self.libyaml(text))
    }

    @Test("each construct of the subset is composed as libyaml composes it", arguments: [
        "a: plain text  \nb: 'single ''quoted'''\nc: \"double \\\" \\\\ \\x41 \\U0001F600 \\ \"\n",
        "a: b#c\nd: e # comment\nf: 'g' # comment\n# last\n",
        "a: x:y\nb: http://example.com/p?q=1\nc: a - b\nd: -1\ne: [a, -b]\n",
        "a : spaced\n'quoted key': 1\n\"double key\" : 2\n",
        "a:\n- 1\n- x: y\n  z: w\nb: 2\n",
        "a:\n  - 1\n  -   two words\n  - {k: v}\n  - [x, [y, z], {}]\nb: []\n",
        "list:\n  - name: n\n    nested:\n      deeper: 1\n  - name: m\nnext: 1\n",
        "a: |\n  literal\n    indented\n\n  after an empty line\nb: |-\n  stripped\n\n\nc: |+\n  kept\n\n\nd: 1\n",
        "a: |\n  x\n\n   \n    \n  y\n",
        "a: |\n  no final break",
        "a: |-\n  no final break",
        "a: |+\n  text\n\n",
        "l:\n  - x: |\n      in a list\n    y: 1\n",
        "long: 0123456789abcdef ü 0123456789abcdef\nnext: {k: 0123456789abcdef😀0123456789abcdef, w: x}\n",
        "é😀: 'wide'\nkey: 日本語 text  \nnext: {k: ü, w: [1, 2]}\n  # indented comment\n",
        "   indented: root\n   second: key\n",
        "l:\n- |\n  in a list\n- b\nm:\n  - |-\n    x\n\n  - {a: 1}\n",
        "a: {b: 1,\n  c: 2}\n",
        "a: [1,\n   2,   # comment\n\n   3]\n",
        "{\"a\": [1, 2.5, -3, true, false, null], \"b\": {\"c\": \"\\u00e9\\b\\f\\r\"}}",
        "{\"a\":[1,2.5,\"x\"],\"b\":{\"c\":\"d\",\"e\":{}},\"f\":null}", "a: {'b':1, \"c\":[2]}\n",
        "{a: 1}\n\n# trailing comment\n",
        "key: ~\nother: null\nbool: True\nhex: 0x1F\n",
    ])
    func sameTree(_ text: String) {
        let tree = Self.subset(text)
        #expect(tree != nil, "left to libyaml")
        #expect(tree == Self.libyaml(text))
    }

    @Test("a surrogate pair of JSON escapes is one character, which libyaml would refuse")
    func surrogatePair() {
        let pair = Self.subset("{\"name\": \"\\ud83d\\ude00 x\"}")
        #expect(pair != nil, "left to libyaml")
        #expect(pair == Self.libyaml("{\"name\": \"\\U0001F600 x\"}"))
    }

    @Test("texts outside the subset are left to libyaml", arguments: [
        "a: 1\n\tb: 2\n", "a:\tb\n", "a: 1\r\nb: 2\r\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: !x b\n",
        "? a\n: b\n", "a: >\n  folded\n", "a: |2\n  x\n", "a: | # header comment\n  x\n", "a: |\n\n  leading empty line\n",
        "a: |\nb: 1\n", "a: plain\n  continued\n", "a: 'quoted\n  continued'\n", "a: \"x\\\n  y\"\n", "a:\nb: 1\n",
        "a: 1\na: 2\n", "1: x\n'1': y\n", "---\na: 1\n", "a: 1\n...\n", "%YAML 1.2\n---\na: 1\n", "- a\n- b\n", "just text\n", "",
        "# only a comment\n", "a: [1, 2\n", "a: {b: 1,}\n", "a: [1, 2,]\n", "a: {b}\n", "a: {b: }\n", "a: [b: c]\n",
        "a: {b: c:d}\n", "a: {b: c#d}\n", "a: {b: 1,\nc: 2}\n", "a: b: c\n", "a: - b\n", "- - a\n",
        "a:\n  - - b\n", "a: \"\\N\"\n", "a: \"\\u0000\"\n", "a: \"\\ud800\"\n", "a: \"\\ud83d\\u0041\"\n", "a: @b\n", "a: `b\n", "a: %b\n", "a: 'b'c\n",
        "a: \"b\"#c\n", "a: x\n b: y\n", "a:\n  b: 1\n c: 2\n", "\u{FEFF}a: 1\n", "a: \u{85}\n", "a: b\u{2028}c\n",
        "a: \u{1}\n", "a: 0123456789abcdef\u{1}0123456789\n", "a: 0123456789abcdef\u{7F}0123456789\n",
        "a: 0123456789abcdef\u{85}0123456789\n", "a: 0123456789abcdef\t0123456789\n", "a: {b: 1}}\n", "a: b\n  # comment\n  c\n", String(repeating: "x", count: 1_100) + ": 1\n",
        String(repeating: "a: [", count: 70) + "1" + String(repeating: "]", count: 70) + "\n",
    ])
    func leftToLibyaml(_ text: String) {
        #expect(Self.subset(text) == nil)
    }

    /// A long list of varied entries: block and flow mappings, literal
    /// blocks, comments, blank lines and wide characters between them.
    static func longList(entries: Int, indent: String) -> String {
        var text = "rules: storage.rules\ncases:\n"
        for index in 0..<entries {
            switch index % 6 {
            case 0: text += "\(indent)- {name: c\(index), as: u\(index % 7), get: users/u\(index)/a.jpg, expect: allow}\n"
            case 1: text += "\(indent)- name: 'c\(index) ü'\n\(indent)  upload: users/x\(index).png\n\(indent)  size: \(index)\n\(indent)  expect: deny\n"
            case 2: text += "\n\(indent)# a comment before an entry\n\(indent)- name: c\(index)\n\(indent)  note: |\n\(indent)    text\n\n\(indent)    - not an entry\n"
            case 3: text += "\(indent)- {name: c\(index), expect: {decision: allow,\n\(indent)    items: [a, b]}}  # after\n"
            case 4: text += "\(indent)- c\(index) plain 😀\n"
            default: text += "\(indent)- [x\(index), \"y\\u00e9\"]\n"
            }
        }
        return text + "after: 1\n"
    }

    /// The same kind of list as JSON and as a YAML flow list: nested
    /// collections, escaped quotes, commas and brackets inside strings,
    /// comments and line breaks between items.
    static func longFlowList(entries: Int) -> String {
        var text = "{\"rulesSource\": \"x\",\n \"cases\": ["
        for index in 0..<entries {
            switch index % 5 {
            case 0: text += "{\"name\": \"c\(index)\", \"get\": \"a/b\", \"expect\": {\"decision\": \"allow\", \"items\": [\"x\", \"y\"]}}"
            case 1: text += "{\"name\": \"c\(index) \\\"q\\\", [x], {y}\", \"size\": \(index)}"
            case 2: text += "\n  # a comment\n  {name: 'c\(index) it''s, [ok]', n: [1, [2, 3]], m: {}}"
            case 3: text += "[c\(index), \"ü😀\", []]"
            default: text += "c\(index)"
            }
            text += index + 1 < entries ? (index % 3 == 0 ? ",\n  " : ", ") : "\n ]"
        }
        return text + "}\n"
    }

    @Test("a long flow list (JSON) parsed over the cores is the list parsed in one pass")
    func parallelFlowList() {
        let text = Self.longFlowList(entries: 2_000)
        let parallel = Self.subset(text, parallelListBytes: 0)
        #expect(parallel != nil)
        #expect(parallel == Self.subset(text))
        #expect(parallel == Self.libyaml(text))
    }

    /// The equality tests above would pass if every split were refused and
    /// each list parsed in one pass: the parts must be taken.
    @Test("long block and flow lists are split into parts that are all taken")
    func partsAreTaken() {
        var block = Self.longList(entries: 2_000, indent: "  ")
        block.withUTF8 { bytes in
            var parser = YAMLSubsetParser.Parser(bytes: bytes, isASCII: false)
            let listLine = Array(bytes).firstRange(of: Array("cases:\n".utf8))!.upperBound
            (parser.position, parser.line, parser.lineStart) = (listLine + 2, 3, listLine)
            #expect(parser.entriesInParallel(indent: 2, isIndentless: false)?.count == 2_000)
        }
        var flow = Self.longFlowList(entries: 2_000)
        flow.withUTF8 { bytes in
            var parser = YAMLSubsetParser.Parser(bytes: bytes, isASCII: false)
            let open = bytes.firstIndex(of: UInt8(ascii: "["))!
            let lineStart = bytes.firstIndex(of: UInt8(ascii: "\n"))! + 1
            (parser.position, parser.line, parser.lineStart) = (open + 1, 2, lineStart)
            #expect(parser.flowItemsInParallel(blockIndent: -1)?.count == 2_000)
        }
    }

    @Test("a long list parsed over the cores is the list parsed in one pass", arguments: ["  ", ""])
    func parallelList(indent: String) {
        let text = Self.longList(entries: 2_000, indent: indent)
        let parallel = Self.subset(text, parallelListBytes: 0)
        #expect(parallel != nil)
        #expect(parallel == Self.subset(text))
        #expect(parallel == Self.libyaml(text))
    }

    /// Mutations inside a long list: a part that ends anywhere but where the
    /// next begins must leave the text to libyaml, never compose another tree.
    @Test("mutated long lists parsed over the cores compose as libyaml composes them", arguments: [0x9A7, 0x51DE])
    func mutatedParallelLists(seed: UInt64) {
        let seeds = [Self.longList(entries: 700, indent: "  "), Self.longList(entries: 700, indent: ""), Self.longFlowList(entries: 700)]
        var random = SplitMix64(seed: seed)
        let tokens = LoaderRobustnessTests.tokens + ["\n- ", "\n  - ", "\n    ", "\n  ", "|\n", "#", "{", "}", ", ", "\"", "'", "\\\""]
        let mutator = ByteMutator(tokens: tokens, overwriteBytes: 0...127)
        var composedHere = 0
        for iteration in 0..<300 {
            let text = String(decoding: mutator.mutate(Array(seeds[iteration % seeds.count].utf8), using: &random), as: UTF8.self)
            guard let tree = Self.subset(text, parallelListBytes: 0) else { continue }
            composedHere += 1
            #expect(tree == Self.subset(text), "iteration \(iteration)")
            #expect(tree == Self.libyaml(text), "iteration \(iteration)")
        }
        #expect(composedHere > 30)
    }

    /// Whatever this parser composes from mutated suites, libyaml composes
    /// to the same tree; what it refuses goes to libyaml anyway.
    @Test("mutated suites compose as libyaml composes them", arguments: [0x5AB_5E7, 0xF1A7_0FF, 0xD1FF])
    func mutatedSuites(seed: UInt64) {
        let seeds = LoaderRobustnessTests.suites.map(\.text) + Self.suiteStyles
        var random = SplitMix64(seed: seed)
        let tokens = LoaderRobustnessTests.tokens + ["'", "''", "\\\"", "\\u00e9", "|+\n", "|-\n", "\n  ", "\n    ", "\n- ", ": {", "#x"]
        let mutator = ByteMutator(tokens: tokens, overwriteBytes: 0...127)
        var composedHere = 0
        for iteration in 0..<6_000 {
            let original = seeds[iteration % seeds.count]
            let text = String(decoding: mutator.mutate(Array(original.utf8), using: &random), as: UTF8.self)
            guard let tree = Self.subset(text) else { continue }
            composedHere += 1
            #expect(tree == Self.libyaml(text), "iteration \(iteration): \(text.debugDescription)")
        }
        #expect(composedHere > 1_000, "most mutations stay inside the subset")
    }
}
