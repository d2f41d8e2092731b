import RulesEngine
import RulesSyntax

/// Lookups over one ruleset's syntax tree: allow statements by range,
/// functions by name, and every condition expression (for coverage).
struct RulesIndex: Sendable {
    /// An allow statement with the full pattern of its block.
    struct AllowSite: Sendable {
        var statement: AllowStatement
        var pattern: String
    }

    /// A point with a true and a false branch: an allow condition, an
    /// operand of `&&` / `||`, the condition of `?:` or the operand of `!`.
    struct BranchPoint: Sendable {
        var expression: Expr
    }

    let source: SourceFile
    let allows: [AllowSite]
    let functions: [String: [FunctionDecl]]
    /// Every expression in conditions, function bodies and `let`s, outermost first.
    let expressions: [Expr]
    let branchPoints: [BranchPoint]
    private let allowsByStart: [Int: Int]

    init(_ rules: CompiledRuleset) {
        source = rules.source
        var allows: [AllowSite] = []
        var functions: [String: [FunctionDecl]] = [:]
        func visit(_ block: MatchBlock, prefix: String) {
            let pattern = prefix + block.path.text
            for function in block.functions { functions[function.name, default: []].append(function) }
            for allow in block.allows { allows.append(AllowSite(statement: allow, pattern: pattern)) }
            for nested in block.matches { visit(nested, prefix: pattern) }
        }
        for function in rules.ruleset.functions { functions[function.name, default: []].append(function) }
        if let service = rules.ruleset.service {
            for function in service.functions { functions[function.name, default: []].append(function) }
            for block in service.matches { visit(block, prefix: "") }
        }
        allows.sort { $0.statement.range.start < $1.statement.range.start }
        self.allows = allows
        self.functions = functions
        var byStart: [Int: Int] = [:]
        for (index, site) in allows.enumerated() { byStart[site.statement.range.start] = index }
        allowsByStart = byStart

        var expressions: [Expr] = []
        var branchPoints: [BranchPoint] = []
        func walk(_ expr: Expr, isBranch: Bool) {
            expressions.append(expr)
            // A constant can only go one way: it is covered once it runs, like a bare `allow get;`.
            if isBranch, !Self.isConstant(expr) { branchPoints.append(BranchPoint(expression: expr)) }
            switch expr.kind {
            case .binary(let op, let left, let right) where op == .and || op == .or:
                walk(left, isBranch: !Self.isChain(left, op))
                walk(right, isBranch: !Self.isChain(right, op))
            case .unary(.not, let operand):
                walk(operand, isBranch: true)
            case .ternary(let condition, let then, let otherwise):
                walk(condition, isBranch: true)
                walk(then, isBranch: false)
                walk(otherwise, isBranch: false)
            default:
                for child in Self.children(of: expr) { walk(child, isBranch: false) }
            }
        }
        for site in allows {
            if let condition = site.statement.condition { walk(condition, isBranch: true) }
        }
        let allFunctions = functions.values.flatMap { $0 }.sorted { $0.range.start < $1.range.start }
        for function in allFunctions {
            for binding in function.lets { walk(binding.value, isBranch: false) }
            walk(function.body, isBranch: false)
        }
        self.expressions = expressions
        self.branchPoints = branchPoints.sorted { $0.expression.range.start < $1.expression.range.start }
    }

    /// The allow statement whose range starts where `range` starts.
    func allow(at range: SourceRange) -> AllowSite? {
        allowsByStart[range.start].map { allows[$0] }
    }

    /// Whether `expr` continues a chain of the same logical operator (so it is not its own branch point).
    static func isChain(_ expr: Expr, _ op: BinaryOperator) -> Bool {
        if case .binary(let inner, _, _) = expr.kind, inner == op { return true }
        return false
    }

    /// Whether the node is made of boolean literals only (`true`, `(false)`, `!true`, `false || true`).
    static func isConstant(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .bool: true
        case .parenthesized(let inner), .unary(.not, let inner): isConstant(inner)
        case .binary(let op, let left, let right) where op == .and || op == .or: isConstant(left) && isConstant(right)
        default: false
        }
    }

    /// The direct sub-expressions of a node.
    static func children(of expr: Expr) -> [Expr] {
        switch expr.kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid: []
        case .list(let items): items
        case .map(let entries): entries.flatMap { [$0.key, $0.value] }
        case .path(let segments):
            segments.compactMap { segment in
                if case .interpolation(let inner) = segment { return inner }
                return nil
            }
        case .member(let base, _): [base]
        case .index(let base, let index): [base, index]
        case .slice(let base, let lower, let upper): [base] + [lower, upper].compactMap { $0 }
        case .call(let callee, let arguments):
            if case .member(let receiver, _) = callee.kind, !isNamespace(receiver) { [receiver] + arguments } else { arguments }
        case .unary(_, let operand): [operand]
        case .binary(_, let left, let right): [left, right]
        case .isType(let operand, _): [operand]
        case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
        case .parenthesized(let inner): [inner]
        }
    }

    /// Whether the node names a builtin namespace (`math` in `math.abs(x)`), which is never evaluated.
    static func isNamespace(_ expr: Expr) -> Bool {
        if case .identifier(let name) = expr.kind { return BuiltinRegistry.namespaces.contains(name) }
        return false
    }

    /// The source text of a node on one line, whitespace runs collapsed.
    func text(of range: SourceRange, limit: Int = 100) -> String {
        var out = ""
        var lastWasSpace = false
        for character in source.text(in: range) {
            if character.isWhitespace {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.append(character)
                lastWasSpace = false
            }
        }
        out = out.trimmingCharacters(in: " ")
        if out.count > limit { return String(out.prefix(limit - 1)) + "…" }
        return out
    }

    func line(of range: SourceRange) -> Int { source.location(of: range.start).line }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return String(text)
    }
}
