import RulesSyntax

/// Resolves every name and call against the scopes visible at its place:
/// warns about unknown variables and functions, unused functions and unused
/// `let` bindings, as the Firebase compiler does.
struct NameResolution {
    let ruleset: Ruleset
    let options: EngineOptions

    private static let globals: Set<String> = ["request", "resource"]

    /// What one expression can see.
    private struct Visibility {
        var variables: Set<String>
        /// Function names visible, innermost scope first, each with a key
        /// identifying its declaration.
        var functions: [[String: String]]

        func resolveFunction(_ name: String) -> String? {
            for scope in functions { if let key = scope[name] { return key } }
            return nil
        }
    }

    /// Identifies a chain of match blocks by where each starts.
    private struct VisibilityKey: Hashable {
        var blockStarts: [Int]
        var fileLevel: Bool
    }

    func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var usedFunctions: Set<String> = []
        let fileFunctions = Self.table(ruleset.functions, scopeKey: "file")
        let serviceFunctions = Self.table(ruleset.service?.functions ?? [], scopeKey: "service")

        /// Visibilities built so far: every allow and function of a block
        /// shares its chain's.
        var visibilities: [VisibilityKey: Visibility] = [:]
        /// What code declared inside `blocks` sees; a file-level function
        /// sees only file-level functions, not those of the service block.
        func visibility(for blocks: [MatchBlock], fileLevel: Bool = false) -> Visibility {
            let key = VisibilityKey(blockStarts: blocks.map(\.range.start), fileLevel: fileLevel)
            if let known = visibilities[key] { return known }
            let built = buildVisibility(for: blocks, fileLevel: fileLevel)
            visibilities[key] = built
            return built
        }
        func buildVisibility(for blocks: [MatchBlock], fileLevel: Bool) -> Visibility {
            var variables = NameResolution.globals
            var functions = fileLevel ? [fileFunctions] : [serviceFunctions, fileFunctions]
            for (index, block) in blocks.enumerated() {
                for segment in block.path.segments {
                    switch segment.kind {
                    case .single(let name), .recursive(let name): variables.insert(name)
                    case .literal: break
                    }
                }
                functions.insert(Self.table(block.functions, scopeKey: Self.blockKey(blocks.prefix(index + 1))), at: 0)
            }
            return Visibility(variables: variables, functions: functions)
        }

        var reachable: Set<String> = []
        for (allow, blocks) in ruleset.allAllows {
            guard let condition = allow.condition else { continue }
            _ = check(condition, visibility(for: blocks), &diagnostics, &reachable)
        }
        // A function no rule reaches is checked without a rule context, so
        // `request` and `resource` are unknown names there, as in Firebase.
        let functions = ruleset.allFunctions.map { entry in
            (function: entry.function, blocks: entry.blocks, key: declarationKey(entry.function, entry.blocks),
             fileLevel: entry.blocks.isEmpty && ruleset.functions.contains(entry.function))
        }
        var callees: [String: Set<String>] = [:]
        for entry in functions {
            var ignored: [Diagnostic] = []
            var calls: Set<String> = []
            _ = checkFunction(entry.function, visibility(for: entry.blocks, fileLevel: entry.fileLevel), &ignored, &calls)
            callees[entry.key, default: []].formUnion(calls)
        }
        var pending = Array(reachable)
        while let key = pending.popLast() {
            for callee in callees[key] ?? [] where reachable.insert(callee).inserted { pending.append(callee) }
        }
        for entry in functions {
            var scope = visibility(for: entry.blocks, fileLevel: entry.fileLevel)
            if !reachable.contains(entry.key) { scope.variables.subtract(NameResolution.globals) }
            let used = checkFunction(entry.function, scope, &diagnostics, &usedFunctions)
            for binding in entry.function.lets where !used.contains(binding.name.name) {
                diagnostics.append(.warning("check.unused-variable", CheckMessages.unusedVariable(binding.name.name), at: binding.name.range))
            }
        }
        usedFunctions.formUnion(reachable)
        for entry in functions where !usedFunctions.contains(entry.key) {
            diagnostics.append(.warning("check.unused-function", CheckMessages.unusedFunction(entry.function.name), at: entry.function.nameRange))
        }
        return diagnostics
    }

    /// Checks a function's lets and body in `scope` (parameters and earlier
    /// lets are added) and returns the variable names it reads.
    private func checkFunction(
        _ function: FunctionDecl, _ scope: Visibility, _ diagnostics: inout [Diagnostic], _ usedFunctions: inout Set<String>
    ) -> Set<String> {
        var scope = scope
        scope.variables.formUnion(function.parameters.map(\.name))
        var used: Set<String> = []
        for binding in function.lets {
            used.formUnion(check(binding.value, scope, &diagnostics, &usedFunctions))
            scope.variables.insert(binding.name.name)
        }
        used.formUnion(check(function.body, scope, &diagnostics, &usedFunctions))
        return used
    }

    private func declarationKey(_ function: FunctionDecl, _ blocks: [MatchBlock]) -> String {
        Self.declarationKey(function.name, blocks.isEmpty ? nil : Self.blockKey(blocks[...]), fileLevel: ruleset.functions.contains(function))
    }

    /// Checks one root expression and returns the variable names it reads.
    private func check(
        _ root: Expr, _ scope: Visibility, _ diagnostics: inout [Diagnostic], _ usedFunctions: inout Set<String>
    ) -> Set<String> {
        var calleeIDs: Set<Int> = []
        var usedNames: Set<String> = []
        root.forEachNode { node in
            switch node.kind {
            case .call(let callee, _):
                calleeIDs.insert(callee.id)
                switch callee.kind {
                case .identifier(let name):
                    if let key = scope.resolveFunction(name) {
                        usedFunctions.insert(key)
                    } else if BuiltinRegistry.global(name) == nil || (name == "debug" && !options.enablesDebugFunction) {
                        diagnostics.append(.warning("check.invalid-function", CheckMessages.invalidFunction(name), at: callee.range))
                    }
                case .member(let base, let name):
                    if case .identifier(let namespace) = base.kind, BuiltinRegistry.namespaces.contains(namespace),
                        !scope.variables.contains(namespace)
                    {
                        calleeIDs.insert(base.id)
                        if BuiltinRegistry.function(namespace: namespace, name: name.name) == nil {
                            diagnostics.append(.warning(
                                "check.invalid-function", CheckMessages.invalidFunction("\(namespace).\(name.name)"), at: callee.range))
                        }
                    } else if !BuiltinRegistry.isMethodName(name.name) {
                        diagnostics.append(.warning("check.invalid-function", CheckMessages.invalidFunction(name.name), at: name.range))
                    }
                default:
                    break
                }
            case .identifier(let name) where !calleeIDs.contains(node.id):
                usedNames.insert(name)
                if !scope.variables.contains(name) {
                    diagnostics.append(.warning("check.invalid-variable", CheckMessages.invalidVariable(name), at: node.range))
                }
            default:
                break
            }
        }
        return usedNames
    }

    private static func table(_ functions: [FunctionDecl], scopeKey: String) -> [String: String] {
        var table: [String: String] = [:]
        for function in functions where table[function.name] == nil {
            table[function.name] = "\(scopeKey)#\(function.name)"
        }
        return table
    }

    private static func blockKey(_ blocks: ArraySlice<MatchBlock>) -> String {
        "match@" + blocks.map { String($0.range.start) }.joined(separator: "/")
    }

    private static func declarationKey(_ name: String, _ blockKey: String?, fileLevel: Bool) -> String {
        if let blockKey { return "\(blockKey)#\(name)" }
        return fileLevel ? "file#\(name)" : "service#\(name)"
    }
}
