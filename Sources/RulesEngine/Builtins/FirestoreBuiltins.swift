extension BuiltinRegistry {
    static let firestoreBuiltins: [Builtin] = []
}
