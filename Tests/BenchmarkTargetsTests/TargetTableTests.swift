import Testing

@testable import storage_rules_bench

/// `make bench` ends with issue #10's targets, each beside its measured
/// value and a verdict: the verdict must follow the target's direction
/// (a time at most its limit, a rate at least its limit), the limit
/// itself meeting it.
@Suite("Benchmark target table")
struct TargetTableTests {
    typealias Target = TargetTable.Target

    static let targets = [
        Target(name: "a time under its limit", limit: 1e-6, direction: .atMost, unit: .seconds, measured: 0.5e-6),
        Target(name: "a time over its limit", limit: 1e-6, direction: .atMost, unit: .seconds, measured: 2.5e-6),
        Target(name: "a ratio at its limit", limit: 5, direction: .atMost, unit: .ratio, measured: 5),
        Target(name: "a rate over its limit", limit: 100_000, direction: .atLeast, unit: .perSecond, measured: 150_000),
        Target(name: "a rate under its limit", limit: 100_000, direction: .atLeast, unit: .perSecond, measured: 90_000),
        Target(name: "a target of another group", limit: 1e-3, direction: .atMost, unit: .seconds),
        Target(name: "a target measured elsewhere", limit: 0, direction: .atMost, unit: .count, elsewhere: "asserted by a test"),
    ]

    func line(_ lines: [String], _ name: String) -> String {
        lines.first { $0.hasPrefix(name) } ?? ""
    }

    @Test("each measured target is met or not by its direction, with its limit and value beside it")
    func verdicts() {
        let lines = TargetTable.tableLines(Self.targets)
        #expect(lines.first == "== targets (issue #10)")
        #expect(line(lines, "a time under its limit").hasSuffix(" met"))
        #expect(line(lines, "a time over its limit").hasSuffix("NOT MET"))
        #expect(line(lines, "a time over its limit").contains("≤ "))
        #expect(line(lines, "a ratio at its limit").hasSuffix(" met"))
        #expect(line(lines, "a ratio at its limit").contains("5.0×"))
        #expect(line(lines, "a rate over its limit").hasSuffix(" met"))
        #expect(line(lines, "a rate over its limit").contains("≥ "))
        #expect(line(lines, "a rate under its limit").hasSuffix("NOT MET"))
        #expect(line(lines, "a target of another group").hasSuffix("not measured (group not run)"))
        #expect(line(lines, "a target measured elsewhere").hasSuffix("asserted by a test"))
        #expect(lines.last == "3 of 5 measured targets met")
    }

    @Test("no table when no target was measured")
    func nothingMeasured() {
        #expect(TargetTable.tableLines(Array(Self.targets.suffix(2))).isEmpty)
    }
}
