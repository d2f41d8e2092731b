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

    /// Source lines longer than this many characters are shown as a window
    /// of this width around the caret, cut ends marked with `…`.
    public static let windowWidth = 100
    /// How many characters of the window lie before the caret, when the line allows.
    static let contextBeforeCaret = 40

    /// The source line of a range with a caret line under it; a long line is
    /// cut to a window around the caret, and the `~` underline to that window.
    public func snippet(for range: SourceRange, in source: SourceFile) -> String {
        let start = source.location(of: range.start)
        let end = source.location(of: range.end)
        let scalars = Array(source.lineText(start.line).unicodeScalars)
        let gutter = String(start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let caret = min(max(0, start.column - 1), scalars.count)
        var width = end.line == start.line ? max(1, end.column - start.column) : 1
        var from = 0
        var to = scalars.count
        if scalars.count > Self.windowWidth {
            from = max(0, min(caret - Self.contextBeforeCaret, scalars.count - Self.windowWidth))
            to = from + Self.windowWidth
            width = max(1, min(width, to - caret))
        }
        let leading = from > 0 ? "…" : ""
        let trailing = to < scalars.count ? "…" : ""
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: scalars[from..<to])
        // Tabs in the source line are kept in the caret line so the caret stays aligned.
        let prefix = (leading.isEmpty ? "" : " ") + scalars[from..<caret].map { $0 == "\t" ? "\t" : " " }.joined()
        let carets = paint("^" + String(repeating: "~", count: max(0, width - 1)), "32")
        return "\(pad) |\n\(gutter) | \(leading)\(String(shown))\(trailing)\n\(pad) | \(prefix)\(carets)\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }
}
