#if canImport(Glibc)
import CGlibcMalloc
import Glibc
#endif
import Synchronization

/// Memory settings of the threads that load suites and run cases.
///
/// A large run touches tens of megabytes of fresh heap, a 4 KiB page
/// fault at a time: `storage-rules test` on 10,000 cases took 6,700 page
/// faults, nearly all on the loader's and the runner's heaps. With
/// ``prefersHugePages`` on, each such thread asks the kernel (Linux, glibc)
/// to back the rest of its heap with transparent huge pages, 2 MiB a
/// fault, as glibc's own `glibc.malloc.hugetlb=1` tunable does for a
/// process started with it: 650 faults, and 10-15% less time at the median
/// (alternating runs, README "Performance"). Off by default, so that a
/// process embedding the runner keeps its own memory policy unless it opts
/// in; the `storage-rules` tool opts in.
public enum ThreadHeaps {
    private static let enabled = Atomic<Bool>(false)
    /// Heaps already advised: a thread that reuses an arena finds its heap here.
    private static let advised = Mutex<[UInt]>([])

    /// Whether loader and runner threads ask for huge pages for their heaps.
    public static var prefersHugePages: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// The start and size of the glibc heap the calling thread allocates
    /// from, or `nil` on the main arena or without glibc.
    static func currentThreadHeap() -> (start: UInt, size: Int)? {
        #if canImport(Glibc)
        let start = UInt(storage_rules_thread_heap())
        return start == 0 ? nil : (start, Int(storage_rules_thread_heap_size()))
        #else
        return nil
        #endif
    }

    /// Advises the calling thread's heap once, when ``prefersHugePages`` is
    /// on. Called where a thread starts loading or running, before it
    /// fills its heap: the pages it touched before stay small, but for
    /// those in the heap's first 2 MiB, which are collapsed.
    static func adviseCurrentThread() {
        #if canImport(Glibc)
        guard prefersHugePages, let heap = currentThreadHeap() else { return }
        let isNew = advised.withLock { advised in
            if advised.contains(heap.start) { return false }
            advised.append(heap.start)
            return true
        }
        guard isNew else { return }
        // Only advice: the heap's contents and protections do not change,
        // and a kernel without transparent huge pages refuses it harmlessly.
        let start = UnsafeMutableRawPointer(bitPattern: heap.start)
        _ = madvise(start, heap.size, MADV_HUGEPAGE)
        // The heap's first 2 MiB already hold the arena's own pages, which
        // no later fault makes huge: folded into one huge page now, where the
        // kernel can (Linux 6.1 and later), instead of filled 4 KiB a fault
        // (about 500 faults a heap; 2,200 → 650 for the 10,000-case suite).
        _ = madvise(start, Self.hugePageSize, Self.collapse)
        #endif
    }

    #if canImport(Glibc)
    /// The size of a transparent huge page on x86-64 and most AArch64 kernels.
    private static let hugePageSize = 2 << 20
    /// `MADV_COLLAPSE` (Linux 6.1), which glibc 2.36's headers do not name.
    private static let collapse: Int32 = 25
    #endif
}
