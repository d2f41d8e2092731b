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
        var visible: [FunctionTable<Int>] = []
        for (position, blocks) in scopes.chains.enumerated() {
            guard let index = nodeOfPosition[position] else { continue }
            visible.removeAll(keepingCapacity: true)
            for block in blocks.reversed() { visible.append(scopes.functions(of: block)) }
            visible.append(scopes.serviceFunctions)
            visible.append(scopes.fileFunctions)
            var callees: [Int] = []
            for name in calledNames[position] {
                for table in visible {
                    if let target = table.value(forName: name), let targetNode = nodeOfPosition[target] {
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
        // By node: whether a diagnostic names it already, whether the walk
        // is inside it, and the longest chain starting at it, memoized as
        // its length and the callee it goes on through (the chain is the
        // node, then the first `length - 1` nodes of that callee's chain),
        // where an array for each node's chain copied its callee's.
        var reported = [Bool](repeating: false, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        var length = [Int](repeating: 0, count: nodes.count)
        var next = [Int](repeating: -1, count: nodes.count)
        // The functions the walk is inside, outermost first.
        var path: [Int] = []

        /// The length of the longest chain from `index`.
        func chainLength(from index: Int) -> Int {
            if length[index] > 0 { return length[index] }
            if onStack[index] {
                if !reported[index] {
                    reported[index] = true
                    let cycleStart = path.firstIndex(of: index) ?? 0
                    let cycle = path[cycleStart...] + [index]
                    diagnostics.append(.error(
                        "check.recursion", CheckMessages.recursion(cycle.map { function(nodes[$0]).name }),
                        at: function(nodes[index]).nameRange))
                }
                // The chain ends here, at the function it started from.
                return 1
            }
            onStack[index] = true
            path.append(index)
            var best = 0
            var bestCallee = -1
            for callee in nodes[index].callees {
                let candidate = chainLength(from: callee)
                if candidate > best {
                    best = candidate
                    bestCallee = callee
                }
                // Chains beyond the limit are reported already; stop growing them.
                if best > Checker.maximumCallChain { break }
            }
            path.removeLast()
            onStack[index] = false
            length[index] = best + 1
            next[index] = bestCallee
            return best + 1
        }

        for index in nodes.indices {
            let count = chainLength(from: index)
            guard count > Checker.maximumCallChain, !reported[index] else { continue }
            var chain = [index]
            while chain.count < count { chain.append(next[chain[chain.count - 1]]) }
            if !chain.contains(where: { reported[$0] && $0 != index }) {
                reported[index] = true
                let names = chain.prefix(Checker.maximumCallChain).map { function(nodes[$0]).name }
                diagnostics.append(.error("check.call-depth", CheckMessages.callDepth(names), at: function(nodes[index]).nameRange))
            }
        }
        return diagnostics
    }
}
