import Foundation
import Testing

@testable import RulesTesting

/// Suite-loading messages in our own words, at the place of the mistake.
@Suite("YAML messages")
struct YAMLMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a rules file given to test", text: "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {}\n}\n",
            line: 1, column: 1, message: "this is a rules file, not a suite: give the suite (*.test.yaml) that names it with `rules:`"),
        Case(
            name: "a rules file starting with a comment", text: "// storage rules\nservice firebase.storage {}\n",
            line: 1, column: 1, message: "this is a rules file, not a suite: give the suite (*.test.yaml) that names it with `rules:`"),
        Case(
            name: "duplicate top-level key", text: "rules: a.rules\ncases: []\nrules: b.rules\n",
            line: 3, column: 1, message: "duplicate key `rules`: the key appears earlier in the same mapping (line 1)"),
        Case(
            name: "duplicate key in a case", text: "rules: a.rules\ncases:\n  - name: a\n    get: x\n    name: b\n",
            line: 5, column: 5, message: "duplicate key `name`: the key appears earlier in the same mapping (line 3)"),
        Case(
            name: "duplicate key in a flow mapping", text: "rules: a.rules\ncases:\n  - {name: a, get: x, name: b}\n",
            line: 3, column: 23, message: "duplicate key `name`: the key appears earlier in the same mapping (line 3)"),
        Case(
            name: "a second document", text: "rules: a.rules\ncases: []\n---\nrules: b.rules\n",
            line: 3, column: 1,
            message: "invalid YAML: a suite file holds one YAML document; a second one (after `---` or `...`) starts here"),
        Case(
            name: "very deep nesting", text: "rules: a.rules\ncases: " + String(repeating: "[", count: 2_000) + "\n",
            line: 2, column: -1, message: "invalid YAML: nested deeper than 1,000 levels"),
        Case(
            name: "maxResults beyond 64 bits",
            text: ownerRules + "\ncases:\n  - {name: a, list: f, maxResults: 100000000000000000000, expect: allow}\n",
            line: ownerRules.split(separator: "\n").count + 2, column: 36, message: "`maxResults` must be between 1 and 1000, found 100000000000000000000"),
    ]

    @Test(arguments: cases)
    func message(_ example: Case) {
        let error = loadError(example.text)
        #expect(error?.message == example.message)
        #expect(error?.location.line == example.line)
        if example.column > 0 { #expect(error?.location.column == example.column) }
        #expect(error.map { !$0.message.contains("yaml_") } ?? false)
    }
}
