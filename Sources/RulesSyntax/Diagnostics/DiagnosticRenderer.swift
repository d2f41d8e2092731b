/// Turns diagnostics into text: the one renderer every command uses.
///
/// Human mode prints `file:line:col: error: message`, the source line and a
/// caret under the range; colour is used only when asked for (the CLI asks
/// when stdout is a terminal and `NO_COLOR` is unset).
public struct DiagnosticRenderer: Sendable {
    /// The output style.
    public enum Style: Sendable {
        /// Message, source line and caret.
        case human
        /// One line per diagnostic: `file:line:col: severity: message [id]`.
        case plain
    }

    /// The output style.
    public var style: Style
    /// Whether to emit ANSI colour codes.
    public var color: Bool

    /// Creates a renderer.
    public init(style: Style = .human, color: Bool = false) {
        self.style = style
        self.color = color
    }

    /// Renders every diagnostic, sorted by position, each ending with a newline.
    public func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        let sorted = diagnostics.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start, lhs.offset) < (rhs.element.range.start, rhs.offset)
        }.map(\.element)
        return sorted.map { render($0, in: source) }.joined()
    }

    /// Renders one diagnostic.
    public func render(_ diagnostic: Diagnostic, in source: SourceFile) -> String {
        let location = source.location(of: diagnostic.range.start)
        let label = paint(diagnostic.severity.rawValue, diagnostic.severity == .error ? "31" : "33")
        var out = "\(source.path):\(location.line):\(location.column): \(label): \(diagnostic.message)"
        if style == .plain {
            out += " [\(diagnostic.id)]\n"
            return out
        }
        out += "\n"
        out += snippet(for: diagnostic.range, in: source)
        for note in diagnostic.notes {
            if let range = note.range {
                let noteLocation = source.location(of: range.start)
                out += "\(source.path):\(noteLocation.line):\(noteLocation.column): note: \(note.message)\n"
                out += snippet(for: range, in: source)
            } else {
                out += "  note: \(note.message)\n"
            }
        }
        if let help = diagnostic.help {
            out += "  help: \(help)\n"
        }
        return out
    }

    /// The source line of a range with a caret line under it.
    public func snippet(for range: SourceRange, in source: SourceFile) -> String {
        let start = source.location(of: range.start)
        let end = source.location(of: range.end)
        let line = source.lineText(start.line)
        let gutter = String(start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let width = end.line == start.line ? max(1, end.column - start.column) : 1
        // Tabs in the source line are kept in the caret line so the caret stays aligned.
        let prefix = line.unicodeScalars.prefix(start.column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        let carets = paint("^" + String(repeating: "~", count: max(0, width - 1)), "32")
        return "\(pad) |\n\(gutter) | \(line)\n\(pad) | \(prefix)\(carets)\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }
}
