import RulesSyntax

/// Resolves every name and call against the scopes visible at its place:
/// warns about unknown variables and functions, unused functions and unused
/// `let` bindings, as the Firebase compiler does.
///
/// Each rule condition and each function is walked once. A function no
/// rule reaches cannot see `request` or `resource`, but which functions
/// are reached is known only once every function's calls are; so a
/// function's walk keeps the warnings that depend on it aside until then.
struct NameResolution {
    let ruleset: Ruleset
    let scopes: FunctionScopes
    let options: EngineOptions

    private static let globals = ["request", "resource"]

    /// What code declared in one chain of match blocks sees.
    private struct Visibility {
        /// `request`, `resource` and the chain's wildcards: a few names,
        /// searched in order (cheaper than hashing each, and than a set
        /// copied for every block).
        var variables: [String]
        /// The function tables of the scopes visible, outermost first
        /// (see ``FunctionScopes``): each maps a name to the key of the
        /// declaration a call resolves to. The tables are the scopes' own,
        /// shared rather than merged into a copy for every block.
        var functionTables: [FunctionTable<Int>]

        /// The key of the declaration a call of `name` resolves to: the
        /// innermost scope's.
        func function(named name: String) -> Int? {
            for table in functionTables.reversed() {
                if let key = table.value(forName: name) { return key }
            }
            return nil
        }

        /// What code declared inside `block` sees.
        func entering(_ block: MatchBlock, declaring functions: FunctionTable<Int>) -> Visibility {
            var visibility = including(functions)
            for segment in block.path.segments {
                switch segment.kind {
                case .single(let name), .recursive(let name):
                    // The copy gets room for the block's other wildcards at once.
                    if visibility.variables.count == variables.count {
                        visibility.variables.reserveCapacity(variables.count + block.path.segments.count)
                    }
                    visibility.variables.append(name)
                case .literal:
                    break
                }
            }
            return visibility
        }

        /// This visibility with `functions` declared in an inner scope.
        func including(_ functions: FunctionTable<Int>) -> Visibility {
            guard !functions.isEmpty else { return self }
            var visibility = self
            visibility.functionTables.append(functions)
            return visibility
        }
    }

    /// What a walk of a rule condition or of a function found.
    private struct Uses {
        /// Its warnings in walk order.
        var warnings: [Warning] = []
        /// The keys of the functions it calls, with repeats.
        var calls: [Int] = []
        /// For a function, the name of every call by name, in walk order,
        /// visible or not (``CallGraph`` resolves them its own way).
        var calledNames: [String] = []
        /// The variable names it reads, collected only for a function with `let`s.
        var names: Set<String>?
    }

    /// A warning of a walk.
    private enum Warning {
        /// Reported in any case.
        case always(Diagnostic)
        /// A use of `request` or `resource` in a function, unknown only if
        /// no rule reaches the function: most functions are reached, so its
        /// message is written only when it is reported.
        case ifUnreached(name: String, range: SourceRange)

        static func invalidFunction(_ name: String, at range: SourceRange) -> Warning {
            .always(.warning("check.invalid-function", CheckMessages.invalidFunction(name), at: range))
        }

        static func invalidVariable(_ name: String, at range: SourceRange) -> Diagnostic {
            .warning("check.invalid-variable", CheckMessages.invalidVariable(name), at: range)
        }

        /// The warning as reported.
        var diagnostic: Diagnostic {
            switch self {
            case .always(let diagnostic): diagnostic
            case .ifUnreached(let name, let range): Warning.invalidVariable(name, at: range)
            }
        }
    }

    /// What name resolution found.
    struct Result {
        /// Its warnings.
        var diagnostics: [Diagnostic]
        /// What the per-node checks (``ExpressionChecks``) found during the same walk.
        var findings: ExpressionChecks.Findings
        /// The names each function calls by name, in the order its lets and
        /// body reach them, by the function's position in
        /// ``FunctionScopes/declarations``.
        var calledNames: [[String]]
    }

    func run() -> Result {
        var diagnostics: [Diagnostic] = []
        var walker = Walker(options: options)
        let fileVisibility = Visibility(variables: NameResolution.globals, functionTables: [scopes.fileFunctions])
        let serviceVisibility = fileVisibility.including(scopes.serviceFunctions)

        // Rule conditions, block by block in source order; the visibility
        // of each block that declares functions is kept for them.
        var blockVisibilities: [Int: Visibility] = [:]
        // By key (a declaration's position): whether a rule reaches it.
        var reachable = [Bool](repeating: false, count: scopes.declarations.count)
        // One record for every condition, emptied after each (keeping its
        // storage): most conditions find no warning but call a function.
        var conditionUses = Uses()
        func visit(_ block: MatchBlock, _ outer: Visibility) {
            let declared = scopes.functions(of: block)
            let visibility = outer.entering(block, declaring: declared)
            // Kept for the block's own functions, walked after every rule.
            if !declared.isEmpty { blockVisibilities[block.range.start] = visibility }
            for index in block.allows.indices {
                // The condition alone is read, not a copy of the whole statement.
                guard let condition = block.allows[index].condition else { continue }
                walker.walk(condition, visibility, locals: [], into: &conditionUses)
                // Most conditions warn about nothing: appending an empty
                // lazy sequence still cost a few hundred instructions.
                if !conditionUses.warnings.isEmpty {
                    diagnostics.append(contentsOf: conditionUses.warnings.lazy.map(\.diagnostic))
                    conditionUses.warnings.removeAll(keepingCapacity: true)
                }
                for key in conditionUses.calls { reachable[key] = true }
                conditionUses.calls.removeAll(keepingCapacity: true)
            }
            for child in block.matches { visit(child, visibility) }
        }
        for block in ruleset.service?.matches ?? [] { visit(block, serviceVisibility) }

        func visibility(of position: Int) -> Visibility {
            let blocks = scopes.chains[position]
            if scopes.isFileLevel(position) { return fileVisibility }
            guard let innermost = blocks.last else { return serviceVisibility }
            if let known = blockVisibilities[innermost.range.start] { return known }
            return blocks.reduce(serviceVisibility) { $0.entering($1, declaring: scopes.functions(of: $1)) }
        }
        // By declaration position; each declaration is read in place where
        // it is needed, never copied along with its uses.
        let uses = scopes.declarations.indices.map { position in
            walker.walk(scopes.declarations[position], visibility(of: position))
        }

        var callees = [[Int]](repeating: [], count: uses.count)
        for position in uses.indices { callees[scopes.keys[position]] += uses[position].calls }
        var pending = reachable.indices.filter { reachable[$0] }
        while let key = pending.popLast() {
            for callee in callees[key] where !reachable[callee] {
                reachable[callee] = true
                pending.append(callee)
            }
        }
        var usedFunctions = reachable
        for position in uses.indices {
            let isReached = reachable[scopes.keys[position]]
            for warning in uses[position].warnings {
                if isReached, case .ifUnreached = warning { continue }
                diagnostics.append(warning.diagnostic)
            }
            if let names = uses[position].names {
                for binding in scopes.declarations[position].lets where !names.contains(binding.name.name) {
                    diagnostics.append(.warning("check.unused-variable", CheckMessages.unusedVariable(binding.name.name), at: binding.name.range))
                }
            }
            for key in uses[position].calls { usedFunctions[key] = true }
        }
        for position in uses.indices where !usedFunctions[scopes.keys[position]] {
            let function = scopes.declarations[position]
            diagnostics.append(.warning("check.unused-function", CheckMessages.unusedFunction(function.name), at: function.nameRange))
        }
        return Result(diagnostics: diagnostics, findings: walker.checks.findings, calledNames: uses.map(\.calledNames))
    }

    /// Walks expressions and makes the per-node checks on the way.
    private struct Walker {
        let options: EngineOptions
        var checks = ExpressionChecks()

        init(options: EngineOptions) {
            self.options = options
        }

        /// Walks a function's lets, in order, and its body: parameters and
        /// the lets bound so far are its own names.
        mutating func walk(_ function: FunctionDecl, _ visibility: Visibility) -> Uses {
            var uses = Uses()
            if !function.lets.isEmpty { uses.names = [] }
            var locals = Set(function.parameters.lazy.map(\.name))
            for binding in function.lets {
                walk(binding.value, visibility, locals: locals, inFunction: true, into: &uses)
                locals.insert(binding.name.name)
            }
            walk(function.body, visibility, locals: locals, inFunction: true, into: &uses)
            return uses
        }

        /// Walks one root expression in pre-order, the order its warnings
        /// are reported in. The callee of a call is a function name, not a
        /// variable, and so is the namespace of `math.abs(x)`.
        ///
        /// The depth the complexity limit counts: the root is at 1, and
        /// parentheses, operators, list and map literals and a call's
        /// arguments put what they enclose one level deeper. A member
        /// access, the base of an index or a slice, a method's receiver and
        /// a function's name add none (production compiles 97 parentheses
        /// around `request.auth.uid == 'a'`, and reports 129 nested calls
        /// of `id(x)` at the 99th call, not at a name).
        mutating func walk(
            _ root: Expr, _ visibility: Visibility, locals: Set<String>, inFunction: Bool = false, into uses: inout Uses
        ) {
            func isLocal(_ name: String) -> Bool { !locals.isEmpty && locals.contains(name) }
            func isVisible(_ name: String) -> Bool { isLocal(name) || visibility.variables.contains(name) }
            // Recursion, children in source order: the parser keeps trees
            // at most 256 levels tall, and a child is read in place where a
            // stack of nodes copied each one.
            func visit(_ node: Expr, _ depth: Int) {
                checks.visit(depth: depth)
                switch node.kind {
                case .call(let callee, let arguments):
                    checks.visitCall(callee: callee, arguments: arguments)
                    var walksCallee = true
                    switch callee.kind {
                    case .identifier(let name):
                        walksCallee = false
                        if inFunction { uses.calledNames.append(name) }
                        if let key = visibility.function(named: name) {
                            uses.calls.append(key)
                        } else if BuiltinRegistry.global(name) == nil || (name == "debug" && !options.enablesDebugFunction) {
                            uses.warnings.append(.invalidFunction(name, at: callee.range))
                        }
                    case .member(let base, let name):
                        if case .identifier(let namespace) = base.kind, BuiltinRegistry.namespaces.contains(namespace),
                            !isVisible(namespace)
                        {
                            walksCallee = false
                            if BuiltinRegistry.function(namespace: namespace, name: name.name) == nil {
                                // Reported at the function's name, as production does (not at the namespace).
                                uses.warnings.append(.invalidFunction("\(namespace).\(name.name)", at: name.range))
                            }
                        } else if !BuiltinRegistry.isMethodName(name.name) {
                            uses.warnings.append(.invalidFunction(name.name, at: name.range))
                        }
                    default:
                        break
                    }
                    if walksCallee { visit(callee, depth) }
                    for argument in arguments { visit(argument, depth + 1) }
                case .member(let base, _):
                    visit(base, depth)
                case .index(let base, let index):
                    visit(base, depth)
                    visit(index, depth + 1)
                case .slice(let base, let lower, let upper):
                    visit(base, depth)
                    if let lower { visit(lower, depth + 1) }
                    if let upper { visit(upper, depth + 1) }
                case .identifier(let name):
                    uses.names?.insert(name)
                    // Each set is searched once: a local name needs nothing else.
                    guard !isLocal(name) else { break }
                    if !visibility.variables.contains(name) {
                        uses.warnings.append(.always(Warning.invalidVariable(name, at: node.range)))
                    } else if inFunction, NameResolution.globals.contains(name) {
                        uses.warnings.append(.ifUnreached(name: name, range: node.range))
                    }
                case .binary(let op, let lhs, let rhs):
                    if op == .notEqual { checks.visitNotEqual(lhs, rhs, at: node.range) }
                    visit(lhs, depth + 1)
                    visit(rhs, depth + 1)
                default:
                    node.forEachChild { visit($0, depth + 1) }
                }
            }
            checks.begin()
            visit(root, 1)
            checks.end(root)
        }
    }
}
