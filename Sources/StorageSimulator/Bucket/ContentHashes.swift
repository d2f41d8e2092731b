import RulesEngine
import Synchronization

/// An object's `md5Hash` and `crc32c` as Cloud Storage reports them: base64
/// of the MD5 digest and of the big-endian CRC32C.
struct ContentHashes: Sendable {
    let md5Hash: String
    let crc32c: String

    /// The hashes of `bytes`.
    ///
    /// Content of zeros alone (an empty object, or a test's `size: 5242880`
    /// upload) is hashed once per size: suites upload such content by the
    /// thousand, and hashing 5 MiB costs milliseconds where checking that
    /// it is all zeros costs microseconds.
    init(of bytes: [UInt8]) {
        // The most common zeros of all (folder markers, seeded names):
        // no lock and no table lookup.
        if bytes.isEmpty {
            self = Self.empty
            return
        }
        guard Self.isAllZeros(bytes) else {
            self.init(computing: bytes)
            return
        }
        if let known = Self.zeroContent.withLock({ $0[bytes.count] }) {
            self = known
            return
        }
        self.init(computing: bytes)
        let hashes = self
        Self.zeroContent.withLock { known in
            if known.count >= Self.zeroContentCapacity { known.removeAll(keepingCapacity: true) }
            known[bytes.count] = hashes
        }
    }

    private init(computing bytes: [UInt8]) {
        md5Hash = Hashing.base64(Hashing.md5(bytes))
        crc32c = Self.text(crc32c: Hashing.crc32c(bytes))
    }

    /// A CRC32C as Cloud Storage reports it: base64 of its four bytes, big-endian.
    static func text(crc32c crc: UInt32) -> String {
        Hashing.base64([UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
    }

    /// The hashes of no content.
    private static let empty = ContentHashes(computing: [])

    /// The hashes of zero-filled content, by size.
    private static let zeroContent = Mutex<[Int: ContentHashes]>([:])
    /// How many sizes are remembered before the table starts over: a suite
    /// uses a handful, and the table must stay small whatever it uploads.
    private static let zeroContentCapacity = 64

    /// Whether every byte is zero, read 64 bytes at a time as eight
    /// independent words (which the compiler turns into vector loads).
    private static func isAllZeros(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var index = 0
            let blockEnd = raw.count & ~63
            while index < blockEnd {
                var bits: UInt64 = 0
                for word in 0..<8 {
                    bits |= raw.loadUnaligned(fromByteOffset: index &+ word &* 8, as: UInt64.self)
                }
                // Checked every 64 bytes: content that is not zeros usually
                // shows it in its first bytes.
                if bits != 0 { return false }
                index &+= 64
            }
            var bits: UInt8 = 0
            while index < raw.count {
                bits |= raw[index]
                index &+= 1
            }
            return bits == 0
        }
    }
}
