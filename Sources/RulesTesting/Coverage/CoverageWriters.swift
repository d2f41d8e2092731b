import RulesSyntax

/// Writes coverage as an lcov tracefile (`TN/SF/FN/FNDA/DA/BRDA/LH/LF/BRF/BRH`).
///
/// Allow statements and user functions are lcov functions; lines with an
/// allow statement or an expression are lcov lines; every branch point
/// (condition, `&&` / `||` operand, `?:` condition, `!` operand) is an lcov
/// block with branch 0 = true and branch 1 = false.
public enum LcovWriter {
    /// The tracefile text.
    public static func write(_ report: CoverageReport, testName: String = "") -> String {
        var out = ""
        for file in report.files {
            out += "TN:\(testName)\nSF:\(file.source.path)\n"
            var functionsHit = 0
            var names: [(line: Int, name: String, hits: Int)] = []
            for allow in file.allows {
                names.append((allow.line, "allow@\(allow.line) \(allow.pattern)", allow.counts.hits))
            }
            for function in file.functions {
                names.append((function.line, "function \(function.name)@\(function.line)", function.calls))
            }
            names.sort { ($0.line, $0.name) < ($1.line, $1.name) }
            for entry in names { out += "FN:\(entry.line),\(entry.name)\n" }
            for entry in names {
                out += "FNDA:\(entry.hits),\(entry.name)\n"
                if entry.hits > 0 { functionsHit += 1 }
            }
            out += "FNF:\(names.count)\nFNH:\(functionsHit)\n"
            var block = 0
            var branchesFound = 0
            var branchesHit = 0
            for expression in file.expressions.filter(\.isBranch).sorted(by: { $0.range.start < $1.range.start }) {
                let evaluated = expression.counts.hits > 0
                let taken = [expression.counts.trueCount, expression.counts.falseCount]
                for (branch, count) in taken.enumerated() {
                    out += "BRDA:\(expression.line),\(block),\(branch),\(evaluated ? String(count) : "-")\n"
                    branchesFound += 1
                    if count > 0 { branchesHit += 1 }
                }
                block += 1
            }
            out += "BRF:\(branchesFound)\nBRH:\(branchesHit)\n"
            let lines = file.lines
            for line in lines { out += "DA:\(line.line),\(line.hits)\n" }
            out += "LF:\(lines.count)\nLH:\(lines.filter { $0.hits > 0 }.count)\n"
            out += "end_of_record\n"
        }
        return out
    }
}

/// The terminal coverage summary.
public enum CoverageSummaryWriter {
    /// Per file and total percentages, with partly covered and uncovered lines.
    public static func write(_ report: CoverageReport) -> String {
        var out = "Coverage:\n"
        for file in report.files {
            let allows = "\(file.allowsCovered)/\(file.allows.count) allow statements (\(formatPercent(percent(file.allowsCovered, of: file.allows.count))))"
            let branches = "\(file.branchesCovered)/\(file.branchCount) branches (\(formatPercent(percent(file.branchesCovered, of: file.branchCount))))"
            out += "  \(file.source.path): \(allows), \(branches)\n"
            let lines = file.lines
            let uncovered = lines.filter { $0.status == .uncovered }.map(\.line)
            let partial = lines.filter { $0.status == .partial }.map(\.line)
            if !uncovered.isEmpty { out += "    uncovered lines: \(ranges(uncovered))\n" }
            if !partial.isEmpty { out += "    partly covered lines: \(ranges(partial))\n" }
        }
        out += "  total: \(formatPercent(report.allowPercent)) of allow statements, \(formatPercent(report.branchPercent)) of branches\n"
        return out
    }

    /// `3, 5-7, 10`.
    static func ranges(_ lines: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < lines.count {
            var end = index
            while end + 1 < lines.count, lines[end + 1] == lines[end] + 1 { end += 1 }
            parts.append(end == index ? "\(lines[index])" : "\(lines[index])-\(lines[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
