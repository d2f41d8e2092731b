import Foundation
import Testing

@testable import RulesEngine

@Suite("Hashing")
struct HashingTests {
    /// 1 MiB of `(i * 7) % 251`; expected values from Python's hashlib and zlib,
    /// and a bitwise CRC-32C loop.
    static let megabyte: [UInt8] = (0..<(1 << 20)).map { UInt8($0 * 7 % 251) }

    /// Lengths around the block edges: the padding needs a second block from 56 bytes past a whole block.
    static let md5Vectors: [(String, String)] = [
        ("", "D41D8CD98F00B204E9800998ECF8427E"),
        ("abc", "900150983CD24FB0D6963F7D28E17F72"),
        ("The quick brown fox jumps over the lazy dog", "9E107D9D372BB6826BD81D3542A419D6"),
        (String(repeating: "a", count: 55), "EF1772B6DFF9A122358552954AD0DF65"),
        (String(repeating: "a", count: 56), "3B0C8AC703F828B04C6C197006D17218"),
        (String(repeating: "a", count: 63), "B06521F39153D618550606BE297466D5"),
        (String(repeating: "a", count: 64), "014842D480B571495A4A0363793F7367"),
        (String(repeating: "a", count: 65), "C743A45E0D2E6A95CB859ADAE0248435"),
        (String(repeating: "a", count: 119), "8A7BD0732ED6A28CE75F6DABC90E1613"),
        (String(repeating: "a", count: 120), "5F61C0CCAD4CAC44C75FF505E1F1E537"),
        (String(repeating: "a", count: 128), "E510683B3F5FFE4093D021808BC6FF70"),
    ]

    @Test(arguments: md5Vectors)
    func md5(text: String, hex: String) {
        #expect(Hashing.hex(Hashing.md5(Array(text.utf8))) == hex)
    }

    static let sha256Vectors: [(String, String)] = [
        ("", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"),
        ("abc", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1"
        ),
        (String(repeating: "a", count: 64), "FFE054FE7AE0CB6DC65C3AF9B61D5209F439851DB43D0BA5997337DF154668EB"),
    ]

    @Test(arguments: sha256Vectors)
    func sha256(text: String, hex: String) {
        #expect(Hashing.hex(Hashing.sha256(Array(text.utf8))) == hex)
    }

    static let crcVectors: [(String, UInt32, UInt32)] = [
        ("", 0, 0),
        ("123456789", 0xCBF4_3926, 0xE306_9283),
        ("abc", 0x3524_41C2, 0x364B_3FB7),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339, 0x2262_0404),
    ]

    @Test(arguments: crcVectors)
    func crcs(text: String, crc32: UInt32, crc32c: UInt32) {
        #expect(Hashing.crc32(Array(text.utf8)) == crc32)
        #expect(Hashing.crc32c(Array(text.utf8)) == crc32c)
    }

    /// A CRC one bit at a time, the definition the eight-byte tables must agree with.
    static func bitwiseCRC(_ bytes: [UInt8], polynomial: UInt32) -> UInt32 {
        var value: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            value ^= UInt32(byte)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1 }
        }
        return ~value
    }

    /// MD5 as RFC 1321 defines it, step by step from `sin`, with the padded
    /// message built in full: the written-out rounds must agree with it.
    static func referenceMD5(_ bytes: [UInt8]) -> [UInt8] {
        let constants = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
        let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
        var message = bytes + [0x80]
        while message.count % 64 != 56 { message.append(0) }
        message += withUnsafeBytes(of: (UInt64(bytes.count) * 8).littleEndian) { Array($0) }
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
        for block in stride(from: 0, to: message.count, by: 64) {
            let words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(message[block + index * 4 + $1]) << (8 * UInt32($1)) }
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for step in 0..<64 {
                let round = step / 16
                let mixed: UInt32 = [(b & c) | (~b & d), (d & b) | (~d & c), b ^ c ^ d, c ^ (b | ~d)][round]
                let word = [step, 5 * step + 1, 3 * step + 5, 7 * step][round] % 16
                let sum = a &+ mixed &+ constants[step] &+ words[word]
                let shift = shifts[round * 4 + step % 4]
                (a, d, c) = (d, c, b)
                b = b &+ (sum << shift | sum >> (32 - shift))
            }
            state = [state[0] &+ a, state[1] &+ b, state[2] &+ c, state[3] &+ d]
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    /// Every length up to three blocks, so each tail length and both
    /// paddings (one block or two) meet whole blocks read in place.
    @Test func md5OfEveryLengthAgreesWithTheReference() {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for length in 0...bytes.count {
            let prefix = Array(bytes[0..<length])
            #expect(Hashing.md5(prefix) == Self.referenceMD5(prefix), "md5 of \(length) bytes")
        }
    }

    /// Every length from 0 to 40 bytes, so each count of whole eight-byte
    /// steps and every tail length is checked, over bytes of every value.
    @Test func crcsOfEveryLengthAgreeWithTheBitwiseDefinition() {
        let bytes = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 211) }
        for length in 0...bytes.count {
            let prefix = Array(bytes[0..<length])
            #expect(Hashing.crc32(prefix) == Self.bitwiseCRC(prefix, polynomial: 0xEDB8_8320), "crc32 of \(length) bytes")
            #expect(Hashing.crc32c(prefix) == Self.bitwiseCRC(prefix, polynomial: 0x82F6_3B78), "crc32c of \(length) bytes")
        }
    }

    @Test func oneMegabyte() {
        #expect(Hashing.hex(Hashing.md5(Self.megabyte)) == "26E2437D8C01F4BCEDED84F9309AC88F")
        #expect(
            Hashing.hex(Hashing.sha256(Self.megabyte))
                == "E76E4C02227083FD12207B7BC85287BB9E02A618FED3BD8EAB1BC2DAEDA2FB53")
        #expect(Hashing.crc32(Self.megabyte) == 0xF1EE_D7FF)
        #expect(Hashing.crc32c(Self.megabyte) == 0xD7A4_37AE)
    }

    @Test func littleEndianCRCBytes() {
        #expect(Hashing.hex(Hashing.littleEndianBytes(0xCBF4_3926)) == "2639F4CB")
        #expect(Hashing.hex(Hashing.littleEndianBytes(0xE306_9283)) == "839206E3")
    }

    static let base64Vectors: [([UInt8], String, String)] = [
        ([], "", ""),
        (Array("f".utf8), "Zg==", "Zg=="),
        (Array("fo".utf8), "Zm8=", "Zm8="),
        (Array("foo".utf8), "Zm9v", "Zm9v"),
        (Array("hi".utf8), "aGk=", "aGk="),
        (Array("~~~".utf8), "fn5+", "fn5-"),
        ([0xFF], "/w==", "_w=="),
        ([0xFB, 0xEF, 0xBE], "++++", "----"),
    ]

    @Test(arguments: base64Vectors)
    func base64(bytes: [UInt8], standard: String, url: String) {
        #expect(Hashing.base64(bytes) == standard)
        #expect(Hashing.base64URL(bytes) == url)
    }

    @Test func base64OfAHundredBytes() {
        #expect(
            Hashing.base64(Array(Self.megabyte.prefix(100)))
                == "AAcOFRwjKjE4P0ZNVFtiaXB3foWMk5qhqK+2vcTL0tng5+71AQgPFh0kKzI5QEdOVVxjanF4f4aNlJuiqbC3vsXM09rh6O/2AgkQFx4lLDM6QUhPVl1ka3J5gIeOlZyjqrG4vw==")
    }

    @Test func upperCaseHex() {
        #expect(Hashing.hex([0x00, 0x2A, 0xAB, 0xFF]) == "002AABFF")
        #expect(Hashing.hex([]) == "")
    }
}
