extension BuiltinRegistry {
    /// Methods of sets. Membership uses set equality (numbers by value, NaN equals itself).
    static let setBuiltins: [Builtin] = [
        Builtin(
            "size", on: .method(.set), signatures: [Signature([])],
            summary: "The number of elements.",
            examples: [
                .true("['a', 'b', 'a'].toSet().size() == 2"),
                .true("[1, 1.0].toSet().size() == 1"),
            ]
        ) { call throws(EvalError) in
            .int(Int64(try ValueCast.set(ValueCast.receiver(call)).count))
        },
        Builtin(
            "hasAll", on: .method(.set), signatures: [Signature([.list]), Signature([.set])],
            summary: "Whether every element of the argument (a list or a set) is in the set.",
            examples: [
                .true("!['a', 'b'].toSet().hasAll(['a', 'c'])"),
                .true("['d', 'e', 'f'].toSet().hasAll(['d', 'e'])"),
                .true("['a', 'b'].toSet().hasAll(['b'].toSet())"),
            ]
        ) { call throws(EvalError) in
            let set = try ValueCast.set(ValueCast.receiver(call))
            return .bool(try ValueCast.elements(call[0]).allSatisfy(set.contains))
        },
        Builtin(
            "hasAny", on: .method(.set), signatures: [Signature([.list]), Signature([.set])],
            summary: "Whether some element of the argument (a list or a set) is in the set.",
            examples: [
                .true("['a', 'b'].toSet().hasAny(['c', 'a'])"),
                .true("!['a', 'b'].toSet().hasAny(['c'].toSet())"),
            ]
        ) { call throws(EvalError) in
            let set = try ValueCast.set(ValueCast.receiver(call))
            return .bool(try ValueCast.elements(call[0]).contains(where: set.contains))
        },
        Builtin(
            "hasOnly", on: .method(.set), signatures: [Signature([.list]), Signature([.set])],
            summary: "Whether every element of the set is in the argument (a list or a set).",
            examples: [
                .true("['a', 'b'].toSet().hasOnly(['a', 'b', 'c'])"),
                .true("!['a', 'b'].toSet().hasOnly(['a'].toSet())"),
            ]
        ) { call throws(EvalError) in
            let allowed = RulesSet(try ValueCast.elements(call[0]))
            return .bool(try ValueCast.set(ValueCast.receiver(call)).elements.allSatisfy(allowed.contains))
        },
        Builtin(
            "difference", on: .method(.set), signatures: [Signature([.set])],
            summary: "The elements of the receiver that are not in the argument.",
            examples: [
                .true("['a', 'b'].toSet().difference(['a', 'c'].toSet()) == ['b'].toSet()"),
                .error(
                    "['a', 'b'].toSet().difference(['a']).size() == 1",
                    "Unsupported operation error. Received: set.difference(list). Expected: set.difference(set)."),
            ]
        ) { call throws(EvalError) in
            let other = try ValueCast.set(call[0])
            return .set(RulesSet(try ValueCast.set(ValueCast.receiver(call)).elements.filter { !other.contains($0) }))
        },
        Builtin(
            "intersection", on: .method(.set), signatures: [Signature([.set])],
            summary: "The elements in both sets.",
            examples: [
                .true("['a', 'b'].toSet().intersection(['a', 'c'].toSet()) == ['a'].toSet()"),
                .error(
                    "['a'].toSet().intersection(['a'])",
                    "Unsupported operation error. Received: set.intersection(list). Expected: set.intersection(set)."
                ),
            ]
        ) { call throws(EvalError) in
            let other = try ValueCast.set(call[0])
            return .set(RulesSet(try ValueCast.set(ValueCast.receiver(call)).elements.filter(other.contains)))
        },
        Builtin(
            "union", on: .method(.set), signatures: [Signature([.set])],
            summary: "The elements in either set.",
            examples: [
                .true("['a', 'b'].toSet().union(['a', 'c'].toSet()) == ['a', 'b', 'c'].toSet()"),
                .error(
                    "['a'].toSet().union(['b'])",
                    "Unsupported operation error. Received: set.union(list). Expected: set.union(set)."),
            ]
        ) { call throws(EvalError) in
            let set = try ValueCast.set(ValueCast.receiver(call))
            return .set(RulesSet(set.elements + (try ValueCast.set(call[0])).elements))
        },
    ]
}
