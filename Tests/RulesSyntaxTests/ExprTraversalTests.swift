import RulesSyntax
import Testing

/// `forEachNode` visits what a recursive walk over `children` visits, in
/// the same order: parents first, children in source order.
@Suite struct ExprTraversalTests {
    static func preorder(_ expr: Expr, into ids: inout [Int]) {
        ids.append(expr.id)
        for child in expr.children { preorder(child, into: &ids) }
    }

    /// Every kind of node with children, nested in each other.
    static let sources = [
        "a.b(c, d[e], f[1:g])",
        "x ? {'k': y, z: [1, w]} : (v is string)",
        "!(p && q) || r.s.t == -u",
        "/databases/$(db)/documents/$(a.b)/c",
        "f(g(h(i)), [j, k][0:], m[n:])",
        "request.resource.size < 5 * 1024 * 1024 && request.resource.contentType.matches('image/.*')",
    ]

    @Test(arguments: sources)
    func visitsEveryNodeInPreorder(source: String) throws {
        let expr = try #require(Fixtures.parseExpression(source).expr)
        var expected: [Int] = []
        Self.preorder(expr, into: &expected)
        var visited: [Int] = []
        expr.forEachNode { visited.append($0.id) }
        #expect(visited == expected)
        #expect(visited.count >= 4)
    }

    /// `forEachChild` gives each node's ``Expr/children`` in order, and
    /// `forEachChildReversed` the same last to first.
    @Test(arguments: sources)
    func visitsChildrenInOrder(source: String) throws {
        let expr = try #require(Fixtures.parseExpression(source).expr)
        expr.forEachNode { node in
            var forward: [Int] = []
            node.forEachChild { forward.append($0.id) }
            var backward: [Int] = []
            node.forEachChildReversed { backward.append($0.id) }
            #expect(forward == node.children.map(\.id))
            #expect(backward == forward.reversed())
        }
    }
}
