import RulesSyntax

/// Every function declaration of a ruleset and the scopes that name them,
/// built once for the checks that resolve calls (``NameResolution``,
/// ``CallGraph``).
///
/// A declaration's key is its position in ``declarations``, or, for a name
/// declared twice in one scope (an error reported elsewhere), the position
/// of the first one: a call resolves to that one, and the scope's table
/// holds it.
struct FunctionScopes {
    /// Every declaration: file level, then service level, then each
    /// block's in source order (``Ruleset/allFunctions``).
    let declarations: [FunctionDecl]
    /// Each declaration's chain of match blocks, outermost first (empty at
    /// file and service level). Kept apart from ``declarations`` so that
    /// reading one does not copy the other.
    let chains: [[MatchBlock]]
    /// Each declaration's key.
    let keys: [Int]
    /// File-level functions by name.
    let fileFunctions: FunctionTable<Int>
    /// Service-level functions by name.
    let serviceFunctions: FunctionTable<Int>
    /// Each block's own functions by name, by the block's start.
    private let blockFunctions: [Int: FunctionTable<Int>]
    private let fileCount: Int

    init(_ ruleset: Ruleset) {
        (declarations, chains) = ruleset.allFunctions
        fileCount = ruleset.functions.count
        var fileFunctions = FunctionTable<Int>()
        var serviceFunctions = FunctionTable<Int>()
        var blockFunctions: [Int: FunctionTable<Int>] = [:]
        var keys: [Int] = []
        keys.reserveCapacity(declarations.count)
        for position in declarations.indices {
            let name = declarations[position].name
            if let block = chains[position].last {
                keys.append(blockFunctions[block.range.start, default: FunctionTable<Int>()].first(for: name) { position })
            } else if position < fileCount {
                keys.append(fileFunctions.first(for: name) { position })
            } else {
                keys.append(serviceFunctions.first(for: name) { position })
            }
        }
        self.keys = keys
        self.fileFunctions = fileFunctions
        self.serviceFunctions = serviceFunctions
        self.blockFunctions = blockFunctions
    }

    /// Whether the declaration at `position` is a file-level function.
    func isFileLevel(_ position: Int) -> Bool { position < fileCount }

    /// The functions `block` itself declares, by name.
    func functions(of block: MatchBlock) -> FunctionTable<Int> {
        // Most blocks declare none: no lookup for them.
        guard !block.functions.isEmpty else { return FunctionTable<Int>() }
        return blockFunctions[block.range.start] ?? FunctionTable<Int>()
    }
}
