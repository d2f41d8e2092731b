extension BuiltinRegistry {
    static let mapDiffBuiltins: [Builtin] = []
}
