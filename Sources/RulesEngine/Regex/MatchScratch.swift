import CPCRE2
import Synchronization

/// The per-match state PCRE2 must not share between threads: a match
/// context carrying the limits, a JIT stack and match data. Scratches are
/// pooled; a match takes one, uses it alone and gives it back.
final class MatchScratch: @unchecked Sendable {
    /// Backtracking steps allowed per match attempt before giving up.
    static let matchLimit: UInt32 = 1_000_000
    /// Nesting depth allowed to the interpreter.
    static let depthLimit: UInt32 = 5_000_000
    /// Heap (KiB) allowed to the interpreter's backtracking frames.
    static let heapLimit: UInt32 = 64 * 1024
    /// The JIT stack's initial and largest sizes.
    static let jitStackSizes = (start: 32 * 1024, maximum: 8 * 1024 * 1024)

    /// A one-byte buffer standing in for the empty subject's missing pointer.
    nonisolated(unsafe) static let emptySubject: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    private static let pool = Mutex<[MatchScratch]>([])
    private static let poolLimit = 16

    /// The match context (limits and JIT stack).
    let context: OpaquePointer
    private let jitStack: OpaquePointer?
    /// Match data with room for ``pairs`` offset pairs.
    private(set) var matchData: OpaquePointer
    private var pairs: Int

    private init(pairs: Int) {
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, Self.matchLimit)
        pcre2_set_depth_limit_8(context, Self.depthLimit)
        pcre2_set_heap_limit_8(context, Self.heapLimit)
        jitStack = pcre2_jit_stack_create_8(Self.jitStackSizes.start, Self.jitStackSizes.maximum, nil)
        if let jitStack {
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        }
        self.pairs = max(pairs, 10)
        matchData = pcre2_match_data_create_8(UInt32(self.pairs), nil)
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_context_free_8(context)
    }

    /// Borrows a scratch whose match data holds at least `pairs` offset pairs.
    static func take(pairs: Int) -> MatchScratch {
        let scratch = pool.withLock { $0.popLast() } ?? MatchScratch(pairs: pairs)
        if scratch.pairs < pairs {
            pcre2_match_data_free_8(scratch.matchData)
            scratch.pairs = pairs
            scratch.matchData = pcre2_match_data_create_8(UInt32(pairs), nil)
        }
        return scratch
    }

    /// Returns a scratch to the pool.
    static func give(_ scratch: MatchScratch) {
        pool.withLock { scratches in
            if scratches.count < poolLimit { scratches.append(scratch) }
        }
    }
}
