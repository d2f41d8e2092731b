import FuzzSupport
import Testing
import Yams

@testable import RulesTesting

/// The event composer must build exactly the tree Yams composes, and leave
/// every text it does not handle to Yams.
@Suite("YAML composer")
struct YAMLComposerTests {
    /// Yams' tree for `text`, `nil` when Yams refuses it or finds no document.
    static func yamsTree(_ text: String) -> YAMLNode? {
        (try? Yams.compose(yaml: text, Resolver.basic)).flatMap { $0 }.map(YAMLNode.init)
    }

    @Test("every suite of the repository is composed here, as Yams composes it")
    func realSuites() {
        let suites = LoaderRobustnessTests.suites
        #expect(suites.count >= 10)
        for (path, text) in suites {
            let composed = YAMLComposer.composeUsual(text)
            #expect(composed != nil, "\(path) went to Yams")
            #expect(composed == Self.yamsTree(text), "\(path)")
        }
    }

    /// Mutations of real suites: whatever this composer accepts, Yams
    /// composes to the same tree (styles, texts and positions included).
    @Test("mutated suites compose as Yams composes them", arguments: [0xC0_4405E, 0x7A6_5EED])
    func mutatedSuites(seed: UInt64) {
        let suites = LoaderRobustnessTests.suites
        var random = SplitMix64(seed: seed)
        let mutator = ByteMutator(tokens: LoaderRobustnessTests.tokens, overwriteBytes: 0...127)
        var composedHere = 0
        for iteration in 0..<2_000 {
            let (path, original) = suites[iteration % suites.count]
            let text = String(decoding: mutator.mutate(Array(original.utf8), using: &random), as: UTF8.self)
            guard let composed = YAMLComposer.composeUsual(text) else { continue }
            composedHere += 1
            #expect(composed == Self.yamsTree(text), "iteration \(iteration) (\(path))")
        }
        #expect(composedHere > 200, "most mutations stay usual suites")
    }

    @Test("styles, escapes, folding, line breaks, wide characters and JSON are read as Yams reads them", arguments: [
        "a: plain\nb: 'single ''quoted'''\nc: \"double \\t \\u00e9 \\0\"\nd: |\n  literal\n  text\ne: >-\n  folded\n  text\n",
        "a: 1\r\nb: [x, 'y', {c: d}]\r\n",
        "a: 1\rb: 2\r",
        "é😀: 'wide'\n  # comment\nkey: 日本語 text  \nnext: {k: v, w: [1, 2]}\n",
        "a:\n- 1\n- - 2\n  - 3\n-\nb: ~\nc:\n",
        "a: &anchor 1\nb: [&list x]\n",
        "? explicit\n: value\n'': empty key\n",
        "%YAML 1.1\n---\na: b\n...\n",
        "{\"rulesSource\": \"x\", \"cases\": [{\"name\": \"n\", \"get\": \"a/b\", \"size\": 2048, \"ok\": true, \"none\": null}]}\n",
    ])
    func sameTree(_ text: String) {
        let composed = YAMLComposer.composeUsual(text)
        #expect(composed != nil)
        #expect(composed == Self.yamsTree(text))
    }

    @Test("texts this composer leaves to Yams", arguments: [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "a: !custom x\n",
        "a: !!seq [1]\n",
        "? [a, b]\n: c\n",
        "? {a: b}\n: c\n",
        "a: 1\na: 2\n",
        "1: x\n'1': y\n",
        "a: 1\n---\nb: 2\n",
        "",
        "# only a comment\n",
        "- a\n- b\n",
        "just text\n",
        "a: [1, 2\n",
        "a: 'open\n",
        "a:\tb: c\n",
        // libyaml, told the text is UTF-8, refuses a byte-order mark (the suite reader drops one).
        "\u{FEFF}a: 1\nb: 2\n",
    ])
    func leftToYams(_ text: String) {
        #expect(YAMLComposer.composeUsual(text) == nil)
    }

    /// Past 16 keys a mapping's keys are hashed instead of scanned.
    @Test("a repeated key is noticed in short and long mappings", arguments: [2, 16, 17, 40])
    func repeatedKeys(count: Int) {
        let keys = (0..<count).map { "key\($0): \($0)\n" }.joined()
        #expect(YAMLComposer.composeUsual(keys) != nil)
        #expect(YAMLSubsetParserTests.subset(keys) != nil)
        for repeated in [0, count / 2, count - 1] {
            #expect(YAMLComposer.composeUsual(keys + "key\(repeated): again\n") == nil, "key\(repeated)")
            // The subset parser shares the check: it leaves the text to libyaml.
            #expect(YAMLSubsetParserTests.subset(keys + "key\(repeated): again\n") == nil, "key\(repeated)")
        }
    }

    @Test("an empty stream is no document, through either composer")
    func emptyStream() throws {
        #expect(try YAMLComposer.compose("") == nil)
        #expect(try YAMLComposer.compose("# nothing\n") == nil)
        #expect(try YAMLComposer.compose("- a\n") == .sequence(YAMLNode.List(
            items: [.scalar(YAMLNode.Scalar(string: "a", style: .plain, mark: .init(line: 1, column: 3)))],
            mark: .init(line: 1, column: 1))))
    }
}
