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
    let fileFunctions: FunctionTable
    /// Service-level functions by name.
    let serviceFunctions: FunctionTable
    /// Each block's own functions by name, by the block's start.
    private let blockFunctions: [Int: FunctionTable]
    private let fileCount: Int

    init(_ ruleset: Ruleset) {
        (declarations, chains) = ruleset.allFunctions
        fileCount = ruleset.functions.count
        var fileFunctions = FunctionTable()
        var serviceFunctions = FunctionTable()
        var blockFunctions: [Int: FunctionTable] = [:]
        var keys: [Int] = []
        keys.reserveCapacity(declarations.count)
        for position in declarations.indices {
            let name = declarations[position].name
            if let block = chains[position].last {
                keys.append(blockFunctions[block.range.start, default: FunctionTable()].firstKey(for: name, position))
            } else if position < fileCount {
                keys.append(fileFunctions.firstKey(for: name, position))
            } else {
                keys.append(serviceFunctions.firstKey(for: name, position))
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
    func functions(of block: MatchBlock) -> FunctionTable {
        // Most blocks declare none: no lookup for them.
        guard !block.functions.isEmpty else { return FunctionTable() }
        return blockFunctions[block.range.start] ?? FunctionTable()
    }
}

/// One scope's functions by name: the key of the first declaration of
/// each name.
///
/// Most scopes declare one function or a few (a block's own): comparing
/// their names in turn, length first, costs less than hashing the name,
/// and the entries are one array where a dictionary allocated and hashed
/// on every insertion. A scope of many functions also indexes them by
/// name, so a file of very many functions stays linear to check.
struct FunctionTable {
    private struct Entry {
        let name: String
        let length: Int
        let key: Int
    }

    private var entries: [Entry] = []
    /// Every entry's key by name, once there are more than ``comparedInTurn``.
    private var byName: [String: Int]?
    private static let comparedInTurn = 8

    /// Whether the scope declares no function.
    var isEmpty: Bool { entries.isEmpty }

    /// The key of the function named `name`, if the scope declares one.
    func key(forName name: String) -> Int? {
        if let byName { return byName[name] }
        let length = name.utf8.count
        for index in entries.indices where entries[index].length == length && entries[index].name == name {
            return entries[index].key
        }
        return nil
    }

    /// The key already recorded for `name`, or `position`, recorded now.
    fileprivate mutating func firstKey(for name: String, _ position: Int) -> Int {
        if let first = key(forName: name) { return first }
        entries.append(Entry(name: name, length: name.utf8.count, key: position))
        if byName != nil {
            byName?[name] = position
        } else if entries.count > Self.comparedInTurn {
            byName = Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.name, $0.key) })
        }
        return position
    }
}
