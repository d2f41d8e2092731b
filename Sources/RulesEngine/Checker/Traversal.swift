import RulesSyntax

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

    /// Every root expression: allow conditions, then let values and
    /// function bodies (file, service, then block functions in source order).
    var allExpressions: [Expr] {
        var conditions: [Expr] = []
        var functionExpressions: [Expr] = []
        func add(_ functions: [FunctionDecl]) {
            for function in functions {
                functionExpressions.append(contentsOf: function.lets.lazy.map(\.value))
                functionExpressions.append(function.body)
            }
        }
        func visit(_ block: MatchBlock) {
            conditions.append(contentsOf: block.allows.lazy.compactMap(\.condition))
            add(block.functions)
            for child in block.matches { visit(child) }
        }
        add(functions)
        add(service?.functions ?? [])
        for block in service?.matches ?? [] { visit(block) }
        return conditions + functionExpressions
    }
}
