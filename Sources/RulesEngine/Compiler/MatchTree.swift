/// The match blocks' patterns laid out flat for path matching: every
/// block's segments as integer codes in one buffer, sibling groups as runs
/// of block positions, literals in a table of their own.
///
/// The buffers are allocated once, when the ruleset is compiled, and only
/// read afterwards, so matching a request walks plain memory: no array or
/// class reference is retained or released, and no closure is built.
final class MatchTree: @unchecked Sendable {
    /// One match block's place in the buffers.
    struct Node {
        /// The block's segment codes are `codes[segmentStart..<segmentEnd]`.
        let segmentStart: Int32
        let segmentEnd: Int32
        /// The group of the nested blocks, or -1 when there are none.
        let childGroup: Int32
        /// The block's allows are `grants[grantStart..<grantEnd]`.
        let grantStart: Int32
        let grantEnd: Int32
    }

    /// One allow statement as an untraced decision reads it.
    struct Grant {
        /// The request methods it covers.
        let methods: MethodSet
        /// Its compiled condition, owned by ``MatchTree/conditions``; `nil`
        /// for an unconditional allow.
        let condition: Unmanaged<TestBox>?
    }

    /// One group of sibling blocks: `members[start..<end]`, in source order.
    struct Group {
        let start: Int32
        let end: Int32
        /// The position in ``dispatches`` of the group's index by first
        /// literal, or -1 for a group small enough to try every block.
        let dispatch: Int32
    }

    /// The code of a `{x}` segment; a literal's code is its position in ``literals``.
    static let singleCode: Int32 = -1
    /// The code of a `{x=**}` segment.
    static let recursiveCode: Int32 = -2
    /// The group of the service's top-level blocks.
    static let rootGroup = 0

    /// Every block, in pre-order (a block before the blocks nested in it).
    let blocks: [CompiledMatch]
    /// The most wildcards any chain of nested blocks binds: the size of a
    /// buffer that holds one match's captures (at least 1).
    let captureCapacity: Int
    let nodes: UnsafeMutableBufferPointer<Node>
    let codes: UnsafeMutableBufferPointer<Int32>
    let literals: UnsafeMutableBufferPointer<LiteralSegment>
    let groups: UnsafeMutableBufferPointer<Group>
    let members: UnsafeMutableBufferPointer<Int32>
    /// Every block's allows, in block order and then in source order.
    let grants: UnsafeMutableBufferPointer<Grant>
    /// The compiled conditions the grants refer to, kept alive here.
    private let conditions: [TestBox]
    /// The indexes of the large groups.
    let dispatches: [BlockDispatch]

    init(topLevel: [CompiledMatch]) {
        var builder = Builder()
        _ = builder.addGroup(topLevel, capturesAbove: 0)
        blocks = builder.blocks
        captureCapacity = max(1, builder.captureCapacity)
        nodes = Self.buffer(builder.nodes)
        codes = Self.buffer(builder.codes)
        literals = Self.buffer(builder.literals)
        groups = Self.buffer(builder.groups)
        members = Self.buffer(builder.members)
        grants = Self.buffer(builder.grants)
        conditions = builder.conditions
        dispatches = builder.dispatches
    }

    deinit {
        nodes.deallocate()
        codes.deallocate()
        groups.deallocate()
        members.deallocate()
        grants.deallocate()
        literals.deinitialize()
        literals.deallocate()
    }

    private static func buffer<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return buffer
    }

    /// Lays out the tree group by group.
    private struct Builder {
        var blocks: [CompiledMatch] = []
        var nodes: [Node] = []
        var codes: [Int32] = []
        var literals: [LiteralSegment] = []
        var groups: [Group] = []
        var members: [Int32] = []
        var grants: [Grant] = []
        var conditions: [TestBox] = []
        var dispatches: [BlockDispatch] = []
        var captureCapacity = 0

        /// Adds a group of siblings, then their nested groups; returns the group's position.
        mutating func addGroup(_ siblings: [CompiledMatch], capturesAbove: Int) -> Int32 {
            let group = groups.count
            groups.append(Group(start: 0, end: 0, dispatch: -1))
            var positions: [Int32] = []
            positions.reserveCapacity(siblings.count)
            for block in siblings {
                let position = Int32(nodes.count)
                positions.append(position)
                blocks.append(block)
                let start = Int32(codes.count)
                var captures = capturesAbove
                for segment in block.path.segments {
                    switch segment.kind {
                    case .literal(let text):
                        codes.append(Int32(literals.count))
                        literals.append(LiteralSegment(text))
                    case .single:
                        codes.append(MatchTree.singleCode)
                        captures += 1
                    case .recursive:
                        codes.append(MatchTree.recursiveCode)
                        captures += 1
                    }
                }
                captureCapacity = max(captureCapacity, captures)
                let grantStart = Int32(grants.count)
                // Read in place: a copy of each allow would retain its closure too.
                for index in block.compiledAllows.indices {
                    let test = block.compiledAllows[index].test
                    if let test { conditions.append(test) }
                    grants.append(Grant(
                        methods: block.compiledAllows[index].coverage, condition: test.map { Unmanaged.passUnretained($0) }))
                }
                let node = Node(
                    segmentStart: start, segmentEnd: Int32(codes.count), childGroup: -1, grantStart: grantStart,
                    grantEnd: Int32(grants.count))
                nodes.append(node)
                if !block.children.isEmpty {
                    let childGroup = addGroup(block.children, capturesAbove: captures)
                    nodes[Int(position)] = Node(
                        segmentStart: node.segmentStart, segmentEnd: node.segmentEnd, childGroup: childGroup,
                        grantStart: node.grantStart, grantEnd: node.grantEnd)
                }
            }
            let start = Int32(members.count)
            members.append(contentsOf: positions)
            var dispatch: Int32 = -1
            if siblings.count >= BlockDispatch.indexingThreshold {
                dispatch = Int32(dispatches.count)
                dispatches.append(BlockDispatch(siblings))
            }
            groups[group] = Group(start: start, end: Int32(members.count), dispatch: dispatch)
            return Int32(group)
        }
    }
}
