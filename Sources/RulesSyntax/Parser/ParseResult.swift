/// What parsing a rules file produces: a tree (always, even after errors,
/// with ``ExprKind/invalid`` placeholders) and every syntax diagnostic.
public struct ParseResult: Sendable {
    /// The parsed file.
    public var source: SourceFile
    /// The syntax tree.
    public var ruleset: Ruleset
    /// Syntax errors and warnings, in source order.
    public var diagnostics: [Diagnostic]
    /// One more than the largest expression id in the tree.
    public var expressionCount: Int
    /// The range of every comment (`//` and `/* */`, delimiters included),
    /// in source order; the tree itself holds no comments.
    public var comments: [SourceRange]

    /// Creates a parse result.
    public init(source: SourceFile, ruleset: Ruleset, diagnostics: [Diagnostic], expressionCount: Int, comments: [SourceRange] = []) {
        self.source = source
        self.ruleset = ruleset
        self.diagnostics = diagnostics
        self.expressionCount = expressionCount
        self.comments = comments
    }
}
