/// MD5 (RFC 1321), the digest Cloud Storage reports as an object's `md5Hash`.
///
/// The 64 steps are written out with their constants, shifts and word
/// indices as literals: looping over tables cost three times as many
/// instructions per block, and every upload hashes its whole content.
enum MD5 {
    /// The digest (16 bytes).
    static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        let raw = UnsafeRawBufferPointer(bytes)
        let whole = bytes.count & ~63
        var offset = 0
        while offset < whole {
            compress(&state, UnsafeRawBufferPointer(rebasing: raw[offset..<(offset &+ 64)]))
            offset &+= 64
        }
        // The last one or two blocks: the rest of the message, a 1 bit, zeros
        // and the length in bits, assembled in a buffer on the stack.
        var tail: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                   UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &tail) { tail in
            let rest = bytes.count &- whole
            if rest > 0 { tail.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[whole...])) }
            tail[rest] = 0x80
            let length = rest &+ 9 <= 64 ? 64 : 128
            tail.storeBytes(of: (UInt64(bytes.count) &* 8).littleEndian, toByteOffset: length &- 8, as: UInt64.self)
            compress(&state, UnsafeRawBufferPointer(rebasing: tail[0..<64]))
            if length == 128 { compress(&state, UnsafeRawBufferPointer(rebasing: tail[64..<128])) }
        }
        let digest = (state.0.littleEndian, state.1.littleEndian, state.2.littleEndian, state.3.littleEndian)
        return withUnsafeBytes(of: digest) { Array($0) }
    }

    /// Mixes one 64-byte block into `state`.
    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer) {
        func word(_ index: Int) -> UInt32 {
            UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
        }
        let x = (
            word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7),
            word(8), word(9), word(10), word(11), word(12), word(13), word(14), word(15))
        var (a, b, c, d) = state
        // Round 1.
        f(&a, b, c, d, x.0, 7, 0xd76a_a478)
        f(&d, a, b, c, x.1, 12, 0xe8c7_b756)
        f(&c, d, a, b, x.2, 17, 0x2420_70db)
        f(&b, c, d, a, x.3, 22, 0xc1bd_ceee)
        f(&a, b, c, d, x.4, 7, 0xf57c_0faf)
        f(&d, a, b, c, x.5, 12, 0x4787_c62a)
        f(&c, d, a, b, x.6, 17, 0xa830_4613)
        f(&b, c, d, a, x.7, 22, 0xfd46_9501)
        f(&a, b, c, d, x.8, 7, 0x6980_98d8)
        f(&d, a, b, c, x.9, 12, 0x8b44_f7af)
        f(&c, d, a, b, x.10, 17, 0xffff_5bb1)
        f(&b, c, d, a, x.11, 22, 0x895c_d7be)
        f(&a, b, c, d, x.12, 7, 0x6b90_1122)
        f(&d, a, b, c, x.13, 12, 0xfd98_7193)
        f(&c, d, a, b, x.14, 17, 0xa679_438e)
        f(&b, c, d, a, x.15, 22, 0x49b4_0821)
        // Round 2.
        g(&a, b, c, d, x.1, 5, 0xf61e_2562)
        g(&d, a, b, c, x.6, 9, 0xc040_b340)
        g(&c, d, a, b, x.11, 14, 0x265e_5a51)
        g(&b, c, d, a, x.0, 20, 0xe9b6_c7aa)
        g(&a, b, c, d, x.5, 5, 0xd62f_105d)
        g(&d, a, b, c, x.10, 9, 0x0244_1453)
        g(&c, d, a, b, x.15, 14, 0xd8a1_e681)
        g(&b, c, d, a, x.4, 20, 0xe7d3_fbc8)
        g(&a, b, c, d, x.9, 5, 0x21e1_cde6)
        g(&d, a, b, c, x.14, 9, 0xc337_07d6)
        g(&c, d, a, b, x.3, 14, 0xf4d5_0d87)
        g(&b, c, d, a, x.8, 20, 0x455a_14ed)
        g(&a, b, c, d, x.13, 5, 0xa9e3_e905)
        g(&d, a, b, c, x.2, 9, 0xfcef_a3f8)
        g(&c, d, a, b, x.7, 14, 0x676f_02d9)
        g(&b, c, d, a, x.12, 20, 0x8d2a_4c8a)
        // Round 3.
        h(&a, b, c, d, x.5, 4, 0xfffa_3942)
        h(&d, a, b, c, x.8, 11, 0x8771_f681)
        h(&c, d, a, b, x.11, 16, 0x6d9d_6122)
        h(&b, c, d, a, x.14, 23, 0xfde5_380c)
        h(&a, b, c, d, x.1, 4, 0xa4be_ea44)
        h(&d, a, b, c, x.4, 11, 0x4bde_cfa9)
        h(&c, d, a, b, x.7, 16, 0xf6bb_4b60)
        h(&b, c, d, a, x.10, 23, 0xbebf_bc70)
        h(&a, b, c, d, x.13, 4, 0x289b_7ec6)
        h(&d, a, b, c, x.0, 11, 0xeaa1_27fa)
        h(&c, d, a, b, x.3, 16, 0xd4ef_3085)
        h(&b, c, d, a, x.6, 23, 0x0488_1d05)
        h(&a, b, c, d, x.9, 4, 0xd9d4_d039)
        h(&d, a, b, c, x.12, 11, 0xe6db_99e5)
        h(&c, d, a, b, x.15, 16, 0x1fa2_7cf8)
        h(&b, c, d, a, x.2, 23, 0xc4ac_5665)
        // Round 4.
        i(&a, b, c, d, x.0, 6, 0xf429_2244)
        i(&d, a, b, c, x.7, 10, 0x432a_ff97)
        i(&c, d, a, b, x.14, 15, 0xab94_23a7)
        i(&b, c, d, a, x.5, 21, 0xfc93_a039)
        i(&a, b, c, d, x.12, 6, 0x655b_59c3)
        i(&d, a, b, c, x.3, 10, 0x8f0c_cc92)
        i(&c, d, a, b, x.10, 15, 0xffef_f47d)
        i(&b, c, d, a, x.1, 21, 0x8584_5dd1)
        i(&a, b, c, d, x.8, 6, 0x6fa8_7e4f)
        i(&d, a, b, c, x.15, 10, 0xfe2c_e6e0)
        i(&c, d, a, b, x.6, 15, 0xa301_4314)
        i(&b, c, d, a, x.13, 21, 0x4e08_11a1)
        i(&a, b, c, d, x.4, 6, 0xf753_7e82)
        i(&d, a, b, c, x.11, 10, 0xbd3a_f235)
        i(&c, d, a, b, x.2, 15, 0x2ad7_d2bb)
        i(&b, c, d, a, x.9, 21, 0xeb86_d391)
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }

    // One step of each round: `a` becomes `b + ((a + mix(b, c, d) + word + constant) <<< shift)`.

    @inline(__always)
    private static func f(
        _ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32, _ constant: UInt32
    ) {
        a = b &+ Hashing.rotateLeft(a &+ ((b & c) | (~b & d)) &+ word &+ constant, shift)
    }

    @inline(__always)
    private static func g(
        _ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32, _ constant: UInt32
    ) {
        a = b &+ Hashing.rotateLeft(a &+ ((d & b) | (~d & c)) &+ word &+ constant, shift)
    }

    @inline(__always)
    private static func h(
        _ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32, _ constant: UInt32
    ) {
        a = b &+ Hashing.rotateLeft(a &+ (b ^ c ^ d) &+ word &+ constant, shift)
    }

    @inline(__always)
    private static func i(
        _ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ shift: UInt32, _ constant: UInt32
    ) {
        a = b &+ Hashing.rotateLeft(a &+ (c ^ (b | ~d)) &+ word &+ constant, shift)
    }
}
