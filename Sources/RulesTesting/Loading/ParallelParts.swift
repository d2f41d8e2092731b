#if canImport(Glibc)
import CGlibcMalloc
#endif
import Foundation
import Synchronization

/// Runs the parts of a parallel loop on the calling thread and on threads
/// started for the loop, one per other core, each taking the next part
/// until none is left.
///
/// `DispatchQueue.concurrentPerform` wakes pool threads that already exist,
/// and the scheduler tends to queue a woken thread on the waker's core: on
/// a two-core machine, `perf sched` showed a suite's load running both its
/// threads on one core, four milliseconds each in turn, while the other
/// core sat idle. A thread just started is placed on the idlest core.
enum ParallelParts {
    /// How many parts `count` items make when each part holds at least
    /// `smallest`: up to four per core, so that a core that finishes early
    /// takes another; 0 or 1 means the loop is not worth other threads.
    static func count(of count: Int, atLeast smallest: Int) -> Int {
        min(count / smallest, 4 * ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Calls `body` once with each part number below `count`, over the
    /// cores, and returns when every call has.
    static func forEach(_ count: Int, _ body: (Int) -> Void) {
        let helpers = min(count, ProcessInfo.processInfo.activeProcessorCount) - 1
        guard helpers > 0 else {
            for part in 0..<count { body(part) }
            return
        }
        withoutActuallyEscaping(body) { body in
            // Every thread is joined before `body` goes out of scope.
            let loop = Loop(count: count, body: body)
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<helpers {
                startThread {
                    loop.work()
                    finished.signal()
                }
            }
            ThreadHeaps.adviseCurrentThread()
            loop.work()
            for _ in 0..<helpers { finished.wait() }
            // A started thread may still hold the loop after it signalled:
            // the loop lets go of `body` before `body`'s scope ends.
            loop.body = nil
        }
    }

    /// Starts a thread of the loader's own for `body`, with the stack a main
    /// thread has (its work parses, loads or compiles nested input, and
    /// recurses as deep as the input nests) and its heap advised for huge
    /// pages (``ThreadHeaps``).
    ///
    /// The thread leaves the core of the thread that started it, which goes
    /// on working (see ``CorePlacement``).
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let starter = CorePlacement.currentCore()
        let thread = Thread {
            CorePlacement.leave(starter)
            ThreadHeaps.adviseCurrentThread()
            body()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The parts not taken yet, and what to do with each.
    private final class Loop: @unchecked Sendable {
        let count: Int
        /// Set to `nil` once every thread has finished with it.
        var body: ((Int) -> Void)?
        let next = Atomic<Int>(0)

        init(count: Int, body: @escaping (Int) -> Void) {
            self.count = count
            self.body = body
        }

        func work() {
            while true {
                let part = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard part < count, let body else { return }
                body(part)
            }
        }
    }
}

/// Keeps the threads of a parallel loop off the core of the thread that
/// shares the loop out and goes on working its own share (Linux; elsewhere
/// nothing is done).
///
/// The scheduler places a new thread on the core that was idlest when it
/// was made, where a thread about to finish still counted as busy, and a
/// woken thread near the one that woke it: `perf` showed both threads of a
/// 10,000-case run sharing one core, the other idle, for up to a fifth of
/// the run, until the kernel balanced them. A thread that finds itself on
/// the starter's core moves once; nothing stays pinned.
enum CorePlacement {
    /// The core the calling thread runs on, where the system says.
    static func currentCore() -> Int32? {
        #if canImport(Glibc)
        let core = storage_rules_current_cpu()
        return core >= 0 ? core : nil
        #else
        return nil
        #endif
    }

    /// Moves the calling thread off `core` when it runs there and may run
    /// on another core; afterwards it may run anywhere it could before.
    static func leave(_ core: Int32?) {
        #if canImport(Glibc)
        guard let core else { return }
        storage_rules_leave_cpu(core)
        #endif
    }
}
