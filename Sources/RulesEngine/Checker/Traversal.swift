import RulesSyntax

extension Expr {
    /// The direct sub-expressions, in source order.
    var children: [Expr] {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid: []
        case .list(let elements): elements
        case .map(let entries): entries.flatMap { [$0.key, $0.value] }
        case .path(let segments):
            segments.compactMap { if case .interpolation(let expr) = $0 { expr } else { nil } }
        case .member(let base, _): [base]
        case .index(let base, let index): [base, index]
        case .slice(let base, let lower, let upper): [base] + [lower, upper].compactMap { $0 }
        case .call(let callee, let arguments): [callee] + arguments
        case .unary(_, let operand): [operand]
        case .binary(_, let lhs, let rhs): [lhs, rhs]
        case .isType(let operand, _): [operand]
        case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
        case .parenthesized(let inner): [inner]
        }
    }

    /// Calls `visit` on this node and every descendant, depth first.
    /// Uses an explicit stack so pathological nesting cannot overflow.
    func forEachNode(_ visit: (Expr) -> Void) {
        var stack: [Expr] = [self]
        while let node = stack.popLast() {
            visit(node)
            stack.append(contentsOf: node.children.reversed())
        }
    }
}

/// Nesting depth as the complexity limit counts it: every node, parentheses
/// included, adds one level.
enum ExpressionDepth {
    static func depth(of root: Expr) -> Int {
        var deepest = 0
        var stack: [(Expr, Int)] = [(root, 1)]
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in node.children { stack.append((child, depth + 1)) }
        }
        return deepest
    }
}

extension Ruleset {
    /// Every function declaration with the chain of match blocks around it
    /// (empty for file- and service-level functions).
    var allFunctions: [(function: FunctionDecl, blocks: [MatchBlock])] {
        var result = (functions + (service?.functions ?? [])).map { (function: $0, blocks: [MatchBlock]()) }
        func visit(_ block: MatchBlock, _ chain: [MatchBlock]) {
            let chain = chain + [block]
            result += block.functions.map { ($0, chain) }
            for child in block.matches { visit(child, chain) }
        }
        for block in service?.matches ?? [] { visit(block, []) }
        return result
    }

    /// Every allow statement with the chain of match blocks around it.
    var allAllows: [(allow: AllowStatement, blocks: [MatchBlock])] {
        var result: [(allow: AllowStatement, blocks: [MatchBlock])] = []
        func visit(_ block: MatchBlock, _ chain: [MatchBlock]) {
            let chain = chain + [block]
            result += block.allows.map { ($0, chain) }
            for child in block.matches { visit(child, chain) }
        }
        for block in service?.matches ?? [] { visit(block, []) }
        return result
    }

    /// Every root expression: allow conditions, let values and function bodies.
    var allExpressions: [Expr] {
        allAllows.compactMap(\.allow.condition)
            + allFunctions.flatMap { entry in entry.function.lets.map(\.value) + [entry.function.body] }
    }
}
