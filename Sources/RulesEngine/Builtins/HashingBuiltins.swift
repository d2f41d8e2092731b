extension BuiltinRegistry {
    static let hashingBuiltins: [Builtin] = []
}
