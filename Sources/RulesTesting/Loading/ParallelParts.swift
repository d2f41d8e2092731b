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
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
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
