import Testing

@testable import RulesEngine

@Suite("Bytes and hashing builtins")
struct BytesBuiltinsTests {
    static let cases: [([UInt8], String, Value)] = [
        ([0xFF, 0xFF], "size", 2),
        ([0x61], "size", 1),
        ([0xE2, 0x82, 0xAC], "size", 3),
        ([], "size", 0),
        ([0xFB, 0xEF, 0xBE], "toBase64", "----"),
        (Array("hi".utf8), "toBase64", "aGk="),
        (Array("~~~".utf8), "toBase64", "fn5-"),
        ([0xFF], "toBase64", "_w=="),
        ([], "toBase64", ""),
        ([0x2A], "toHexString", "2A"),
        ([0x2A, 0x2A], "toHexString", "2A2A"),
        ([0xE2, 0x82, 0xAC], "toHexString", "E282AC"),
        ([0x00, 0x0F], "toHexString", "000F"),
    ]

    @Test(arguments: cases)
    func method(bytes: [UInt8], name: String, expected: Value) throws {
        let result = try StringsCall.method(.bytes(bytes), name)
        #expect(StringsCall.same(result, expected), "\(result)")
    }

    @Test func noIndexingOrConcatenation() {
        #expect(BuiltinRegistry.method(on: .bytes, named: "[]") == nil)
        #expect(throws: EvalError("Incorrect number of arguments. Received: 1. Expected: bytes.size().")) {
            try StringsCall.method(.bytes([1]), "size", [1])
        }
    }

    static let hashes: [(String, Value, String)] = [
        ("md5", "", "D41D8CD98F00B204E9800998ECF8427E"),
        ("md5", "abc", "900150983CD24FB0D6963F7D28E17F72"),
        ("md5", .bytes(Array("abc".utf8)), "900150983CD24FB0D6963F7D28E17F72"),
        ("sha256", "abc", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"),
        ("sha256", .bytes([]), "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"),
        ("crc32", "123456789", "2639F4CB"),
        ("crc32", "abc", "C2412435"),
        ("crc32c", "123456789", "839206E3"),
        ("crc32c", "abc", "B73F4B36"),
        ("crc32c", .bytes(Array("abc".utf8)), "B73F4B36"),
        ("md5", "€", "BCA53FDE466A76B7BEE3E18997E94A7A"),
    ]

    @Test(arguments: hashes)
    func hashing(name: String, input: Value, hex: String) throws {
        let digest = try StringsCall.function("hashing", name, [input])
        let text = try StringsCall.method(digest, "toHexString")
        #expect(StringsCall.same(text, .string(hex)), "\(text)")
    }

    @Test(arguments: ["md5", "sha256", "crc32", "crc32c"])
    func hashingRejectsOtherTypes(name: String) {
        let message =
            "Unsupported operation error. Received: hashing.\(name)(int). Expected: hashing.\(name)(bytes), hashing.\(name)(string)."
        #expect(throws: EvalError(message)) { try StringsCall.function("hashing", name, [1]) }
        #expect(
            throws: EvalError(
                "Incorrect number of arguments. Received: 2. Expected: hashing.\(name)(bytes), hashing.\(name)(string).")
        ) { try StringsCall.function("hashing", name, ["a", "b"]) }
    }

    @Test func hashingNamespaceIsRegistered() {
        #expect(BuiltinRegistry.namespaces.contains("hashing"))
    }
}
