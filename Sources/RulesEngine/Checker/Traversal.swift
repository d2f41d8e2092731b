import RulesSyntax

extension Ruleset {
    /// Every function declaration, and beside each the chain of match
    /// blocks around it (empty for file- and service-level functions).
    var allFunctions: (functions: [FunctionDecl], chains: [[MatchBlock]]) {
        var functions = self.functions + (service?.functions ?? [])
        var chains = [[MatchBlock]](repeating: [], count: functions.count)
        // One chain, grown and shrunk along the walk; a block that declares
        // functions keeps a copy of it.
        var chain: [MatchBlock] = []
        func visit(_ block: MatchBlock) {
            chain.append(block)
            if !block.functions.isEmpty {
                functions += block.functions
                chains += repeatElement(chain, count: block.functions.count)
            }
            for child in block.matches { visit(child) }
            chain.removeLast()
        }
        for block in service?.matches ?? [] { visit(block) }
        return (functions, chains)
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
