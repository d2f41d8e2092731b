import RulesSyntax

/// The checks that look at one expression node at a time (nesting depth,
/// constant patterns, incomparable operands), made in one walk over every
/// root expression instead of one walk each.
///
/// Each check keeps its own list, in the order its own walk would have
/// found them, so the checker can report them where it always has.
struct ExpressionChecks {
    let ruleset: Ruleset

    /// What the walk found, one list per check.
    struct Findings {
        /// `check.too-complex`, at most one per root expression.
        var depth: [Diagnostic] = []
        /// Constant patterns of `matches`, `split` and `replace` (``RegexCheck``).
        var patterns: [Diagnostic] = []
        /// `!=` of operands that can never be equal (``ComparisonCheck``).
        var comparisons: [Diagnostic] = []
    }

    func run() -> Findings {
        var findings = Findings()
        var stack: [(node: Expr, depth: Int)] = []
        ruleset.forEachRootExpression { root in
            var deepest = 0
            stack.append((root, 1))
            // Parents before children, siblings in source order: the order
            // in which each check reports.
            while let (node, depth) = stack.popLast() {
                deepest = max(deepest, depth)
                RegexCheck.check(node, into: &findings.patterns)
                ComparisonCheck.check(node, into: &findings.comparisons)
                node.forEachChildReversed { stack.append(($0, depth + 1)) }
            }
            if deepest > Checker.maximumExpressionDepth {
                findings.depth.append(.error("check.too-complex", CheckMessages.tooComplex, at: root.range))
            }
        }
        return findings
    }
}
