/// Digests and encodings used by the `hashing` namespace, `bytes.toBase64()`
/// and the bucket's object fields (`md5Hash`, `crc32c`).
public enum Hashing {
    /// The MD5 digest (16 bytes).
    public static func md5(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer(MD5.digest)
    }

    /// The SHA-256 digest (32 bytes).
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [
            0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19,
        ]
        let message = padded(bytes)
        var schedule = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = chunk + index * 4
                schedule[index] = UInt32(message[offset]) << 24 | UInt32(message[offset + 1]) << 16
                    | UInt32(message[offset + 2]) << 8 | UInt32(message[offset + 3])
            }
            for index in 16..<64 {
                let previous15 = schedule[index - 15]
                let previous2 = schedule[index - 2]
                let sigma0 = rotateRight(previous15, 7) ^ rotateRight(previous15, 18) ^ (previous15 >> 3)
                let sigma1 = rotateRight(previous2, 17) ^ rotateRight(previous2, 19) ^ (previous2 >> 10)
                schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for index in 0..<64 {
                let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ sha256Constants[index] &+ schedule[index]
                let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            for (index, value) in [a, b, c, d, e, f, g, h].enumerated() {
                state[index] = state[index] &+ value
            }
        }
        return state.flatMap { [UInt8($0 >> 24), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
    }

    /// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320); `"123456789"` gives 0xCBF43926.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        crc(bytes, table: crc32Table)
    }

    /// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78); `"123456789"` gives 0xE3069283.
    public static func crc32c(_ bytes: [UInt8]) -> UInt32 {
        crc(bytes, table: crc32cTable)
    }

    /// Standard base64 (`+`, `/`) with `=` padding, as Cloud Storage shows `md5Hash` and `crc32c`.
    public static func base64(_ bytes: [UInt8]) -> String {
        encodeBase64(bytes, alphabet: standardAlphabet)
    }

    /// Standard base64 of bytes in place, without an array to hold them.
    public static func base64(_ bytes: UnsafeRawBufferPointer) -> String {
        standardAlphabet.withUnsafeBufferPointer { encodeBase64(bytes.assumingMemoryBound(to: UInt8.self), alphabet: $0) }
    }

    /// URL-safe base64 (`-`, `_`) with `=` padding, as `bytes.toBase64()` writes it.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        encodeBase64(bytes, alphabet: urlAlphabet)
    }

    /// Uppercase hexadecimal, as `bytes.toHexString()` writes it.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A CRC's 4 bytes, least significant first (how the `hashing` functions return them).
    public static func littleEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    // MARK: Internals

    /// A reflected CRC, eight bytes at a time ("slicing by 8"): `tables`
    /// holds eight 256-entry tables, the first the usual byte table and the
    /// `k`-th the effect of a byte followed by `k` zero bytes.
    private static func crc(_ bytes: [UInt8], table tables: [UInt32]) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                var value: UInt32 = 0xFFFF_FFFF
                var index = 0
                let whole = bytes.count & ~7
                while index < whole {
                    let low = value ^ (UInt32(bytes[index]) | UInt32(bytes[index &+ 1]) << 8
                        | UInt32(bytes[index &+ 2]) << 16 | UInt32(bytes[index &+ 3]) << 24)
                    value = table[7 &* 256 &+ Int(low & 0xFF)] ^ table[6 &* 256 &+ Int(low >> 8 & 0xFF)]
                        ^ table[5 &* 256 &+ Int(low >> 16 & 0xFF)] ^ table[4 &* 256 &+ Int(low >> 24)]
                        ^ table[3 &* 256 &+ Int(bytes[index &+ 4])] ^ table[2 &* 256 &+ Int(bytes[index &+ 5])]
                        ^ table[256 &+ Int(bytes[index &+ 6])] ^ table[Int(bytes[index &+ 7])]
                    index &+= 8
                }
                while index < bytes.count {
                    value = table[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
                    index &+= 1
                }
                return ~value
            }
        }
    }

    /// The eight tables of ``crc(_:table:)`` for a reflected polynomial, one after another.
    private static func crcTables(polynomial: UInt32) -> [UInt32] {
        var tables = (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1
            }
            return value
        }
        for position in 256..<(8 * 256) {
            let previous = tables[position - 256]
            tables.append((previous >> 8) ^ tables[Int(previous & 0xFF)])
        }
        return tables
    }

    private static let crc32Table = crcTables(polynomial: 0xEDB8_8320)
    private static let crc32cTable = crcTables(polynomial: 0x82F6_3B78)

    /// The message followed by `0x80`, zeros and the big-endian 64-bit bit length, to a multiple of 64 bytes.
    private static func padded(_ bytes: [UInt8]) -> [UInt8] {
        var message: [UInt8] = []
        message.reserveCapacity((bytes.count + 8) / 64 * 64 + 64)
        message += bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        message.append(contentsOf: repeatElement(0, count: (56 - message.count % 64 + 64) % 64))
        for index in 0..<8 {
            let shift = UInt64(56 - index * 8)
            message.append(UInt8(bitLength >> shift & 0xFF))
        }
        return message
    }

    // Masking shifts: every count is 1...31, and `<<`/`>>` would check for
    // counts past the width on every call.
    @inline(__always)
    static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value &<< count | value &>> (32 &- count)
    }

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value &>> count | value &<< (32 &- count)
    }

    private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func encodeBase64(_ bytes: [UInt8], alphabet: [UInt8]) -> String {
        alphabet.withUnsafeBufferPointer { encodeBase64(bytes, alphabet: $0) }
    }

    private static func encodeBase64(_ bytes: [UInt8], alphabet: UnsafeBufferPointer<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { encodeBase64($0, alphabet: alphabet) }
    }

    private static func encodeBase64(_ bytes: UnsafeBufferPointer<UInt8>, alphabet: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: (bytes.count &+ 2) / 3 &* 4) { output in
            var index = 0
            var written = 0
            while index < bytes.count {
                let first = UInt32(bytes[index])
                let second = index &+ 1 < bytes.count ? UInt32(bytes[index &+ 1]) : 0
                let third = index &+ 2 < bytes.count ? UInt32(bytes[index &+ 2]) : 0
                let group = first << 16 | second << 8 | third
                output[written] = alphabet[Int(group >> 18 & 0x3F)]
                output[written &+ 1] = alphabet[Int(group >> 12 & 0x3F)]
                output[written &+ 2] = index &+ 1 < bytes.count ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "=")
                output[written &+ 3] = index &+ 2 < bytes.count ? alphabet[Int(group & 0x3F)] : UInt8(ascii: "=")
                index &+= 3
                written &+= 4
            }
            return written
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let sha256Constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
