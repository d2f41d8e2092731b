extension BuiltinRegistry {
    static let durationBuiltins: [Builtin] = []
}
