extension BuiltinRegistry {
    /// Methods of paths. Indexing, `==` and `string(path)` belong to the
    /// evaluator and the conversion builtins.
    static let pathBuiltins: [Builtin] = [
        Builtin(
            "bind", on: .method(.path), signatures: [Signature([.map])],
            summary: "The path with each `{name}` segment replaced by the map's value for `name`.",
            examples: [
                .true("path('users/{uid}').bind({'uid': 'alice'}) == path('users/alice')"),
                .true("path('a/{x}/b/{y}').bind({'x': '1', 'y': '2'}) == path('a/1/b/2')"),
                .true("path('users/{uid}').bind({}) == path('users/{uid}')"),
                .true("path('files/{rest=**}').bind({'rest': path('a/b')}) == path('files/a/b')"),
                .error(
                    "path('users/{uid}').bind({'uid': 1})",
                    "Unsupported operation error. Received: path.bind(map<string, int>). Expected: path.bind(map<string, string>), path.bind(map<string, path>)."
                ),
            ]
        ) { call throws(EvalError) in
            let path = try ValueCast.path(ValueCast.receiver(call))
            return .path(try bind(path, try ValueCast.map(call[0])))
        }
    ]

    /// Substitutes placeholder segments (`{name}` or `{name=**}`): a string
    /// value becomes one segment, a path value its segments. Placeholders
    /// without a binding stay as written.
    private static func bind(_ path: RulesPath, _ bindings: RulesMap) throws(EvalError) -> RulesPath {
        var segments: [String] = []
        for segment in path.segments {
            guard let name = placeholderName(segment), let value = bindings[name] else {
                segments.append(segment)
                continue
            }
            switch value {
            case .string(let text): segments.append(text)
            case .path(let inner): segments.append(contentsOf: inner.segments)
            default:
                throw .unsupported(
                    received: "path.bind(map<string, \(value.type.name)>)",
                    expected: ["path.bind(map<string, string>)", "path.bind(map<string, path>)"])
            }
        }
        return RulesPath(segments: segments)
    }

    /// `uid` for `{uid}` and `{uid=**}`; `nil` for other segments.
    private static func placeholderName(_ segment: String) -> String? {
        guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else { return nil }
        var name = segment.dropFirst().dropLast()
        if name.hasSuffix("=**") { name = name.dropLast(3) }
        return name.isEmpty ? nil : String(name)
    }
}
