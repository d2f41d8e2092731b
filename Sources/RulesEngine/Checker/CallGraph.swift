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
        /// The function's position in ``FunctionScopes/declarations``.
        let position: Int
        var callees: [Int] = []
    }

    func run() -> [Diagnostic] {
        // One node per function a call can reach: the first declaration of
        // each name in each scope, in declaration order.
        var nodes: [Node] = []
        var nodeOfPosition = [Int?](repeating: nil, count: scopes.declarations.count)
        for position in scopes.declarations.indices where scopes.keys[position] == position {
            nodeOfPosition[position] = nodes.count
            nodes.append(Node(position: position))
        }
        // The declarations visible at a function, innermost scope first;
        // one array, refilled for each function. File-level functions see
        // the service block's too, as this check always has (name
        // resolution is stricter).
        var visible: [[String: Int]] = []
        for (position, blocks) in scopes.chains.enumerated() {
            guard let index = nodeOfPosition[position] else { continue }
            visible.removeAll(keepingCapacity: true)
            for block in blocks.reversed() { visible.append(scopes.functions(of: block)) }
            visible.append(scopes.serviceFunctions)
            visible.append(scopes.fileFunctions)
            var callees: [Int] = []
            for name in calledNames[position] {
                for table in visible {
                    if let target = table.key(forName: name), let targetNode = nodeOfPosition[target] {
                        callees.append(targetNode)
                        break
                    }
                }
            }
            nodes[index].callees = callees
        }
        return diagnose(nodes)
    }

    /// The declaration of the function at `node`.
    private func function(_ node: Node) -> FunctionDecl {
        scopes.declarations[node.position]
    }

    private func diagnose(_ nodes: [Node]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // By node: whether a diagnostic names it already, the longest chain
        // starting at it (memoized), whether the walk is inside it.
        var reported = [Bool](repeating: false, count: nodes.count)
        var longest = [[Int]?](repeating: nil, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        // The functions the walk is inside, outermost first.
        var path: [Int] = []

        func chain(from index: Int) -> [Int] {
            if let known = longest[index] { return known }
            if onStack[index] {
                let cycleStart = path.firstIndex(of: index) ?? 0
                let cycle = Array(path[cycleStart...]) + [index]
                if !reported[index] {
                    reported[index] = true
                    diagnostics.append(.error(
                        "check.recursion", CheckMessages.recursion(cycle.map { function(nodes[$0]).name }),
                        at: function(nodes[index]).nameRange))
                }
                return [index]
            }
            onStack[index] = true
            path.append(index)
            var best: [Int] = []
            for callee in nodes[index].callees {
                let candidate = chain(from: callee)
                if candidate.count > best.count { best = candidate }
                // Chains beyond the limit are reported already; stop growing them.
                if best.count > Checker.maximumCallChain { break }
            }
            path.removeLast()
            onStack[index] = false
            let result = [index] + best
            longest[index] = result
            return result
        }

        for index in nodes.indices {
            let longestChain = chain(from: index)
            if longestChain.count > Checker.maximumCallChain, !reported[index],
                !longestChain.contains(where: { reported[$0] && $0 != index })
            {
                reported[index] = true
                let names = longestChain.prefix(Checker.maximumCallChain).map { function(nodes[$0]).name }
                diagnostics.append(.error("check.call-depth", CheckMessages.callDepth(names), at: function(nodes[index]).nameRange))
            }
        }
        return diagnostics
    }
}
