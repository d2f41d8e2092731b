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
            node.pushChildrenReversed(onto: &stack)
        }
    }

    /// Pushes ``children`` last to first, so they pop in source order,
    /// without building the array (the checker's walks run this per node).
    private func pushChildrenReversed(onto stack: inout [Expr]) {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid:
            return
        case .list(let elements):
            stack.append(contentsOf: elements.reversed())
        case .map(let entries):
            for entry in entries.reversed() {
                stack.append(entry.value)
                stack.append(entry.key)
            }
        case .path(let segments):
            for case .interpolation(let expr) in segments.reversed() { stack.append(expr) }
        case .member(let base, _):
            stack.append(base)
        case .index(let base, let index):
            stack.append(index)
            stack.append(base)
        case .slice(let base, let lower, let upper):
            if let upper { stack.append(upper) }
            if let lower { stack.append(lower) }
            stack.append(base)
        case .call(let callee, let arguments):
            stack.append(contentsOf: arguments.reversed())
            stack.append(callee)
        case .unary(_, let operand), .isType(let operand, _), .parenthesized(let operand):
            stack.append(operand)
        case .binary(_, let lhs, let rhs):
            stack.append(rhs)
            stack.append(lhs)
        case .ternary(let condition, let then, let otherwise):
            stack.append(otherwise)
            stack.append(then)
            stack.append(condition)
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
