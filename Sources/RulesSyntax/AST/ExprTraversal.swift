extension Expr {
    /// The direct sub-expressions, in source order (a call's callee included).
    public var children: [Expr] {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid: []
        case .list(let elements): elements
        case .map(let entries): entries.flatMap { [$0.key, $0.value] }
        case .path(let segments):
            segments.compactMap { if case .interpolation(let expr) = $0 { expr } else { nil } }
        case .member(let base, _): [base]
        case .index(let base, let index): [base, index]
        case .slice(let base, let lower, let upper): [base] + [lower, upper].compactMap { $0 }
        case .call(let callee, let arguments): [callee] + arguments
        case .unary(_, let operand): [operand]
        case .binary(_, let lhs, let rhs): [lhs, rhs]
        case .isType(let operand, _): [operand]
        case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
        case .parenthesized(let inner): [inner]
        }
    }

    /// Calls `visit` on this node and every descendant, parents first.
    /// Uses an explicit stack so pathological nesting cannot overflow.
    public func forEachNode(_ visit: (Expr) -> Void) {
        var stack: [Expr] = []
        stack.reserveCapacity(32)
        stack.append(self)
        while let node = stack.popLast() {
            visit(node)
            node.forEachChildReversed { stack.append($0) }
        }
    }

    /// Calls `body` with each of ``children``, in source order, without
    /// building the array.
    public func forEachChild(_ body: (Expr) -> Void) {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid:
            return
        case .list(let elements):
            for element in elements { body(element) }
        case .map(let entries):
            for entry in entries {
                body(entry.key)
                body(entry.value)
            }
        case .path(let segments):
            for case .interpolation(let expr) in segments { body(expr) }
        case .member(let base, _):
            body(base)
        case .index(let base, let index):
            body(base)
            body(index)
        case .slice(let base, let lower, let upper):
            body(base)
            if let lower { body(lower) }
            if let upper { body(upper) }
        case .call(let callee, let arguments):
            body(callee)
            for argument in arguments { body(argument) }
        case .unary(_, let operand), .isType(let operand, _), .parenthesized(let operand):
            body(operand)
        case .binary(_, let lhs, let rhs):
            body(lhs)
            body(rhs)
        case .ternary(let condition, let then, let otherwise):
            body(condition)
            body(then)
            body(otherwise)
        }
    }

    /// Calls `body` with each of ``children``, last to first, without
    /// building the array (the checker's walks run this for every node;
    /// pushed on a stack, the children pop in source order).
    public func forEachChildReversed(_ body: (Expr) -> Void) {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid:
            return
        case .list(let elements):
            for element in elements.reversed() { body(element) }
        case .map(let entries):
            for entry in entries.reversed() {
                body(entry.value)
                body(entry.key)
            }
        case .path(let segments):
            for case .interpolation(let expr) in segments.reversed() { body(expr) }
        case .member(let base, _):
            body(base)
        case .index(let base, let index):
            body(index)
            body(base)
        case .slice(let base, let lower, let upper):
            if let upper { body(upper) }
            if let lower { body(lower) }
            body(base)
        case .call(let callee, let arguments):
            for argument in arguments.reversed() { body(argument) }
            body(callee)
        case .unary(_, let operand), .isType(let operand, _), .parenthesized(let operand):
            body(operand)
        case .binary(_, let lhs, let rhs):
            body(rhs)
            body(lhs)
        case .ternary(let condition, let then, let otherwise):
            body(otherwise)
            body(then)
            body(condition)
        }
    }

    /// Whether the node is a literal (possibly parenthesized): its value is its text.
    public var isLiteral: Bool {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes: true
        case .parenthesized(let inner): inner.isLiteral
        default: false
        }
    }
}
