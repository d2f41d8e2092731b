/// The performance targets of issue #10, each beside the value measured in
/// this run, printed as one table after the groups that ran.
///
/// A benchmark that measures a target calls ``TargetTable/record(_:limit:measured:unit:)``;
/// targets whose benchmark did not run (its group was not named) are
/// listed as not measured.
enum TargetTable {
    /// How a target compares a measured value with its limit.
    enum Direction {
        /// Met when the measured value is at most the limit (times, ratios).
        case atMost
        /// Met when the measured value is at least the limit (rates).
        case atLeast
    }

    /// The unit a target is written and printed in.
    enum Unit {
        case seconds
        case ratio
        case perSecond
        case count
    }

    /// One target: what is measured, the limit and the value, once measured.
    struct Target {
        var name: String
        var limit: Double
        var direction: Direction
        var unit: Unit
        var measured: Double?
        /// Where the value is measured when this program cannot measure it.
        var elsewhere: String?
    }

    /// Every target, in the order the issue lists them; filled in as the benchmarks run.
    nonisolated(unsafe) static var targets: [Target] = [
        Target(name: "decide: allow (functions, regex)", limit: 300e-9, direction: .atMost, unit: .seconds),
        Target(name: "decide: deny by condition", limit: 200e-9, direction: .atMost, unit: .seconds),
        Target(name: "decide: unconditional allow", limit: 100e-9, direction: .atMost, unit: .seconds),
        Target(
            name: "decide: heap allocations per decision", limit: 0, direction: .atMost, unit: .count,
            elsewhere: "0 for isAllowed: asserted by `make check-allocations` (release)"),
        Target(name: "decide: 200 match blocks / 1 block, same allow", limit: 1.5, direction: .atMost, unit: .ratio),
        Target(name: "decide: traced / untraced, same allow", limit: 5, direction: .atMost, unit: .ratio),
        Target(name: "compile a 1,000-line file (parse, check, build)", limit: 1e-3, direction: .atMost, unit: .seconds),
        Target(
            name: "runner: 10,000 cases, whole process, YAML (cases/s)", limit: 100_000, direction: .atLeast, unit: .perSecond,
            elsewhere: "needs .build/release/storage-rules (make build)"),
        Target(
            name: "runner: 10,000 cases, whole process, JSON (cases/s)", limit: 100_000, direction: .atLeast, unit: .perSecond,
            elsewhere: "needs .build/release/storage-rules (make build)"),
        Target(name: "bucket 1M: look up one object", limit: 500e-9, direction: .atMost, unit: .seconds),
        Target(name: "bucket 1M: insert one object", limit: 1e-6, direction: .atMost, unit: .seconds),
        Target(name: "bucket 1M: folder page of 1,000 items", limit: 50e-6, direction: .atMost, unit: .seconds),
        Target(name: "bucket 1M: root page of 1,000 prefixes", limit: 300e-6, direction: .atMost, unit: .seconds),
        Target(name: "bucket 1M: enumerate every object", limit: 100e-3, direction: .atMost, unit: .seconds),
    ]

    /// Records the measured value of the target named `name`.
    static func record(_ name: String, _ measured: Double) {
        guard let position = targets.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("no target named \(name)")
        }
        targets[position].measured = measured
    }

    /// Prints every target, its limit, the measured value and whether it is met.
    static func printTable() {
        for line in tableLines(targets) { print(line) }
    }

    /// The table's lines for `targets`: a heading, one line per target
    /// (its verdict, or why it was not measured) and a count of the
    /// targets met; nothing when none was measured.
    static func tableLines(_ targets: [Target]) -> [String] {
        guard targets.contains(where: { $0.measured != nil }) else { return [] }
        var lines = ["== targets (issue #10)", pad("target", 52) + pad("limit", 14) + pad("measured", 14) + "verdict"]
        var met = 0
        var measuredCount = 0
        for target in targets {
            let limit = (target.direction == .atMost ? "≤ " : "≥ ") + text(target.limit, target.unit)
            guard let value = target.measured else {
                lines.append(pad(target.name, 52) + pad(limit, 14) + pad("-", 14) + (target.elsewhere ?? "not measured (group not run)"))
                continue
            }
            measuredCount += 1
            let isMet = target.direction == .atMost ? value <= target.limit : value >= target.limit
            if isMet { met += 1 }
            lines.append(pad(target.name, 52) + pad(limit, 14) + pad(text(value, target.unit), 14) + (isMet ? "met" : "NOT MET"))
        }
        lines.append("\(met) of \(measuredCount) measured targets met")
        return lines
    }

    private static func text(_ value: Double, _ unit: Unit) -> String {
        switch unit {
        case .seconds: return format(value)
        case .ratio: return twoDecimals(value) + "×"
        case .perSecond: return formatRate(value) + "/s"
        case .count: return twoDecimals(value)
        }
    }
}
