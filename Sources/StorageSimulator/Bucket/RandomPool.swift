#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Random bits for download tokens, drawn from the operating system's
/// generator a few kilobytes at a time.
///
/// Each token needs 128 bits. Asking the system for them one token at a
/// time cost a `getrandom` system call per upload (a suite of 2,500 uploads
/// made 2,500 of them); the pool makes one call per 16 tokens (`getentropy`
/// gives 256 bytes at most) and takes its lock once per token. The bits are
/// the system generator's own, each handed out once.
enum RandomPool {
    private struct Pool {
        var words: [UInt64] = []
        var next = 0
    }

    /// Words drawn per refill: 2 KiB.
    private static let batch = 256
    private static let pool = Mutex(Pool())

    /// Two fresh random words.
    static func next128() -> (UInt64, UInt64) {
        pool.withLock { pool in
            if pool.next &+ 2 > pool.words.count {
                pool.words = draw(batch)
                pool.next = 0
            }
            defer { pool.next &+= 2 }
            return (pool.words[pool.next], pool.words[pool.next &+ 1])
        }
    }

    /// `count` words from the system generator.
    private static func draw(_ count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { words, initialized in
            let bytes = UnsafeMutableRawBufferPointer(words)
            #if os(Linux)
            // `getentropy` (the kernel's `getrandom`) gives at most 256 bytes a call.
            var filled = 0
            while filled < bytes.count {
                let length = min(256, bytes.count - filled)
                guard getentropy(bytes.baseAddress! + filled, length) == 0 else {
                    // Refused (a kernel without `getrandom`): the standard library's generator.
                    var generator = SystemRandomNumberGenerator()
                    for index in filled / 8..<count { words[index] = generator.next() }
                    break
                }
                filled += length
            }
            #else
            arc4random_buf(bytes.baseAddress!, bytes.count)
            #endif
            initialized = count
        }
    }
}
