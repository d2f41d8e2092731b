extension BuiltinRegistry {
    /// Methods of map diffs (`new.diff(old)`); each returns a set of keys.
    static let mapDiffBuiltins: [Builtin] = [
        keySetMethod(
            "addedKeys", summary: "Keys of the new map that the old map lacks.", keys: \.addedKeys,
            examples: [
                .true("{'a': 1}.diff({}).addedKeys() == ['a'].toSet()"),
                .true("{'a': 1}.diff({'a': 2}).addedKeys().size() == 0"),
            ]),
        keySetMethod(
            "removedKeys", summary: "Keys of the old map that the new map lacks.", keys: \.removedKeys,
            examples: [
                .true("{}.diff({'a': 1}).removedKeys() == ['a'].toSet()"),
                .true("{'a': 1}.diff({'a': 1, 'b': 2}).removedKeys() == ['b'].toSet()"),
            ]),
        keySetMethod(
            "changedKeys", summary: "Keys in both maps whose values differ.", keys: \.changedKeys,
            examples: [
                .true("{'a': 0}.diff({'a': 1, 'b': 4}).changedKeys() == ['a'].toSet()"),
                .true("{'a': 1, 'z': 0.0}.diff({'a': 1.0, 'z': -0.0}).changedKeys().size() == 0"),
            ]),
        keySetMethod(
            "unchangedKeys", summary: "Keys in both maps whose values are equal.", keys: \.unchangedKeys,
            examples: [
                .true("{'a': 0}.diff({'a': 0}).unchangedKeys() == ['a'].toSet()"),
                .true("{'a': 0, 'b': 1}.diff({'a': 0, 'b': 2}).unchangedKeys() == ['a'].toSet()"),
            ]),
        keySetMethod(
            "affectedKeys", summary: "Keys added, removed or changed.", keys: \.affectedKeys,
            examples: [
                .true(
                    "({'a': 0, 'c': 0, 'u': 0}).diff({'r': 0, 'c': 1, 'u': 0}).affectedKeys() == ['a', 'r', 'c'].toSet()"
                ),
                .true("{'a': 0}.diff({'a': 0}).affectedKeys().size() == 0"),
            ]),
    ]

    private static func keySetMethod(
        _ name: String, summary: String, keys: KeyPath<MapDiff, [String]> & Sendable, examples: [BuiltinExample]
    ) -> Builtin {
        Builtin(name, on: .method(.mapDiff), signatures: [Signature([])], summary: summary, examples: examples) {
            call throws(EvalError) in
            .set(RulesSet(try ValueCast.mapDiff(ValueCast.receiver(call))[keyPath: keys].map(Value.string)))
        }
    }
}
