extension BuiltinRegistry {
    static let firestoreBuiltins: [Builtin] = [
        Builtin(
            "get", on: .namespace("firestore"), signatures: [Signature([.path])],
            summary: "Reads a Firestore document of the (default) database: a map with `data`, `id` and `__name__`, or null when it does not exist.",
            examples: [.true("firestore.get(/databases/(default)/documents/missing/doc) == null")]
        ) { call throws(EvalError) in
            guard case .path(let path) = call[0] else { return .null }
            guard let fields = try call.context.firestoreDocument(at: path) else { return .null }
            return .map(RulesMap([
                "data": .map(fields),
                "id": .string(path.segments.last ?? ""),
                "__name__": .path(path),
            ]))
        },
        Builtin(
            "exists", on: .namespace("firestore"), signatures: [Signature([.path])],
            summary: "Whether a Firestore document of the (default) database exists.",
            examples: [.true("!firestore.exists(/databases/(default)/documents/missing/doc)")]
        ) { call throws(EvalError) in
            guard case .path(let path) = call[0] else { return .bool(false) }
            return .bool(try call.context.firestoreDocument(at: path) != nil)
        },
    ]
}
