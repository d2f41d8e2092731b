import RulesSyntax

/// Resolves every name and call against the scopes visible at its place:
/// warns about unknown variables and functions, unused functions and unused
/// `let` bindings, as the Firebase compiler does.
struct NameResolution {
    let ruleset: Ruleset
    let scopes: FunctionScopes
    let options: EngineOptions

    private static let globals: Set<String> = ["request", "resource"]

    /// What one expression can see.
    private struct Visibility {
        var variables: Set<String>
        /// Function names visible, innermost scope first, each with the key
        /// of its declaration (see ``FunctionScopes``).
        var functions: [[String: Int]]

        func resolveFunction(_ name: String) -> Int? {
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
        var usedFunctions: Set<Int> = []
        let fileFunctions = scopes.fileFunctions
        let serviceFunctions = scopes.serviceFunctions

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
            for block in blocks {
                for segment in block.path.segments {
                    switch segment.kind {
                    case .single(let name), .recursive(let name): variables.insert(name)
                    case .literal: break
                    }
                }
                functions.insert(scopes.functions(of: block), at: 0)
            }
            return Visibility(variables: variables, functions: functions)
        }

        var reachable: Set<Int> = []
        for (allow, blocks) in ruleset.allAllows {
            guard let condition = allow.condition else { continue }
            _ = check(condition, visibility(for: blocks), &diagnostics, &reachable)
        }
        // A function no rule reaches is checked without a rule context, so
        // `request` and `resource` are unknown names there, as in Firebase.
        let functions = scopes.declarations.enumerated().map { position, entry in
            (function: entry.function, blocks: entry.blocks, key: scopes.keys[position], fileLevel: scopes.isFileLevel(position))
        }
        var callees: [Int: Set<Int>] = [:]
        for entry in functions {
            var ignored: [Diagnostic] = []
            var calls: Set<Int> = []
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
        _ function: FunctionDecl, _ scope: Visibility, _ diagnostics: inout [Diagnostic], _ usedFunctions: inout Set<Int>
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

    /// Checks one root expression and returns the variable names it reads.
    private func check(
        _ root: Expr, _ scope: Visibility, _ diagnostics: inout [Diagnostic], _ usedFunctions: inout Set<Int>
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
}
