/// Every builtin of the language, indexed for the checker and the evaluator.
public enum BuiltinRegistry {
    /// Every declared builtin.
    public static let all: [Builtin] =
        conversionBuiltins + stringBuiltins + bytesBuiltins + hashingBuiltins
        + listBuiltins + mapBuiltins + setBuiltins + mapDiffBuiltins
        + mathBuiltins + timestampBuiltins + durationBuiltins + latlngBuiltins + pathBuiltins
        + firestoreBuiltins + debugBuiltins

    private static let globals: [String: Builtin] = Dictionary(
        all.compactMap { builtin in builtin.receiver == .global ? (builtin.name, builtin) : nil },
        uniquingKeysWith: { first, _ in first })

    private static let namespaced: [String: [String: Builtin]] = {
        var table: [String: [String: Builtin]] = [:]
        for builtin in all {
            if case .namespace(let namespace) = builtin.receiver {
                table[namespace, default: [:]][builtin.name] = builtin
            }
        }
        return table
    }()

    private static let methods: [ValueType: [String: Builtin]] = {
        var table: [ValueType: [String: Builtin]] = [:]
        for builtin in all {
            if case .method(let type) = builtin.receiver {
                table[type, default: [:]][builtin.name] = builtin
            }
        }
        return table
    }()

    /// The namespaces (`math`, `hashing`, `timestamp`, ...).
    public static let namespaces: Set<String> = Set(namespaced.keys)

    /// A global function by name.
    public static func global(_ name: String) -> Builtin? { globals[name] }

    /// A namespaced function such as `math.abs`.
    public static func function(namespace: String, name: String) -> Builtin? {
        namespaced[namespace]?[name]
    }

    /// A method of a type.
    public static func method(on type: ValueType, named name: String) -> Builtin? {
        methods[type]?[name]
    }

    /// Each method name's builtins, one per type that has it, in the order of ``ValueType/allCases``.
    private static let methodsByName: [String: [(type: ValueType, builtin: Builtin)]] = {
        var table: [String: [(type: ValueType, builtin: Builtin)]] = [:]
        for type in ValueType.allCases {
            for (name, builtin) in methods[type] ?? [:] { table[name, default: []].append((type, builtin)) }
        }
        return table
    }()

    /// The builtins a method name means, one per receiver type that has it.
    static func methods(named name: String) -> [(type: ValueType, builtin: Builtin)] {
        methodsByName[name] ?? []
    }

    /// Whether any type has a method of this name (for the checker).
    public static func isMethodName(_ name: String) -> Bool {
        methodsByName[name] != nil
    }
}
