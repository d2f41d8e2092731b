import RulesEngine
import RulesSyntax

/// How often something was evaluated, and to which outcomes.
public struct OutcomeCounts: Sendable, Hashable {
    /// Evaluations in total.
    public var hits = 0
    /// Evaluations to `true`.
    public var trueCount = 0
    /// Evaluations to `false`.
    public var falseCount = 0
    /// Evaluations that ended in an error.
    public var errorCount = 0

    /// Creates empty counts.
    public init() {}

    mutating func add(_ outcome: Outcome) {
        hits += 1
        switch outcome {
        case .value(.bool(true)): trueCount += 1
        case .value(.bool(false)): falseCount += 1
        case .error: errorCount += 1
        case .value: break
        }
    }

    /// `true 3 · false 1 · error 0` style text.
    public var summary: String {
        "evaluated \(hits)× · true \(trueCount) · false \(falseCount) · error \(errorCount)"
    }
}

/// Coverage of one `allow` statement.
public struct AllowCoverage: Sendable {
    /// The statement's range.
    public var range: SourceRange
    /// Its first line.
    public var line: Int
    /// The statement on one line.
    public var text: String
    /// The full pattern of its block.
    public var pattern: String
    /// Outcomes of its condition.
    public var counts: OutcomeCounts

    /// Whether it was evaluated at least once.
    public var isCovered: Bool { counts.hits > 0 }
}

/// Coverage of one sub-expression of a condition or function.
public struct ExpressionCoverage: Sendable {
    /// The expression id.
    public var id: Int
    /// Its range.
    public var range: SourceRange
    /// Its first line.
    public var line: Int
    /// Whether it is a branch point (a true and a false branch).
    public var isBranch: Bool
    /// Its outcomes.
    public var counts: OutcomeCounts

    /// Branches taken (0–2), for branch points.
    public var branchesTaken: Int {
        (counts.trueCount > 0 ? 1 : 0) + (counts.falseCount > 0 ? 1 : 0)
    }
}

/// Coverage of one user-defined function.
public struct FunctionCoverage: Sendable {
    /// Its name.
    public var name: String
    /// The line of its declaration.
    public var line: Int
    /// How often its body was evaluated.
    public var calls: Int
}

/// How well a line is covered.
public enum LineStatus: String, Sendable {
    /// Everything on it ran, and its branches went both ways.
    case covered
    /// Some of it ran, or a branch went only one way.
    case partial
    /// Nothing on it ran.
    case uncovered
}

/// Coverage of one rules file.
public struct FileCoverage: Sendable {
    /// The rules source.
    public var source: SourceFile
    /// Every allow statement, in source order.
    public var allows: [AllowCoverage]
    /// Every expression of conditions and functions, outermost first.
    public var expressions: [ExpressionCoverage]
    /// Every user-defined function.
    public var functions: [FunctionCoverage]

    /// Allow statements evaluated at least once.
    public var allowsCovered: Int { allows.filter(\.isCovered).count }
    /// Branches in the file (two per branch point).
    public var branchCount: Int { expressions.filter(\.isBranch).count * 2 }
    /// Branches taken.
    public var branchesCovered: Int { expressions.filter(\.isBranch).reduce(0) { $0 + $1.branchesTaken } }

    /// Status and hit count of every line that holds an allow statement or an expression.
    public var lines: [(line: Int, status: LineStatus, hits: Int)] {
        var byLine: [Int: (evaluated: Int, total: Int, complete: Bool, hits: Int)] = [:]
        func note(_ line: Int, hits: Int, complete: Bool) {
            var entry = byLine[line] ?? (0, 0, true, 0)
            entry.total += 1
            if hits > 0 { entry.evaluated += 1 }
            entry.complete = entry.complete && complete
            entry.hits = max(entry.hits, hits)
            byLine[line] = entry
        }
        for allow in allows { note(allow.line, hits: allow.counts.hits, complete: true) }
        for expression in expressions {
            note(expression.line, hits: expression.counts.hits, complete: !expression.isBranch || expression.branchesTaken == 2)
        }
        return byLine.sorted { $0.key < $1.key }.map { line, entry in
            let status: LineStatus =
                entry.evaluated == 0 ? .uncovered : (entry.evaluated == entry.total && entry.complete ? .covered : .partial)
            return (line, status, entry.hits)
        }
    }
}

/// Coverage of every rules file a run used.
public struct CoverageReport: Sendable {
    /// Files in path order.
    public var files: [FileCoverage]

    /// Creates a report.
    public init(files: [FileCoverage]) {
        self.files = files
    }

    /// Allow statements evaluated, and in all.
    public var allowRatio: (covered: Int, total: Int) {
        (files.reduce(0) { $0 + $1.allowsCovered }, files.reduce(0) { $0 + $1.allows.count })
    }

    /// Branches taken, and in all.
    public var branchRatio: (covered: Int, total: Int) {
        (files.reduce(0) { $0 + $1.branchesCovered }, files.reduce(0) { $0 + $1.branchCount })
    }

    /// Percent of allow statements evaluated (100 when there are none).
    public var allowPercent: Double { percent(allowRatio.covered, of: allowRatio.total) }

    /// Percent of condition branches taken (100 when there are none).
    public var branchPercent: Double { percent(branchRatio.covered, of: branchRatio.total) }

    /// Whether both exact ratios reach the threshold (a percentage).
    public func meets(threshold: Double) -> Bool {
        reaches(allowRatio, threshold) && reaches(branchRatio, threshold)
    }

    /// The message for a run below the threshold, with the percentages
    /// printed as the summary prints them; `nil` when the threshold is met.
    public func thresholdShortfall(_ threshold: Double) -> String? {
        guard !meets(threshold: threshold) else { return nil }
        let shown = threshold == threshold.rounded() ? String(Int(threshold)) : String(threshold)
        return "coverage below the threshold of \(shown)%: allow statements \(formatPercent(allowPercent)), branches \(formatPercent(branchPercent))"
    }

    private func reaches(_ ratio: (covered: Int, total: Int), _ threshold: Double) -> Bool {
        ratio.total == 0 || Double(ratio.covered) * 100 >= threshold * Double(ratio.total)
    }
}

func percent(_ part: Int, of whole: Int) -> Double {
    whole == 0 ? 100 : Double(part) * 100 / Double(whole)
}

/// `83.3%`: rounded down to a tenth everywhere (the summary, the threshold
/// message), so a percentage is never shown higher than it is and 100.0%
/// means everything.
func formatPercent(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)%"
}
