/// Assigns expression ids in source order: declarations in the order they
/// appear in the file, and within an expression the parent before its
/// children, children left to right. Ids run 0, 1, 2, ... and ``nextID``
/// ends as the number of expressions.
///
/// The parser gives these ids as it goes (``PendingExpressions``); this
/// pass renumbers a tree only after syntax errors, whose recovery may drop
/// expressions that already had ids.
struct ExpressionNumbering {
    /// The id the next expression gets.
    private(set) var nextID = 0

    mutating func number(_ ruleset: Ruleset) -> Ruleset {
        var result = ruleset
        var service = ruleset.service
        // Top-level functions and the service block can interleave.
        let serviceStart = service?.range.start ?? Int.max
        var functionIndex = 0
        var serviceDone = service == nil
        while functionIndex < result.functions.count || !serviceDone {
            let nextFunctionStart = functionIndex < result.functions.count ? result.functions[functionIndex].range.start : Int.max
            if !serviceDone && serviceStart < nextFunctionStart, let block = service {
                service = number(block)
                serviceDone = true
            } else {
                result.functions[functionIndex] = number(result.functions[functionIndex])
                functionIndex += 1
            }
        }
        result.service = service
        return result
    }

    private mutating func number(_ service: ServiceDecl) -> ServiceDecl {
        var result = service
        let order = (result.functions.indices.map { (result.functions[$0].range.start, 0, $0) }
            + result.matches.indices.map { (result.matches[$0].range.start, 1, $0) }).sorted { $0.0 < $1.0 }
        for (_, kind, index) in order {
            if kind == 0 {
                result.functions[index] = number(result.functions[index])
            } else {
                result.matches[index] = number(result.matches[index])
            }
        }
        return result
    }

    private mutating func number(_ block: MatchBlock) -> MatchBlock {
        var result = block
        let order = (result.functions.indices.map { (result.functions[$0].range.start, 0, $0) }
            + result.allows.indices.map { (result.allows[$0].range.start, 1, $0) }
            + result.matches.indices.map { (result.matches[$0].range.start, 2, $0) }).sorted { $0.0 < $1.0 }
        for (_, kind, index) in order {
            switch kind {
            case 0: result.functions[index] = number(result.functions[index])
            case 1: result.allows[index].condition = result.allows[index].condition.map { number($0) }
            default: result.matches[index] = number(result.matches[index])
            }
        }
        return result
    }

    private mutating func number(_ function: FunctionDecl) -> FunctionDecl {
        var result = function
        for index in result.lets.indices {
            result.lets[index].value = number(result.lets[index].value)
        }
        result.body = number(result.body)
        return result
    }

    /// Numbers one expression tree, parent first.
    mutating func number(_ expr: Expr) -> Expr {
        let id = nextID
        nextID += 1
        let kind: ExprKind
        switch expr.kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid:
            kind = expr.kind
        case .list(let elements):
            kind = .list(elements.map { number($0) })
        case .map(let entries):
            kind = .map(entries.map { entry in
                let key = number(entry.key)
                return MapEntry(key: key, value: number(entry.value))
            })
        case .path(let segments):
            kind = .path(segments.map { segment in
                if case .interpolation(let inner) = segment { return .interpolation(number(inner)) }
                return segment
            })
        case .member(let base, let name):
            kind = .member(number(base), name)
        case .index(let base, let index):
            let numberedBase = number(base)
            kind = .index(numberedBase, number(index))
        case .slice(let base, let lower, let upper):
            let numberedBase = number(base)
            let numberedLower = lower.map { number($0) }
            kind = .slice(numberedBase, numberedLower, upper.map { number($0) })
        case .call(let callee, let arguments):
            let numberedCallee = number(callee)
            kind = .call(numberedCallee, arguments.map { number($0) })
        case .unary(let op, let operand):
            kind = .unary(op, number(operand))
        case .binary(let op, let left, let right):
            let numberedLeft = number(left)
            kind = .binary(op, numberedLeft, number(right))
        case .isType(let value, let type):
            kind = .isType(number(value), type)
        case .ternary(let condition, let then, let otherwise):
            let numberedCondition = number(condition)
            let numberedThen = number(then)
            kind = .ternary(numberedCondition, numberedThen, number(otherwise))
        case .parenthesized(let inner):
            kind = .parenthesized(number(inner))
        }
        return Expr(id: id, range: expr.range, kind: kind)
    }
}
