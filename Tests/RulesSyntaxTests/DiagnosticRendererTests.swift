import RulesSyntax
import Testing

/// The human rendering every command prints: position, message, source line, caret.
struct DiagnosticRendererTests {
    static let source = SourceFile(path: "storage.rules", text: "match /a {\n\tallow read: if é == ;\n}\n")

    /// The byte range of `needle` in the source.
    static func range(of needle: String) -> SourceRange {
        let bytes = Array(source.text.utf8)
        let target = Array(needle.utf8)
        let start = (0...(bytes.count - target.count)).first { Array(bytes[$0..<($0 + target.count)]) == target } ?? 0
        return SourceRange(start: start, end: start + target.count)
    }

    @Test func humanStyleShowsTheLineAndACaretUnderTheRange() {
        let diagnostic = Diagnostic.error("syntax.unexpected-token", "Unexpected ';'.", at: Self.range(of: ";"), help: "finish the comparison")
        let text = DiagnosticRenderer(style: .human).render(diagnostic, in: Self.source)
        // Columns count characters (é is one), and the tab is kept so the caret lines up.
        #expect(text == """
            storage.rules:2:22: error: Unexpected ';'.
              |
            2 | \tallow read: if é == ;
              | \t                    ^
              help: finish the comparison

            """)
    }

    @Test func multiCharacterRangesGetTildes() {
        let diagnostic = Diagnostic.warning("check.invalid-variable", "Invalid variable name: é.", at: Self.range(of: "é =="))
        let lines = DiagnosticRenderer(style: .human).render(diagnostic, in: Self.source).split(separator: "\n")
        #expect(lines.first == "storage.rules:2:17: warning: Invalid variable name: é.")
        #expect(lines.last == "  | \t               ^~~~")
    }

    @Test func plainStyleIsOneLineWithTheId() {
        let diagnostic = Diagnostic.error("syntax.unexpected-token", "Unexpected ';'.", at: Self.range(of: ";"))
        #expect(DiagnosticRenderer(style: .plain).render(diagnostic, in: Self.source)
            == "storage.rules:2:22: error: Unexpected ';'. [syntax.unexpected-token]\n")
    }

    @Test func notesPointAtTheirOwnLines() {
        var diagnostic = Diagnostic.error("check.duplicate-function", "Function f is already defined.", at: Self.range(of: "allow"))
        diagnostic.notes = [DiagnosticNote(message: "first defined here", range: Self.range(of: "match")), DiagnosticNote(message: "no range")]
        let text = DiagnosticRenderer(style: .human).render(diagnostic, in: Self.source)
        #expect(text.contains("storage.rules:1:1: note: first defined here\n  |\n1 | match /a {\n  | ^~~~~\n"))
        #expect(text.contains("  note: no range\n"))
    }

    @Test func colourOnlyWhenAsked() {
        let diagnostic = Diagnostic.error("syntax.unexpected-token", "Unexpected ';'.", at: Self.range(of: ";"))
        #expect(!DiagnosticRenderer(style: .human, color: false).render(diagnostic, in: Self.source).contains("\u{1B}["))
        #expect(DiagnosticRenderer(style: .human, color: true).render(diagnostic, in: Self.source).contains("\u{1B}[1;31merror\u{1B}[0m"))
    }

    @Test func diagnosticsAreSortedByPosition() {
        let late = Diagnostic.error("a", "late", at: Self.range(of: ";"))
        let early = Diagnostic.warning("b", "early", at: Self.range(of: "match"))
        let text = DiagnosticRenderer(style: .plain).render([late, early], in: Self.source)
        #expect(text == "storage.rules:1:1: warning: early [b]\nstorage.rules:2:22: error: late [a]\n")
    }
}
