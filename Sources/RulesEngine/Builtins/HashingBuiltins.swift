extension BuiltinRegistry {
    static let hashingBuiltins: [Builtin] = [
        hashingFunction(
            "crc32", summary: "The CRC-32 (IEEE) checksum of bytes or of a string's UTF-8, as 4 little-endian bytes.",
            examples: [
                .true("hashing.crc32('123456789').toHexString() == '2639F4CB'"),
                .true("hashing.crc32('abc').toHexString() == 'C2412435'"),
                .true("hashing.crc32(b'abc') == hashing.crc32('abc')"),
                .true("hashing.crc32('').toHexString() == '00000000'"),
            ]
        ) { Hashing.littleEndianBytes(Hashing.crc32($0)) },
        hashingFunction(
            "crc32c", summary: "The CRC-32C (Castagnoli) checksum of bytes or of a string's UTF-8, as 4 little-endian bytes.",
            examples: [
                .true("hashing.crc32c('123456789').toHexString() == '839206E3'"),
                .true("hashing.crc32c('abc').toHexString() == 'B73F4B36'"),
                .true("hashing.crc32c(b'abc') == hashing.crc32c('abc')"),
            ]
        ) { Hashing.littleEndianBytes(Hashing.crc32c($0)) },
        hashingFunction(
            "md5", summary: "The MD5 digest of bytes or of a string's UTF-8.",
            examples: [
                .true("hashing.md5('').toHexString() == 'D41D8CD98F00B204E9800998ECF8427E'"),
                .true("hashing.md5('abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'"),
                .true("hashing.md5(b'abc') == hashing.md5('abc')"),
                .true("hashing.md5('abc').size() == 16"),
                .error(
                    "hashing.md5(1)",
                    "Unsupported operation error. Received: hashing.md5(int). Expected: hashing.md5(bytes), hashing.md5(string)."
                ),
            ]
        ) { Hashing.md5($0) },
        hashingFunction(
            "sha256", summary: "The SHA-256 digest of bytes or of a string's UTF-8.",
            examples: [
                .true(
                    "hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'"
                ),
                .true("hashing.sha256(b'abc') == hashing.sha256('abc')"),
                .true("hashing.sha256('').size() == 32"),
            ]
        ) { Hashing.sha256($0) },
    ]

    /// One `hashing.<name>(bytes | string)` function; strings are hashed as UTF-8.
    private static func hashingFunction(
        _ name: String, summary: String, examples: [BuiltinExample],
        digest: @escaping @Sendable ([UInt8]) -> [UInt8]
    ) -> Builtin {
        Builtin(
            name, on: .namespace("hashing"), signatures: [Signature([.bytes]), Signature([.string])],
            summary: summary, examples: examples
        ) { call throws(EvalError) in
            switch call[0] {
            case .bytes(let bytes): return .bytes(digest(bytes))
            case .string(let text): return .bytes(digest(Array(text.utf8)))
            default:
                throw .unsupported(
                    received: "hashing.\(name)(\(call[0].type.name))",
                    expected: ["hashing.\(name)(bytes)", "hashing.\(name)(string)"])
            }
        }
    }
}
