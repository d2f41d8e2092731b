extension BuiltinRegistry {
    static let debugBuiltins: [Builtin] = [
        Builtin(
            "debug", on: .global, signatures: [Signature([.any])],
            summary: "Returns its argument and logs it. Emulator mode only: the production service has no `debug` function."
        ) { call throws(EvalError) in
            call.context.debugLog(call[0])
            return call[0]
        }
    ]
}
