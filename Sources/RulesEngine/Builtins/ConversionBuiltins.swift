extension BuiltinRegistry {
    static let conversionBuiltins: [Builtin] = []
}
