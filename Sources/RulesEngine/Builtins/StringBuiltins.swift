extension BuiltinRegistry {
    static let stringBuiltins: [Builtin] = []
}
