/// The expressions the parser has built but not yet made into ``Expr``
/// trees: one array of nodes, each after its children, with the number of
/// nodes under it.
///
/// Ids go parent first (``Expr/id``), but a parser makes a parent after its
/// first child (`a + b` once `a` is read). Keeping the nodes here until the
/// whole expression is read lets ``take(_:firstID:)`` build each tree once
/// with its final ids, each child's id following from its elder siblings'
/// sizes, rather than building it with placeholders and copying it to
/// number it.
struct PendingExpressions {
    /// A node's shape; children are positions in ``nodes``.
    enum Kind {
        /// A node with no children: a literal, a name or ``ExprKind/invalid``.
        case leaf(ExprKind)
        /// `[a, b]`: the elements' positions in ``children``.
        case list(Range<Int>)
        /// `{k: v}`: keys and values alternating in ``children``.
        case map(Range<Int>)
        case path([Segment])
        case member(Int, Identifier)
        case index(Int, Int)
        case slice(Int, Int?, Int?)
        /// The callee, and the arguments' positions in ``children``.
        case call(Int, Range<Int>)
        case unary(UnaryOperator, Int)
        case binary(BinaryOperator, Int, Int)
        case isType(Int, TypeName)
        case ternary(Int, Int, Int)
        case parenthesized(Int)
    }

    /// A path literal's segment.
    enum Segment {
        case text(String)
        case interpolation(Int)
        case placeholder(String)
    }

    private struct Pending {
        var kind: Kind
        var range: SourceRange
        /// Nodes in its tree, itself included.
        var size: Int
    }

    private var nodes: [Pending] = []
    /// Child positions of lists, maps and calls, each node's contiguous.
    private var children: [Int] = []

    /// Adds a node whose children are already here; returns its position.
    mutating func add(_ kind: Kind, _ range: SourceRange) -> Int {
        nodes.append(Pending(kind: kind, range: range, size: 1 + childSize(of: kind)))
        return nodes.count - 1
    }

    /// Records the positions of a sequence's nodes for a list, map or call.
    mutating func sequence(_ positions: some Sequence<Int>) -> Range<Int> {
        let start = children.count
        children.append(contentsOf: positions)
        return start..<children.count
    }

    /// Whether the node is a name or a member, the shapes a call's callee takes.
    func isCallee(_ position: Int) -> Bool {
        switch nodes[position].kind {
        case .leaf(.identifier), .member: true
        default: false
        }
    }

    /// The number of nodes in the tree at `position`.
    func size(of position: Int) -> Int {
        nodes[position].size
    }

    /// The tree at `position` as an ``Expr``, its ids `firstID` onwards,
    /// parent before children; then forgets every node (a parser takes
    /// one whole expression at a time).
    mutating func take(_ position: Int, firstID: Int) -> Expr {
        let expr = build(position, id: firstID).expr
        // Popped one by one, each node is destroyed by code made for its
        // type; `removeAll` destroyed them through the runtime's generic
        // per-element path (about 60 instructions a node, against 20).
        while nodes.popLast() != nil {}
        children.removeAll(keepingCapacity: true)
        return expr
    }

    private func childSize(of kind: Kind) -> Int {
        switch kind {
        case .leaf: 0
        case .list(let range), .map(let range): children[range].reduce(0) { $0 + nodes[$1].size }
        case .path(let segments):
            segments.reduce(0) { total, segment in
                if case .interpolation(let inner) = segment { return total + nodes[inner].size }
                return total
            }
        case .member(let base, _), .isType(let base, _), .unary(_, let base), .parenthesized(let base):
            nodes[base].size
        case .index(let first, let second), .binary(_, let first, let second):
            nodes[first].size + nodes[second].size
        case .slice(let base, let lower, let upper):
            nodes[base].size + (lower.map { nodes[$0].size } ?? 0) + (upper.map { nodes[$0].size } ?? 0)
        case .call(let callee, let arguments): nodes[callee].size + children[arguments].reduce(0) { $0 + nodes[$1].size }
        case .ternary(let condition, let then, let otherwise):
            nodes[condition].size + nodes[then].size + nodes[otherwise].size
        }
    }

    /// Builds the tree at `position` with id `id`, and tells how many
    /// nodes it holds; its children follow in order, each after the trees
    /// of those before it.
    private func build(_ position: Int, id: Int) -> (expr: Expr, size: Int) {
        var nextID = id + 1
        func child(_ position: Int) -> Expr {
            let (expr, size) = build(position, id: nextID)
            nextID += size
            return expr
        }
        let kind: ExprKind
        // Read in place: a copy of the node would copy its payload too.
        switch nodes[position].kind {
        case .leaf(let leaf):
            kind = leaf
        case .list(let range):
            kind = .list(range.map { child(children[$0]) })
        case .map(let range):
            kind = .map(stride(from: range.lowerBound, to: range.upperBound, by: 2).map { index in
                let key = child(children[index])
                return MapEntry(key: key, value: child(children[index + 1]))
            })
        case .path(let segments):
            kind = .path(segments.map { segment in
                switch segment {
                case .text(let text): .text(text)
                case .interpolation(let inner): .interpolation(child(inner))
                case .placeholder(let name): .placeholder(name)
                }
            })
        case .member(let base, let name):
            kind = .member(child(base), name)
        case .index(let base, let index):
            let builtBase = child(base)
            kind = .index(builtBase, child(index))
        case .slice(let base, let lower, let upper):
            let builtBase = child(base)
            let builtLower = lower.map { child($0) }
            kind = .slice(builtBase, builtLower, upper.map { child($0) })
        case .call(let callee, let arguments):
            let builtCallee = child(callee)
            kind = .call(builtCallee, arguments.map { child(children[$0]) })
        case .unary(let op, let operand):
            kind = .unary(op, child(operand))
        case .binary(let op, let left, let right):
            let builtLeft = child(left)
            kind = .binary(op, builtLeft, child(right))
        case .isType(let value, let type):
            kind = .isType(child(value), type)
        case .ternary(let condition, let then, let otherwise):
            let builtCondition = child(condition)
            let builtThen = child(then)
            kind = .ternary(builtCondition, builtThen, child(otherwise))
        case .parenthesized(let inner):
            kind = .parenthesized(child(inner))
        }
        return (Expr(id: id, range: nodes[position].range, kind: kind), nextID - id)
    }
}
