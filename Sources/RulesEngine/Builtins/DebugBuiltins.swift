extension BuiltinRegistry {
    static let debugBuiltins: [Builtin] = []
}
