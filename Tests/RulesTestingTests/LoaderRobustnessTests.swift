import Foundation
import FuzzSupport
import Testing

@testable import RulesTesting

/// No suite text may crash or hang the loader: mutated real suites and
/// YAML token soup either load or fail with a ``SuiteLoadError`` that
/// points into the text.
@Suite("Loader robustness")
struct LoaderRobustnessTests {
    static let tokens = [
        ":", ": ", "-", "- ", "{", "}", "[", "]", ",", "?", "? ", "&a ", "*a", "&b [*a, *a]", "!!str ", "!!int ", "!!map",
        "!x", "|", ">", "|-", "\"", "'", "#", "%YAML 1.2\n", "---\n", "...\n", "\t", "\n", "  ", "~", "null", "true",
        "0x1F", "-.inf", "1e9", "9223372036854775808", "\\u0000", "\u{0}", "\u{FEFF}", "é", "😀", "cases:", "rules:",
        "rulesSource: |\n  x\n", "objects:", "users:", "firestore:", "expect:", "allow", "deny", "op: get", "path: a/b",
        "token: {a: 1}", "time: 2026-01-01T00:00:00Z", "file: .", "file: /dev/null", "size: -1", "size: 99999999999999",
        String(repeating: "x", count: 5000), String(repeating: "[", count: 200), String(repeating: "- ", count: 200),
    ]

    /// Every suite of the repository, with its path.
    static let suites: [(path: String, text: String)] = {
        let root = Fixtures.repositoryRoot
        var found: [(String, String)] = []
        for directory in ["rules-examples", "conformance", "Tests/RulesTestingTests/Fixtures"] {
            let base = root + "/" + directory
            let enumerator = FileManager.default.enumerator(atPath: base)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".yaml") else { continue }
                let path = base + "/" + relative
                if let text = try? String(contentsOfFile: path, encoding: .utf8) { found.append((path, text)) }
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }()

    /// Loads `text` and checks the outcome; returns whether it loaded.
    static func check(_ text: String, path: String, loader: SuiteLoader, label: String) -> Bool {
        do {
            _ = try loader.load(text: text, path: path)
            return true
        } catch {
            let location = error.location
            #expect(error.description.hasPrefix("\(location.file):\(location.line):\(location.column): error: "), "\(label)")
            #expect(location.line >= 1 && location.column >= 1, "\(label): \(error)")
            if location.file == path {
                // YAML ends a line at LF, CR or CRLF, as the reported positions do.
                let lines = SuiteLoadError.yamlLines(text).count
                #expect(location.line <= lines, "\(label): line \(location.line) of \(lines): \(error)")
            } else {
                // Compile errors of a rules file the suite names point into that file.
                #expect(FileManager.default.fileExists(atPath: location.file), "\(label): \(error)")
            }
            return false
        }
    }

    /// 2 × 2,500 inputs, in two halves that can run in parallel.
    @Test("mutated suites and token soup load or fail with a located error", arguments: [0x5EED_7A41, 0xB0B_CA7])
    func mutatedSuites(seed: UInt64) {
        let suites = Self.suites
        #expect(suites.count >= 10)
        var random = SplitMix64(seed: seed)
        let mutator = ByteMutator(tokens: Self.tokens, overwriteBytes: 0...127)
        let loader = SuiteLoader()
        var loaded = 0
        let iterations = 2_500
        for iteration in 0..<iterations {
            let (path, original) = suites[iteration % suites.count]
            let text: String
            if iteration % 10 == 9 {
                text = String(decoding: mutator.soup(maximumTokens: 40, using: &random), as: UTF8.self)
            } else {
                text = String(decoding: mutator.mutate(Array(original.utf8), using: &random), as: UTF8.self)
            }
            if Self.check(text, path: path, loader: loader, label: "iteration \(iteration) (\(path))") { loaded += 1 }
        }
        #expect(loaded > iterations / 20, "some mutations should still load")
    }

    @Test("every real suite loads")
    func realSuitesLoad() {
        let loader = SuiteLoader()
        for (path, text) in Self.suites where !path.contains("broken") {
            #expect(Self.check(text, path: path, loader: loader, label: path), "\(path)")
        }
    }

    static let rules = """
        rulesSource: |
          rules_version = '2';
          service firebase.storage { match /b/{bucket}/o { match /{p=**} { allow read, write; } } }

        """

    /// Nine levels of anchors, each repeating the previous one ten times.
    static func laughs(_ final: String) -> String {
        var text = rules + "users:\n  alice:\n    uid: alice\n    token:\n      l0: &l0 lol\n"
        for level in 1...9 {
            text += "      l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return text + final
    }

    @Test("alias expansion is bounded", arguments: [
        "cases: []\n",
        "      big: {? *l9 : 1}\ncases: []\n",
        "      big: {? *l9 : 1, ? *l8 : 2}\ncases: []\n",
    ])
    func billionLaughs(_ final: String) {
        let text = Self.laughs(final)
        let error = loadError(text)
        #expect(error?.message.contains("aliases expand to more than") == true, "\(String(describing: error))")
        #expect(error?.location.line == 14)
        #expect(Self.check(text, path: "inline.test.yaml", loader: SuiteLoader(), label: "laughs") == false)
        // A byte-order mark is dropped before the count, so it hides nothing.
        let marked = loadError("\u{FEFF}" + text)
        #expect(marked?.message == error?.message && marked?.location == error?.location)
    }

    @Test("a few small aliases still load")
    func smallAliases() throws {
        let text = Self.rules + """
            users:
              alice: &alice {uid: alice, token: {admin: true}}
              bob: *alice
            cases:
              - {name: a, get: x, as: bob, expect: allow}
            """
        let suite = try loadSuite(text)
        #expect(suite.users["bob"]?.uid == "alice")
    }

    @Test("deep nesting is an error, not a stack overflow", arguments: ["[", "{", "- ", "{a: ", "[{a: ", "? "])
    func deepNesting(_ opener: String) {
        let text = Self.rules + "cases: " + String(repeating: opener, count: 100_000) + "x\n"
        let error = loadError(text)
        #expect(error?.message.hasPrefix("invalid YAML") == true, "\(String(describing: error))")
        #expect(Self.check(text, path: "inline.test.yaml", loader: SuiteLoader(), label: opener) == false)
    }

    @Test("a 5 MB suite loads")
    func largeSuite() throws {
        var text = Self.rules + "cases:\n"
        var index = 0
        while text.utf8.count < 5_000_000 {
            text += "  - {name: case \(index), get: \"files/\(index)\", expect: allow}\n"
            index += 1
        }
        let suite = try loadSuite(text)
        #expect(suite.cases.count == index)
    }

    @Test("very long lines and scalars", arguments: [1_000_000, 3_000_000])
    func longLines(_ length: Int) {
        let long = String(repeating: "a", count: length)
        for text in [
            Self.rules + "cases: [" + long + "\n",
            Self.rules + "bucket: " + long + "\ncases: []\n",
            Self.rules + "cases:\n  - name: \"" + long,
            Self.rules + long + ": 1\n",
        ] {
            _ = Self.check(text, path: "inline.test.yaml", loader: SuiteLoader(), label: "long \(length)")
        }
    }

    @Test("the alias pre-check sees every place an alias can start", arguments: [
        ("*a", true), ("x: *a", true), ("[*a]", true), ("{a: 1,*b : 2}", true), ("\"k\":*a", true), ("- *a", true),
        ("{p=**}", false), ("/*c*/", false), ("/* c */", true), ("a * b", false), ("a*b", false), ("**", false), ("", false),
        ("*", false), ("a: *", false), ("a*b *c", true), ("é: *é", true), ("a**b", false), ("x\n*\n", false),
    ])
    func aliasCandidates(_ example: (String, Bool)) {
        #expect(YAMLLimits.mayContainAlias(example.0) == example.1, "\(example.0)")
    }
}
