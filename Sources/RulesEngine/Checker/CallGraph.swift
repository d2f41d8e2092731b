import RulesSyntax

/// The static call graph of the ruleset's functions: rejects recursion and
/// call chains longer than the service allows, whether or not a rule ever
/// calls the functions involved.
struct CallGraph {
    let scopes: FunctionScopes
    /// The names each function calls by name, in order, by its position in
    /// ``FunctionScopes/declarations`` (as ``NameResolution`` found them).
    let calledNames: [[String]]

    private struct Node {
        let function: FunctionDecl
        var callees: [Int] = []
    }

    func run() -> [Diagnostic] {
        // One node per function a call can reach: the first declaration of
        // each name in each scope, in declaration order.
        var nodes: [Node] = []
        var nodeOfKey: [Int: Int] = [:]
        for (position, function) in scopes.declarations.enumerated() where scopes.keys[position] == position {
            nodeOfKey[position] = nodes.count
            nodes.append(Node(function: function))
        }
        for (position, blocks) in scopes.chains.enumerated() where scopes.keys[position] == position {
            // The declarations visible at the function, innermost scope first.
            // File-level functions see the service block's too, as this check
            // always has (name resolution is stricter).
            let visible = blocks.reversed().map(scopes.functions(of:)) + [scopes.serviceFunctions, scopes.fileFunctions]
            var callees: [Int] = []
            for name in calledNames[position] {
                for table in visible {
                    if let target = table[name], let targetNode = nodeOfKey[target] {
                        callees.append(targetNode)
                        break
                    }
                }
            }
            if let index = nodeOfKey[position] { nodes[index].callees = callees }
        }
        return diagnose(nodes)
    }

    private func diagnose(_ nodes: [Node]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reported: Set<Int> = []
        // Longest chain starting at each function, memoized; cycles are reported once.
        var longest: [Int: [Int]] = [:]
        var onStack: Set<Int> = []

        func chain(from index: Int, path: [Int]) -> [Int] {
            if let known = longest[index] { return known }
            if onStack.contains(index) {
                let cycleStart = path.firstIndex(of: index) ?? 0
                let cycle = Array(path[cycleStart...]) + [index]
                if reported.insert(index).inserted {
                    diagnostics.append(.error(
                        "check.recursion", CheckMessages.recursion(cycle.map { nodes[$0].function.name }),
                        at: nodes[index].function.nameRange))
                }
                return [index]
            }
            onStack.insert(index)
            var best: [Int] = []
            for callee in nodes[index].callees {
                let candidate = chain(from: callee, path: path + [index])
                if candidate.count > best.count { best = candidate }
                // Chains beyond the limit are reported already; stop growing them.
                if best.count > Checker.maximumCallChain { break }
            }
            onStack.remove(index)
            let result = [index] + best
            longest[index] = result
            return result
        }

        for index in nodes.indices {
            let longestChain = chain(from: index, path: [])
            if longestChain.count > Checker.maximumCallChain, !reported.contains(index),
                !longestChain.contains(where: { reported.contains($0) && $0 != index })
            {
                reported.insert(index)
                let names = longestChain.prefix(Checker.maximumCallChain).map { nodes[$0].function.name }
                diagnostics.append(.error("check.call-depth", CheckMessages.callDepth(names), at: nodes[index].function.nameRange))
            }
        }
        return diagnostics
    }
}
