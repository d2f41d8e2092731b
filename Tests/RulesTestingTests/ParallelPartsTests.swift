import Foundation
import Synchronization
import Testing

@testable import RulesTesting

@Suite("Parallel parts")
struct ParallelPartsTests {
    @Test("every part runs exactly once, whatever the count", arguments: [0, 1, 2, 3, 17, 1_000])
    func everyPartOnce(count: Int) {
        let calls = Mutex([Int](repeating: 0, count: count))
        ParallelParts.forEach(count) { part in calls.withLock { $0[part] += 1 } }
        #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test("a loop may write into a buffer its caller owns, and returns once every part has")
    func writesIntoCallerBuffer() {
        let values = [Int](unsafeUninitializedCapacity: 64) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress!
            ParallelParts.forEach(8) { part in
                for index in part * 8..<(part + 1) * 8 { (base + index).initialize(to: index * index) }
            }
            initialized = 64
        }
        #expect(values == (0..<64).map { $0 * $0 })
    }

    #if os(Linux)
    /// The CPUs the calling thread may run on, as the kernel lists them.
    static func allowedCPUs() throws -> String {
        let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        return line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
    }

    @Test("a thread leaving its core moves off it when another is allowed, and keeps the CPUs it was allowed")
    func leavingACore() throws {
        let before = try Self.allowedCPUs()
        let core = try #require(CorePlacement.currentCore())
        CorePlacement.leave(core)
        #expect(try Self.allowedCPUs() == before)
        let several = before.contains(",") || before.contains("-")
        if several { #expect(CorePlacement.currentCore() != core) }
        // Not on the given core: nothing changes.
        let now = try #require(CorePlacement.currentCore())
        CorePlacement.leave(now == 0 ? 1 : 0)
        #expect(try Self.allowedCPUs() == before)
    }
    #endif

    @Test("freeing case nodes in parts leaves nodes that something else still holds intact")
    func teardownOfSharedNodes() throws {
        let node = try #require(try YAMLComposer.compose("cases:\n" + (0..<2_000).map { "  - {name: c\($0), get: a/\($0)}\n" }.joined()))
        guard case .mapping(let top) = node, case .sequence(let cases) = top.pairs[0].value else {
            Issue.record("not the suite's shape")
            return
        }
        let kept = cases.items
        YAMLTeardown.release(cases.items)
        #expect(kept.count == 2_000)
        #expect(kept == cases.items)
        guard case .mapping(let last) = kept[1_999], case .scalar(let name) = last.pairs[0].value else {
            Issue.record("not a case's shape")
            return
        }
        #expect(name.string == "c1999")
    }
}
