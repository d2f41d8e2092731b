/// Parses rules files. (Foundation placeholder: replaced by the real parser.)
public enum Parser {
    /// Parses a whole file, recovering from errors.
    public static func parse(_ source: SourceFile) -> ParseResult {
        let range = SourceRange(start: 0, end: source.bytes.count)
        return ParseResult(
            source: source,
            ruleset: Ruleset(version: .v1, versionRange: nil, functions: [], service: nil, range: range),
            diagnostics: [.error("syntax.unavailable", "parser not yet available", at: range)],
            expressionCount: 0)
    }
}
