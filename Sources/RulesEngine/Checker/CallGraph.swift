import RulesSyntax

/// The static call graph of the ruleset's functions: rejects recursion and
/// call chains longer than the service allows, whether or not a rule ever
/// calls the functions involved.
struct CallGraph {
    let ruleset: Ruleset

    private struct Node {
        let function: FunctionDecl
        var callees: [Int] = []
    }

    func run() -> [Diagnostic] {
        var nodes: [Node] = []
        // Resolve each call to the declaration visible at the caller's site.
        var scopes: [[String: Int]] = []
        func register(_ functions: [FunctionDecl]) -> [String: Int] {
            var table: [String: Int] = [:]
            for function in functions where table[function.name] == nil {
                table[function.name] = nodes.count
                nodes.append(Node(function: function))
            }
            return table
        }
        var pending: [(node: Int, visible: [[String: Int]])] = []
        let fileTable = register(ruleset.functions)
        let serviceTable = register(ruleset.service?.functions ?? [])
        scopes = [serviceTable, fileTable]
        for index in nodes.indices { pending.append((index, scopes)) }
        func visit(_ block: MatchBlock, _ visible: [[String: Int]]) {
            let table = register(block.functions)
            let inner = [table] + visible
            for index in table.values { pending.append((index, inner)) }
            for child in block.matches { visit(child, inner) }
        }
        for block in ruleset.service?.matches ?? [] { visit(block, scopes) }

        for (index, visible) in pending {
            let function = nodes[index].function
            var callees: [Int] = []
            for root in function.lets.map(\.value) + [function.body] {
                root.forEachNode { node in
                    guard case .call(let callee, _) = node.kind, case .identifier(let name) = callee.kind else { return }
                    for table in visible {
                        if let target = table[name] {
                            callees.append(target)
                            break
                        }
                    }
                }
            }
            nodes[index].callees = callees
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
