extension BuiltinRegistry {
    /// Methods of lists. `in`, `+`, indexing and slicing are operators of the
    /// evaluator; `difference`, `union` and `intersection` are set-only.
    static let listBuiltins: [Builtin] = [
        Builtin(
            "concat", on: .method(.list), signatures: [Signature([.list])],
            summary: "The receiver followed by the argument's elements, duplicates kept.",
            examples: [
                .true("[1, 2].concat([2, 3]) == [1, 2, 2, 3]"),
                .true("[].concat(['a']) == ['a']"),
                .error(
                    "[1].concat(1)",
                    "Unsupported operation error. Received: list.concat(int). Expected: list.concat(list)."),
            ]
        ) { call throws(EvalError) in
            let elements = try ValueCast.list(ValueCast.receiver(call))
            return .list(elements + (try ValueCast.list(call[0])))
        },
        Builtin(
            "hasAll", on: .method(.list), signatures: [Signature([.list])],
            summary: "Whether every element of the argument is in the list.",
            examples: [
                .true("['file', 'txt'].hasAll(['file', 'txt'])"),
                .true("!['a', 'b'].hasAll(['a', 'c'])"),
                .true("['a'].hasAll([])"),
                .error(
                    "['a', 'b'].hasAll(['b'].toSet())",
                    "Unsupported operation error. Received: list.hasAll(set). Expected: list.hasAll(list)."
                ),
            ]
        ) { call throws(EvalError) in
            let elements = try ValueCast.list(ValueCast.receiver(call))
            return .bool(try ValueCast.elements(call[0]).allSatisfy { listContains(elements, $0) })
        },
        Builtin(
            "hasAny", on: .method(.list), signatures: [Signature([.list])],
            summary: "Whether some element of the argument is in the list.",
            examples: [
                .true("['a', 'b'].hasAny(['c', 'b'])"),
                .true("!['a', 'b'].hasAny(['c'])"),
                .true("!['a'].hasAny([])"),
                .error(
                    "['a'].hasAny('a')",
                    "Unsupported operation error. Received: list.hasAny(string). Expected: list.hasAny(list)."
                ),
            ]
        ) { call throws(EvalError) in
            let elements = try ValueCast.list(ValueCast.receiver(call))
            return .bool(try ValueCast.elements(call[0]).contains { listContains(elements, $0) })
        },
        Builtin(
            "hasOnly", on: .method(.list), signatures: [Signature([.list])],
            summary: "Whether every element of the list is in the argument (duplicates ignored).",
            examples: [
                .true("!['a', 'b'].hasOnly(['a', 'c'])"),
                .true("['a', 'a', 'b'].hasOnly(['a', 'b', 'b', 'c'])"),
                .true("[].hasOnly([])"),
            ]
        ) { call throws(EvalError) in
            let allowed = try ValueCast.elements(call[0])
            return .bool(try ValueCast.list(ValueCast.receiver(call)).allSatisfy { listContains(allowed, $0) })
        },
        Builtin(
            "join", on: .method(.list), signatures: [Signature([.string])],
            summary: "The string elements joined with a separator.",
            examples: [
                .true("['a', 'b'].join(',') == 'a,b'"),
                .true("['file', 'txt'].join('.') == 'file.txt'"),
                .true("[].join('-') == ''"),
                .error(
                    "['a', 1].join(',')",
                    "Unsupported operation error. Received: list<int>.join(string). Expected: list<string>.join(string)."
                ),
            ]
        ) { call throws(EvalError) in
            let separator = try ValueCast.string(call[0])
            var pieces: [String] = []
            for element in try ValueCast.list(ValueCast.receiver(call)) {
                guard case .string(let piece) = element else {
                    throw .unsupported(
                        received: "list<\(element.type.name)>.join(string)", expected: ["list<string>.join(string)"])
                }
                pieces.append(piece)
            }
            return .string(pieces.joined(separator: separator))
        },
        Builtin(
            "removeAll", on: .method(.list), signatures: [Signature([.list])],
            summary: "The list without any occurrence of the argument's elements.",
            examples: [
                .true("[1, 2].removeAll([1]).size() == 1"),
                .true("['a', 'b', 'a', 'c'].removeAll(['a', 'x']) == ['b', 'c']"),
                .true("[1, 2].removeAll([]) == [1, 2]"),
            ]
        ) { call throws(EvalError) in
            let removed = try ValueCast.list(call[0])
            return .list(try ValueCast.list(ValueCast.receiver(call)).filter { !listContains(removed, $0) })
        },
        Builtin(
            "size", on: .method(.list), signatures: [Signature([])],
            summary: "The number of elements.",
            examples: [
                .true("[1, 2, 2].size() == 3"),
                .true("[].size() == 0"),
                .error("[1].size(1)", "Incorrect number of arguments. Received: 1. Expected: list.size()."),
            ]
        ) { call throws(EvalError) in
            .int(Int64(try ValueCast.list(ValueCast.receiver(call)).count))
        },
        Builtin(
            "toSet", on: .method(.list), signatures: [Signature([])],
            summary: "A set of the elements, keeping the first of equal elements.",
            examples: [
                .true("['a', 'b', 'a'].toSet() == ['b', 'a'].toSet()"),
                .true("[1, 1.0].toSet().size() == 1"),
                .true("['a', 'b', 'a'].toSet().size() == 2"),
            ]
        ) { call throws(EvalError) in
            .set(RulesSet(try ValueCast.list(ValueCast.receiver(call))))
        },
    ]

    /// List membership, by the language's `==`.
    private static func listContains(_ elements: [Value], _ value: Value) -> Bool {
        elements.contains { $0.rulesEquals(value) }
    }
}
