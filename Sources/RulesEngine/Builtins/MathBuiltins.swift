extension BuiltinRegistry {
    static let mathBuiltins: [Builtin] = []
}
