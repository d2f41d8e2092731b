extension BuiltinRegistry {
    static let pathBuiltins: [Builtin] = []
}
