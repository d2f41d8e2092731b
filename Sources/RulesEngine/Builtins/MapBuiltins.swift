extension BuiltinRegistry {
    static let mapBuiltins: [Builtin] = []
}
