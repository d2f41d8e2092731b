import RulesSyntax

/// Writes one self-contained HTML page: each rules file's source with every
/// line and expression marked covered, partly covered or uncovered, with
/// hit counts in the gutter and outcome counts on hover.
public enum HTMLCoverageWriter {
    /// The page.
    public static func write(_ report: CoverageReport, title: String = "Rules coverage") -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { font-family: -apple-system, system-ui, sans-serif; margin: 2em; color: #1f2328; }
            h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 2em; font-family: ui-monospace, monospace; }
            table.summary { border-collapse: collapse; } table.summary td, table.summary th { padding: 0.2em 0.8em; text-align: left; border-bottom: 1px solid #ddd; }
            table.code { border-collapse: collapse; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; width: 100%; }
            table.code td { padding: 0 0.6em; white-space: pre; vertical-align: top; }
            td.ln { color: #888; text-align: right; user-select: none; }
            td.hits { color: #555; text-align: right; user-select: none; min-width: 3em; }
            tr.covered td.hits { background: #d8f5d8; } tr.partial td.hits { background: #fbeeb8; } tr.uncovered td.hits { background: #f8d0d0; }
            span.e-covered { background: rgba(60, 180, 60, 0.10); }
            span.e-partial { background: rgba(230, 180, 0, 0.30); }
            span.e-uncovered { background: rgba(220, 50, 50, 0.25); }
            .legend span { padding: 0 0.5em; margin-right: 0.5em; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            <p>Allow statements: \(formatPercent(report.allowPercent)) · Branches: \(formatPercent(report.branchPercent))</p>
            <p class="legend"><span class="e-covered">covered</span><span class="e-partial">partly covered</span><span class="e-uncovered">not evaluated</span> Hover an expression for its outcomes.</p>
            <table class="summary"><tr><th>File</th><th>Allow statements</th><th>Branches</th></tr>

            """
        for (index, file) in report.files.enumerated() {
            let allowShare = "\(file.allowsCovered)/\(file.allows.count) (\(formatPercent(percent(file.allowsCovered, of: file.allows.count))))"
            let branchShare = "\(file.branchesCovered)/\(file.branchCount) (\(formatPercent(percent(file.branchesCovered, of: file.branchCount))))"
            out += "<tr><td><a href=\"#file\(index)\">\(escape(file.source.path))</a></td><td>\(allowShare)</td><td>\(branchShare)</td></tr>\n"
        }
        out += "</table>\n"
        for (index, file) in report.files.enumerated() {
            out += "<h2 id=\"file\(index)\">\(escape(file.source.path))</h2>\n"
            out += fileTable(file)
        }
        out += "</body>\n</html>\n"
        return out
    }

    private static func fileTable(_ file: FileCoverage) -> String {
        let source = file.source
        // Span boundaries as byte offsets; ranges of a syntax tree nest, so spans nest too.
        var opens: [Int: [String]] = [:]
        var closes: [Int: Int] = [:]
        let spans = file.expressions.sorted { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
        for expression in spans where expression.range.end > expression.range.start {
            let cls: String
            if expression.counts.hits == 0 {
                cls = "e-uncovered"
            } else if expression.isBranch && expression.branchesTaken < 2 {
                cls = "e-partial"
            } else {
                cls = "e-covered"
            }
            let title = expression.isBranch
                ? expression.counts.summary
                : "evaluated \(expression.counts.hits)×" + (expression.counts.errorCount > 0 ? " · error \(expression.counts.errorCount)" : "")
            opens[expression.range.start, default: []].append("<span class=\"\(cls)\" title=\"\(title)\">")
            closes[expression.range.end, default: 0] += 1
        }
        var statusByLine: [Int: (LineStatus, Int)] = [:]
        for line in file.lines { statusByLine[line.line] = (line.status, line.hits) }
        var lineStarts = [0]
        for (offset, byte) in source.bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var out = "<table class=\"code\">\n"
        var stack: [String] = []
        // Inline rules (`rulesSource`) are padded with empty lines so line numbers match the suite file; leading
        // blank lines are left out of the page (the numbers of the rows shown stay the same).
        let firstContent = source.bytes.firstIndex { !(($0 == 0x20) || ($0 == 0x09) || ($0 == 0x0A) || ($0 == 0x0D)) } ?? 0
        for (lineIndex, start) in lineStarts.enumerated() {
            let next = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : source.bytes.count
            if next <= firstContent && next < source.bytes.count { continue }
            var end = next
            while end > start, source.bytes[end - 1] == UInt8(ascii: "\n") || source.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = lineIndex + 1
            let (status, hits) = statusByLine[line].map { ($0.0.rawValue, String($0.1)) } ?? ("", "")
            out += "<tr class=\"\(status)\"><td class=\"ln\">\(line)</td><td class=\"hits\">\(hits)</td><td>"
            // Spans that continue from the previous line are reopened so each row is well-formed.
            out += stack.joined()
            var pending: [UInt8] = []
            func flush() {
                out += escape(String(decoding: pending, as: UTF8.self))
                pending.removeAll(keepingCapacity: true)
            }
            for offset in start..<max(start, next) {
                if let count = closes[offset], count > 0 {
                    flush()
                    let closing = min(count, stack.count)
                    out += String(repeating: "</span>", count: closing)
                    stack.removeLast(closing)
                    closes[offset] = nil
                }
                if let tags = opens[offset] {
                    flush()
                    out += tags.joined()
                    stack += tags
                    opens[offset] = nil
                }
                if offset < end { pending.append(source.bytes[offset]) }
            }
            if next == source.bytes.count, let count = closes[next], count > 0 {
                flush()
                stack.removeLast(min(count, stack.count))
                closes[next] = nil
            }
            flush()
            out += String(repeating: "</span>", count: stack.count)
            out += "</td></tr>\n"
        }
        out += "</table>\n"
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
