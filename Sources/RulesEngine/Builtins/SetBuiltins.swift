extension BuiltinRegistry {
    static let setBuiltins: [Builtin] = []
}
