import Foundation
import Testing

@testable import RulesTesting

/// The loader's and the runner's threads find their glibc heaps and advise
/// them for transparent huge pages (Linux only).
@Suite("Thread heaps")
struct ThreadHeapsTests {
    /// Runs `body` on a thread started for it by `start` (a plain
    /// `Thread` by default), whose heap is its own arena's.
    private static func onNewThread<Result: Sendable>(
        startedBy start: (@escaping @Sendable () -> Void) -> Void = { Thread(block: $0).start() },
        _ body: @escaping @Sendable () -> Result
    ) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        start {
            box.value = body()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The `VmFlags` of the mapping that holds `address`, from `/proc/self/smaps`.
    private static func flags(at address: UInt) throws -> [String] {
        // Read to the end: a file of `/proc` has no size to read up to.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16)
            {
                inside = start <= address && address < end
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init)
            }
        }
        return []
    }

    #if os(Linux)
    @Test("a new thread's heap is aligned to its size and holds the thread's blocks")
    func heapHoldsBlocks() throws {
        let found = Self.onNewThread { () -> (heap: UInt, size: Int, block: UInt)? in
            guard let heap = ThreadHeaps.currentThreadHeap() else { return nil }
            let block = malloc(64)
            defer { free(block) }
            return (heap.start, heap.size, UInt(bitPattern: block))
        }
        let heap = try #require(found)
        #expect(heap.size == 64 << 20)
        #expect(heap.heap % UInt(heap.size) == 0)
        #expect(heap.heap <= heap.block && heap.block < heap.heap + UInt(heap.size))
    }

    @Test(
        "with huge pages preferred, a thread the loader starts has its heap advised for them",
        .enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
    func advisesHeap() throws {
        ThreadHeaps.prefersHugePages = true
        defer { ThreadHeaps.prefersHugePages = false }
        // Started as the loader's parallel parts and the rules compile start theirs.
        let heap = try #require(Self.onNewThread(startedBy: ParallelParts.startThread) { () -> UInt? in
            ThreadHeaps.currentThreadHeap()?.start
        })
        // `hg`: the mapping carries MADV_HUGEPAGE.
        #expect(try Self.flags(at: heap).contains("hg"))
    }
    #endif
}
