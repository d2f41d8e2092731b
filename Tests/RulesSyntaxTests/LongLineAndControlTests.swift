import Testing

@testable import RulesSyntax

/// Diagnostics on hostile text: long lines are windowed, control characters are named.
struct LongLineAndControlTests {
    static func render(_ text: String) -> String {
        let result = Parser.parse(SourceFile(path: "s.rules", text: text))
        return DiagnosticRenderer(style: .human).render(result.diagnostics, in: SourceFile(path: "s.rules", text: text))
    }

    @Test("10,000 parentheses give a window around the caret, not a 20 KB line")
    func manyParentheses() {
        let text = "service firebase.storage { match /x { allow read: if " + String(repeating: "(", count: 10_000) + "; } }"
        let rendered = Self.render(text)
        let longest = rendered.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 200, "longest line: \(longest)")
        #expect(rendered.contains("…"))
    }

    @Test("a 500-term && chain underlines only the window")
    func longUnderline() {
        let range = SourceRange(start: 10, end: 5_000)
        let source = SourceFile(path: "s.rules", text: String(repeating: "a && ", count: 1_000))
        let snippet = DiagnosticRenderer(style: .human).snippet(for: range, in: source)
        let lines = snippet.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "1 | " + String(repeating: "a && ", count: 20) + "…")
        #expect(lines[2] == "  | " + String(repeating: " ", count: 10) + "^" + String(repeating: "~", count: 89))
        // Further along the line the window starts 40 characters before the caret, after an ellipsis.
        let later = DiagnosticRenderer(style: .human).snippet(for: SourceRange(start: 1_000, end: 1_001), in: source)
        let laterLines = later.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(laterLines[1] == "1 | …" + String(repeating: "a && ", count: 20) + "…")
        #expect(laterLines[2] == "  |  " + String(repeating: " ", count: 40) + "^")
    }

    @Test("a short line is shown whole")
    func shortLine() {
        let source = SourceFile(path: "s.rules", text: "allow read: if x;")
        #expect(DiagnosticRenderer().snippet(for: SourceRange(start: 15, end: 16), in: source) == "  |\n1 | allow read: if x;\n  |                ^\n")
    }

    @Test("a NUL byte is a lexer error naming the character", arguments: [
        ("\u{0}", "invalid character U+0000 (NUL): control characters are not allowed in rules"),
        ("\u{7}\u{7}", "invalid character U+0007 (BEL): control characters are not allowed in rules"),
        ("\u{1F}", "invalid character U+001F: control characters are not allowed in rules"),
    ])
    func controlCharacters(_ character: String, _ message: String) {
        let text = "service firebase.storage { match /x { allow read: if true\(character); } }"
        let diagnostics = Parser.parse(SourceFile(path: "s.rules", text: text)).diagnostics
        #expect(diagnostics.map(\.id) == ["syntax.invalid-character"])
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.range == SourceRange(start: 57, end: 57 + character.utf8.count))
    }
}
