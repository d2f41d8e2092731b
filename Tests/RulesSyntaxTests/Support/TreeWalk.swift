@testable import RulesSyntax

/// Collects every expression id of a ruleset in source order (the order
/// ids must have been assigned in).
enum TreeWalk {
    static func ids(in ruleset: Ruleset) -> [Int] {
        var ids: [Int] = []
        var items: [(Int, FunctionDecl?, ServiceDecl?)] = ruleset.functions.map { ($0.range.start, $0, nil) }
        if let service = ruleset.service { items.append((service.range.start, nil, service)) }
        for (_, function, service) in items.sorted(by: { $0.0 < $1.0 }) {
            if let function { collect(function, into: &ids) }
            if let service {
                let children: [(Int, FunctionDecl?, MatchBlock?)] =
                    service.functions.map { ($0.range.start, $0, nil) } + service.matches.map { ($0.range.start, nil, $0) }
                for (_, function, block) in children.sorted(by: { $0.0 < $1.0 }) {
                    if let function { collect(function, into: &ids) }
                    if let block { collect(block, into: &ids) }
                }
            }
        }
        return ids
    }

    private static func collect(_ block: MatchBlock, into ids: inout [Int]) {
        var entries: [(start: Int, ids: [Int])] = []
        for function in block.functions {
            var local: [Int] = []
            collect(function, into: &local)
            entries.append((function.range.start, local))
        }
        for allow in block.allows {
            var local: [Int] = []
            if let condition = allow.condition { collect(condition, into: &local) }
            entries.append((allow.range.start, local))
        }
        for nested in block.matches {
            var local: [Int] = []
            collect(nested, into: &local)
            entries.append((nested.range.start, local))
        }
        ids += entries.sorted { $0.start < $1.start }.flatMap(\.ids)
    }

    private static func collect(_ function: FunctionDecl, into ids: inout [Int]) {
        for binding in function.lets { collect(binding.value, into: &ids) }
        collect(function.body, into: &ids)
    }

    /// Pre-order: the node, then its children left to right.
    static func collect(_ expr: Expr, into ids: inout [Int]) {
        ids.append(expr.id)
        switch expr.kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid:
            break
        case .list(let elements):
            for element in elements { collect(element, into: &ids) }
        case .map(let entries):
            for entry in entries {
                collect(entry.key, into: &ids)
                collect(entry.value, into: &ids)
            }
        case .path(let segments):
            for case .interpolation(let inner) in segments { collect(inner, into: &ids) }
        case .member(let base, _), .unary(_, let base), .isType(let base, _), .parenthesized(let base):
            collect(base, into: &ids)
        case .index(let base, let index):
            collect(base, into: &ids)
            collect(index, into: &ids)
        case .slice(let base, let lower, let upper):
            collect(base, into: &ids)
            if let lower { collect(lower, into: &ids) }
            if let upper { collect(upper, into: &ids) }
        case .call(let callee, let arguments):
            collect(callee, into: &ids)
            for argument in arguments { collect(argument, into: &ids) }
        case .binary(_, let left, let right):
            collect(left, into: &ids)
            collect(right, into: &ids)
        case .ternary(let condition, let then, let otherwise):
            collect(condition, into: &ids)
            collect(then, into: &ids)
            collect(otherwise, into: &ids)
        }
    }
}
