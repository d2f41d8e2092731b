import RulesSyntax

extension Ruleset {
    /// Every function declaration with the chain of match blocks around it
    /// (empty for file- and service-level functions).
    var allFunctions: [(function: FunctionDecl, blocks: [MatchBlock])] {
        var result = (functions + (service?.functions ?? [])).map { (function: $0, blocks: [MatchBlock]()) }
        // One chain, grown and shrunk along the walk; a block that declares
        // functions keeps a copy of it.
        var chain: [MatchBlock] = []
        func visit(_ block: MatchBlock) {
            chain.append(block)
            if !block.functions.isEmpty {
                let blocks = chain
                result += block.functions.map { ($0, blocks) }
            }
            for child in block.matches { visit(child) }
            chain.removeLast()
        }
        for block in service?.matches ?? [] { visit(block) }
        return result
    }

    /// Calls `body` with every root expression: allow conditions, let
    /// values and function bodies.
    func forEachRootExpression(_ body: (Expr) -> Void) {
        func visit(_ functions: [FunctionDecl]) {
            for function in functions {
                for binding in function.lets { body(binding.value) }
                body(function.body)
            }
        }
        func visit(_ block: MatchBlock) {
            for allow in block.allows {
                if let condition = allow.condition { body(condition) }
            }
            visit(block.functions)
            for child in block.matches { visit(child) }
        }
        visit(functions)
        visit(service?.functions ?? [])
        for block in service?.matches ?? [] { visit(block) }
    }
}
