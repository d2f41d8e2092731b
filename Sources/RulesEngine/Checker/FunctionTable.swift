/// One scope's functions by name: what the first declaration of each name
/// maps to (a later one of the same name is an error the checker reports,
/// and calls resolve to the first). The checker's scopes
/// (``FunctionScopes``) map a name to the declaration's position among all
/// of them, the compiler's (``Scope``) to the compiled function.
///
/// Most scopes declare one function or a few (a block's own): comparing
/// their names in turn, length first, costs less than hashing the name,
/// and the entries are one array where a dictionary allocated and hashed
/// on every insertion. A scope of many functions also indexes them by
/// name, so a file of very many functions stays linear to check and to
/// compile.
struct FunctionTable<Value> {
    fileprivate struct Entry {
        let name: String
        let length: Int
        let value: Value
    }

    private var entries: [Entry] = []
    /// Each name's position in ``entries``, once there are more than ``comparedInTurn``.
    private var byName: [String: Int]?
    private static var comparedInTurn: Int { 8 }

    /// Whether the scope declares no function.
    var isEmpty: Bool { entries.isEmpty }

    /// What the function named `name` maps to, if the scope declares one.
    func value(forName name: String) -> Value? {
        value(forName: name, length: name.utf8.count)
    }

    /// What the function named `name`, of UTF-8 length `length`, maps to (a
    /// search through nested scopes counts the length once). Inlined into
    /// those searches: most scopes on the way declare nothing.
    @inline(__always)
    func value(forName name: String, length: Int) -> Value? {
        if let byName { return byName[name].map { entries[$0].value } }
        for index in entries.indices where entries[index].length == length && entries[index].name == name {
            return entries[index].value
        }
        return nil
    }

    /// What `name` maps to already, or `make()`, recorded now for it.
    mutating func first(for name: String, _ make: () -> Value) -> Value {
        let length = name.utf8.count
        if let first = value(forName: name, length: length) { return first }
        let value = make()
        entries.append(Entry(name: name, length: length, value: value))
        if byName != nil {
            byName?[name] = entries.count - 1
        } else if entries.count > Self.comparedInTurn {
            var positions: [String: Int] = [:]
            for index in entries.indices { positions[entries[index].name] = index }
            byName = positions
        }
        return value
    }

    /// Calls `body` with every value, in the order the names were first recorded.
    func forEachValue(_ body: (Value) -> Void) {
        for index in entries.indices { body(entries[index].value) }
    }
}

extension FunctionTable: Sendable where Value: Sendable {}
extension FunctionTable.Entry: Sendable where Value: Sendable {}
