import RulesEngine
import RulesSyntax

/// Builds a ``CoverageReport`` from the decision traces of a run.
public enum CoverageCollector {
    /// Coverage of every rules file used by the run's suites.
    public static func collect(_ run: RunResult) -> CoverageReport {
        var groups: [ObjectIdentifier: (rules: CompiledRuleset, decisions: [Decision])] = [:]
        for suite in run.suites {
            let key = ObjectIdentifier(suite.suite.rules)
            var group = groups[key] ?? (suite.suite.rules, [])
            for result in suite.cases {
                for step in result.steps {
                    group.decisions += step.outcome?.decisions ?? []
                }
            }
            groups[key] = group
        }
        var files = groups.values.map { coverage(of: $0.rules, decisions: $0.decisions) }
        files.sort { ($0.source.path, $0.source.text.count) < ($1.source.path, $1.source.text.count) }
        return CoverageReport(files: files)
    }

    /// Coverage of one ruleset from a list of its decisions.
    public static func coverage(of rules: CompiledRuleset, decisions: [Decision]) -> FileCoverage {
        let index = RulesIndex(rules)
        var allowCounts: [Int: OutcomeCounts] = [:]
        var expressionCounts: [Int: OutcomeCounts] = [:]
        for decision in decisions {
            for allow in decision.allows {
                allowCounts[allow.range.start, default: OutcomeCounts()].add(allow.outcome)
                for entry in allow.trace {
                    expressionCounts[entry.expressionID, default: OutcomeCounts()].add(entry.outcome)
                }
            }
        }
        let allows = index.allows.map { site in
            AllowCoverage(
                range: site.statement.range, line: index.line(of: site.statement.range),
                text: index.text(of: site.statement.range, limit: 100), pattern: site.pattern,
                counts: allowCounts[site.statement.range.start] ?? OutcomeCounts())
        }
        let branchIDs = Set(index.branchPoints.map(\.expression.id))
        var expressions: [ExpressionCoverage] = []
        for expr in index.expressions {
            var counts = expressionCounts[expr.id] ?? OutcomeCounts()
            // An evaluator may record the enclosed node rather than the parentheses.
            if counts.hits == 0, case .parenthesized(let inner) = expr.kind {
                counts = expressionCounts[innermost(inner).id] ?? counts
            }
            expressions.append(ExpressionCoverage(
                id: expr.id, range: expr.range, line: index.line(of: expr.range), isBranch: branchIDs.contains(expr.id),
                counts: counts))
        }
        let functions = index.functions.values.flatMap { $0 }.sorted { $0.range.start < $1.range.start }.map { function in
            FunctionCoverage(
                name: function.name, line: index.line(of: function.range),
                calls: (expressionCounts[function.body.id] ?? expressionCounts[innermost(function.body).id])?.hits ?? 0)
        }
        return FileCoverage(source: rules.source, allows: allows, expressions: expressions, functions: functions)
    }

    private static func innermost(_ expr: Expr) -> Expr {
        if case .parenthesized(let inner) = expr.kind { return innermost(inner) }
        return expr
    }
}
