extension BuiltinRegistry {
    static let bytesBuiltins: [Builtin] = [
        Builtin(
            "size", on: .method(.bytes), signatures: [Signature([])],
            summary: "The number of bytes.",
            examples: [
                .true(#"b'\xFF\xFF'.size() == 2 && b'a'.size() == 1"#),
                .true("b'€'.size() == 3"),
                .true("b''.size() == 0"),
            ]
        ) { call throws(EvalError) in
            .int(Int64(try BytesSupport.receiver(call, "size").count))
        },
        Builtin(
            "toBase64", on: .method(.bytes), signatures: [Signature([])],
            summary: "Base64 with the URL-safe alphabet (- and _) and = padding.",
            examples: [
                .true(#"b'\xFB\xEF\xBE'.toBase64() == '----'"#),
                .true("'hi'.toUtf8().toBase64() == 'aGk='"),
                .true("'~~~'.toUtf8().toBase64() == 'fn5-'"),
                .true(#"b'\xff'.toBase64() == '_w=='"#),
                .true("b''.toBase64() == ''"),
            ]
        ) { call throws(EvalError) in
            .string(Hashing.base64URL(try BytesSupport.receiver(call, "toBase64")))
        },
        Builtin(
            "toHexString", on: .method(.bytes), signatures: [Signature([])],
            summary: "The bytes in upper-case hexadecimal.",
            examples: [
                .true(#"b'\x2A'.toHexString() == '2A' && b'**'.toHexString() == '2A2A'"#),
                .true("b'€'.toHexString() == 'E282AC'"),
                .true(#"b'\x00\xff'.toHexString() == '00FF'"#),
            ]
        ) { call throws(EvalError) in
            .string(Hashing.hex(try BytesSupport.receiver(call, "toHexString")))
        },
    ]
}

/// Receiver unpacking for the bytes methods.
enum BytesSupport {
    /// The bytes receiver of a method call.
    static func receiver(_ call: BuiltinCall, _ name: String) throws(EvalError) -> [UInt8] {
        guard case .bytes(let bytes) = call.receiver else { throw .functionNotFound(name) }
        return bytes
    }
}
