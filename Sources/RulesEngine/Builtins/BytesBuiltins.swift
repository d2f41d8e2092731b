extension BuiltinRegistry {
    static let bytesBuiltins: [Builtin] = []
}
