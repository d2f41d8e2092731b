import RulesEngine
import RulesSyntax

/// Turns a ``Decision`` into an ``Explanation``: the matched blocks, each
/// relevant `allow` with its line and outcome, and the sub-expressions that
/// decided it (for a false `&&`, the false operand, recursively; for an
/// error, the node where the error started and the values it was given).
public struct Explainer: Sendable {
    let index: RulesIndex

    /// Creates an explainer for one ruleset.
    public init(rules: CompiledRuleset) {
        index = RulesIndex(rules)
    }

    /// Explains one decision.
    public func explain(_ decision: Decision) -> Explanation {
        let matches = decision.matches.map { block in
            Explanation.MatchLine(
                pattern: block.pattern, line: index.line(of: block.range),
                bindings: block.bindings.map { ($0.name, ValueFormatter.format($0.value, limit: 60)) })
        }
        let relevant = decision.allowed ? decision.allows.filter(\.granted) : decision.allows
        let allows = relevant.map(explainAllow)
        return Explanation(
            method: decision.method, path: decision.path.description, allowed: decision.allowed,
            refusal: decision.refusal, file: index.source.path, matches: matches, allows: allows)
    }

    private func explainAllow(_ evaluation: AllowEvaluation) -> Explanation.AllowLine {
        let text = index.text(of: evaluation.range, limit: 160)
        var details: [Explanation.DetailLine] = []
        if let condition = index.allow(at: evaluation.range)?.statement.condition {
            var walker = Walker(index: index, outcomes: Self.outcomes(evaluation.trace))
            walker.explain(condition, depth: 1, isRoot: true)
            details = walker.lines
        }
        return Explanation.AllowLine(
            line: index.line(of: evaluation.range), text: text, outcome: ValueFormatter.format(evaluation.outcome),
            granted: evaluation.granted, details: details)
    }

    private static func outcomes(_ trace: [TraceEntry]) -> [Int: Outcome] {
        var map: [Int: Outcome] = [:]
        for entry in trace where map[entry.expressionID] == nil {
            map[entry.expressionID] = entry.outcome
        }
        return map
    }
}

/// Walks one condition, collecting the lines worth showing.
private struct Walker {
    let index: RulesIndex
    let outcomes: [Int: Outcome]
    var lines: [Explanation.DetailLine] = []
    private var visitedFunctions: Set<Int> = []

    init(index: RulesIndex, outcomes: [Int: Outcome]) {
        self.index = index
        self.outcomes = outcomes
    }

    mutating func explain(_ expr: Expr, depth: Int, isRoot: Bool = false) {
        let node = unwrap(expr)
        guard let outcome = recorded(expr) else { return }
        if !isRoot { emit(expr, outcome: outcome, depth: depth, isDecision: true) }
        let next = isRoot ? depth : depth + 1
        switch node.kind {
        case .binary(let op, _, _) where op == .and || op == .or:
            let operands = chain(node, op)
            let deciding = deciders(of: operands, op: op, outcome: outcome).map(\.id)
            for operand in operands where recorded(operand) != nil {
                if deciding.contains(operand.id) {
                    explain(operand, depth: next)
                } else if case .error? = recorded(operand) {
                    // An error `||` / `&&` absorbed: it did not decide, but it is what a user debugging the rule needs.
                    let first = lines.count
                    explain(operand, depth: next)
                    if first < lines.count { lines[first].absorbedBy = op == .or ? "||" : "&&" }
                }
            }
        case .unary(.not, let operand):
            explain(operand, depth: next)
        case .ternary(let condition, let then, let otherwise):
            explain(condition, depth: next)
            if recorded(then) != nil { explain(then, depth: next) }
            else if recorded(otherwise) != nil { explain(otherwise, depth: next) }
        default:
            explainLeafNode(node, outcome: outcome, depth: next)
        }
    }

    /// A comparison, call, member access...: follow errors to where they
    /// started, otherwise show the values of the non-literal operands.
    private mutating func explainLeafNode(_ node: Expr, outcome: Outcome, depth: Int) {
        let children = RulesIndex.children(of: node)
        if case .error = outcome {
            let failing = children.filter { child in
                if case .error? = recorded(child) { return true }
                return false
            }
            if !failing.isEmpty {
                for child in failing { explain(child, depth: depth) }
                return
            }
        }
        for child in children where !child.isLiteral {
            guard let childOutcome = recorded(child) else { continue }
            emit(child, outcome: childOutcome, depth: depth, isDecision: false)
        }
        if let function = userFunction(called: node) {
            explainFunction(function, depth: depth)
        }
    }

    private mutating func explainFunction(_ function: FunctionDecl, depth: Int) {
        guard visitedFunctions.insert(function.body.id).inserted else { return }
        for binding in function.lets {
            if let outcome = recorded(binding.value) {
                lines.append(Explanation.DetailLine(
                    depth: depth, line: index.line(of: binding.range), expression: "let \(binding.name.name) = \(index.text(of: binding.value.range))",
                    outcome: ValueFormatter.format(outcome), isDecision: false))
            }
        }
        guard let outcome = recorded(function.body) else { return }
        lines.append(Explanation.DetailLine(
            depth: depth, line: index.line(of: function.body.range),
            expression: "\(function.name)(): return \(index.text(of: function.body.range))",
            outcome: ValueFormatter.format(outcome), isDecision: true))
        var inner = Walker(index: index, outcomes: outcomes)
        inner.visitedFunctions = visitedFunctions
        inner.explain(function.body, depth: depth + 1, isRoot: true)
        lines += inner.lines
        visitedFunctions.formUnion(inner.visitedFunctions)
    }

    /// The user-defined function a call invokes, if its body was evaluated.
    private func userFunction(called node: Expr) -> FunctionDecl? {
        guard case .call(let callee, _) = node.kind, case .identifier(let name) = callee.kind else { return nil }
        return index.functions[name]?.first { recorded($0.body) != nil }
    }

    private mutating func emit(_ expr: Expr, outcome: Outcome, depth: Int, isDecision: Bool) {
        let isError: Bool
        if case .error = outcome { isError = true } else { isError = false }
        lines.append(Explanation.DetailLine(
            depth: depth, line: index.line(of: expr.range), expression: index.text(of: expr.range),
            outcome: ValueFormatter.format(outcome), isDecision: isDecision || isError))
    }

    /// The operands of a chain of one logical operator, flattened.
    private func chain(_ expr: Expr, _ op: BinaryOperator) -> [Expr] {
        let node = unwrap(expr)
        if case .binary(let inner, let left, let right) = node.kind, inner == op {
            return chain(left, op) + chain(right, op)
        }
        return [expr]
    }

    /// Which operands decided a chain's outcome.
    private func deciders(of operands: [Expr], op: BinaryOperator, outcome: Outcome) -> [Expr] {
        let evaluated = operands.filter { recorded($0) != nil }
        func having(_ test: (Outcome) -> Bool) -> [Expr] {
            evaluated.filter { operand in recorded(operand).map(test) ?? false }
        }
        let isTrue: (Outcome) -> Bool = { if case .value(.bool(true)) = $0 { return true }; return false }
        let isFalse: (Outcome) -> Bool = { if case .value(.bool(false)) = $0 { return true }; return false }
        let isError: (Outcome) -> Bool = { if case .error = $0 { return true }; return false }
        switch (op, outcome) {
        case (.and, .value(.bool(false))): return Array(having(isFalse).prefix(1))
        case (.or, .value(.bool(true))): return Array(having(isTrue).prefix(1))
        case (.or, .error):
            // Every operand was false or an error; both kinds explain the result.
            return evaluated
        case (_, .error):
            let errors = having(isError)
            return errors.isEmpty ? having { !isTrue($0) && !isFalse($0) } : errors
        default: return evaluated
        }
    }

    /// The recorded outcome of a node (or of what its parentheses enclose).
    private func recorded(_ expr: Expr) -> Outcome? {
        outcomes[expr.id] ?? outcomes[unwrap(expr).id]
    }

    private func unwrap(_ expr: Expr) -> Expr {
        if case .parenthesized(let inner) = expr.kind { return unwrap(inner) }
        return expr
    }
}
