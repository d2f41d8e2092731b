extension BuiltinRegistry {
    /// Methods of maps. Key lookup and `in` are operators of the evaluator;
    /// maps have no `hasAll`/`hasAny`/`hasOnly` (use `keys()` first).
    static let mapBuiltins: [Builtin] = [
        Builtin(
            "diff", on: .method(.map), signatures: [Signature([.map])],
            summary: "A map diff with the receiver as the new state and the argument as the old one.",
            examples: [
                .true("{'a': 1}.diff({}).addedKeys() == ['a'].toSet()"),
                .true("{}.diff({'a': 1}).removedKeys() == ['a'].toSet()"),
                .true("{'a': 1}.diff({'a': 1}).unchangedKeys() == ['a'].toSet()"),
            ]
        ) { call throws(EvalError) in
            .mapDiff(MapDiff(new: try ValueCast.map(ValueCast.receiver(call)), old: try ValueCast.map(call[0])))
        },
        Builtin(
            "get", on: .method(.map), signatures: [Signature([.string, .any]), Signature([.list, .any])],
            summary: "The value of a key, or of a list of keys walking nested maps, else the default.",
            examples: [
                .true("{'a': 3, 'b': 2}.get('c', 7) == 7"),
                .true("{'a': 3, 'b': 2}.get('a', 7) == 3"),
                .true("{'a': {'b': 1}, 'c': 2}.get(['a', 'b'], 7) == 1"),
                .true("{'a': {'b': 1}}.get(['a', 'x'], 7) == 7"),
                .true("{'a': 1}.get(['a', 'b'], 'none') == 'none'"),
                .true("{'a': null}.get('a', 1) == null"),
                .error(
                    "{'a': 1}.get(1, 2)",
                    "Unsupported operation error. Received: map.get(int, int). Expected: map.get(string, any), map.get(list, any)."
                ),
            ]
        ) { call throws(EvalError) in
            let map = try ValueCast.map(ValueCast.receiver(call))
            let fallback = call[1]
            switch call[0] {
            case .string(let key):
                return map[key] ?? fallback
            case .list(let keys):
                var current = Value.map(map)
                for key in keys {
                    guard case .string(let name) = key else {
                        throw .unsupported(
                            received: "map.get(list<\(key.type.name)>, \(fallback.type.name))",
                            expected: ["map.get(string, any)", "map.get(list<string>, any)"])
                    }
                    guard case .map(let level) = current, let next = level[name] else { return fallback }
                    current = next
                }
                return current
            default:
                return fallback
            }
        },
        Builtin(
            "keys", on: .method(.map), signatures: [Signature([])],
            summary: "The keys, as a list in sorted order.",
            examples: [
                .true("{'b': 1, 'a': 2}.keys() == ['a', 'b']"),
                .true("{}.keys() == []"),
                .true("{'a': 1}.keys() is list"),
            ]
        ) { call throws(EvalError) in
            .list(try ValueCast.map(ValueCast.receiver(call)).sortedKeys.map(Value.string))
        },
        Builtin(
            "values", on: .method(.map), signatures: [Signature([])],
            summary: "The values, as a list in key order.",
            examples: [
                .true("{'b': 1, 'a': 2}.values() == [2, 1]"),
                .true("{}.values() == []"),
            ]
        ) { call throws(EvalError) in
            let map = try ValueCast.map(ValueCast.receiver(call))
            return .list(map.sortedKeys.compactMap { map[$0] })
        },
        Builtin(
            "size", on: .method(.map), signatures: [Signature([])],
            summary: "The number of entries.",
            examples: [
                .true("{'a': 1, 'b': 2}.size() == 2"),
                .true("{}.size() == 0"),
            ]
        ) { call throws(EvalError) in
            .int(Int64(try ValueCast.map(ValueCast.receiver(call)).count))
        },
    ]
}
