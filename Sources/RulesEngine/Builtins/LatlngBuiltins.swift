extension BuiltinRegistry {
    static let latlngBuiltins: [Builtin] = []
}
