extension BuiltinRegistry {
    static let timestampBuiltins: [Builtin] = []
}
