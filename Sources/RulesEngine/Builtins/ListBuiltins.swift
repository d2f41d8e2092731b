extension BuiltinRegistry {
    static let listBuiltins: [Builtin] = []
}
