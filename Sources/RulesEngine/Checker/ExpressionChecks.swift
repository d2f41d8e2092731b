import RulesSyntax

/// The checks that look at one expression node at a time (nesting depth,
/// constant patterns, incomparable operands), made during name
/// resolution's walk (``NameResolution``), which visits every root
/// expression parent first, siblings in source order: the order in which
/// each check reports.
///
/// Each check keeps its own list, so the checker can report them where it
/// always has.
struct ExpressionChecks {
    /// What the checks found, one list per check.
    struct Findings {
        /// `check.too-complex`, at most one per root expression.
        var depth: [Diagnostic] = []
        /// Constant patterns of `matches`, `split` and `replace` (``RegexCheck``).
        var patterns: [Diagnostic] = []
        /// `!=` of operands that can never be equal (``ComparisonCheck``).
        var comparisons: [Diagnostic] = []
    }

    private(set) var findings = Findings()
    /// The deepest level reached in the current root expression.
    private var deepest = 0

    /// Starts a root expression.
    mutating func begin() {
        deepest = 0
    }

    /// Counts a node `depth` levels down its root (the root is at 1).
    mutating func visit(depth: Int) {
        deepest = max(deepest, depth)
    }

    /// Checks a call, whose callee and arguments the walk has taken apart.
    mutating func visitCall(callee: Expr, arguments: [Expr]) {
        RegexCheck.check(callee: callee, arguments: arguments, into: &findings.patterns)
    }

    /// Checks `lhs != rhs`, the node at `range`.
    mutating func visitNotEqual(_ lhs: Expr, _ rhs: Expr, at range: SourceRange) {
        ComparisonCheck.check(lhs, rhs, at: range, into: &findings.comparisons)
    }

    /// Ends the root expression `root`.
    mutating func end(_ root: Expr) {
        if deepest > Checker.maximumExpressionDepth {
            findings.depth.append(.error("check.too-complex", CheckMessages.tooComplex, at: root.range))
        }
    }
}
