/// Formats rules files in their canonical layout (see `docs/formatting.md`).
///
/// The formatter prints the syntax tree again, token by token, and puts
/// every comment back where it was. Its output parses to the same tree and
/// formatting it again changes nothing. A file with syntax errors is not
/// formatted: its diagnostics are returned instead.
public enum RulesFormatter {
    /// Lines longer than this break their `&&` / `||` chains.
    public static let lineWidth = 100
    /// Spaces per block level.
    public static let indentWidth = 2
    /// Extra indentation of the continuation lines of a broken condition.
    public static let continuationWidth = 2

    /// Diagnostics that are only warnings for the compiler but mean the tree
    /// lacks part of the text (a second service block, a repeated
    /// `rules_version`), so printing the tree would drop it.
    static let lossyWarnings: Set<String> = ["syntax.extra-service", "syntax.repeated-version"]

    /// What formatting a file produced.
    public enum Outcome: Sendable, Equatable {
        /// The canonical text.
        case formatted(String)
        /// The file does not parse cleanly; these diagnostics say why.
        case unparseable([Diagnostic])
    }

    /// Formats a parsed file.
    public static func format(_ parsed: ParseResult) -> Outcome {
        let blocking = parsed.diagnostics.filter { $0.severity == .error || lossyWarnings.contains($0.id) }
        guard blocking.isEmpty else { return .unparseable(blocking) }
        let bytes = SourceBytes(bytes: parsed.source.bytes)
        var printer = RulesPrinter(writer: LineWriter(source: bytes, comments: bytes.comments(parsed.comments)))
        printer.printRuleset(parsed.ruleset)
        return .formatted(printer.writer.finish())
    }

    /// Parses and formats a file.
    public static func format(_ source: SourceFile) -> Outcome {
        format(Parser.parse(source))
    }
}
