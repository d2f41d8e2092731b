/// A line diff in the unified format that `diff -u` and `git diff` print,
/// used by `storage-rules fmt --check` to show what formatting would change.
public enum UnifiedDiff {
    /// One step of an edit script over lines.
    enum Edit: Equatable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The diff from `old` to `new` with `--- oldLabel` / `+++ newLabel`
    /// headers and hunks of `context` unchanged lines around each change;
    /// empty when the texts are equal.
    public static func render(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) -> String {
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let edits = editScript(oldLines, newLines)
        guard edits.contains(where: { if case .keep = $0 { false } else { true } }) else { return "" }
        var out = "--- \(oldLabel)\n+++ \(newLabel)\n"
        for hunk in hunks(edits, context: context) {
            out += header(hunk, edits: edits)
            for edit in edits[hunk] {
                switch edit {
                case .keep(let index, _): out += line(" ", oldLines[index])
                case .delete(let index): out += line("-", oldLines[index])
                case .insert(let index): out += line("+", newLines[index])
                }
            }
        }
        return out
    }

    /// Lines with their `\n`; the last one lacks it when the text does.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
            result.append(text[start..<end])
            start = end
        }
        return result
    }

    private static func line(_ marker: String, _ text: Substring) -> String {
        text.hasSuffix("\n") ? marker + text : marker + text + "\n\\ No newline at end of file\n"
    }

    /// A shortest edit script (Myers' O((N+M)D) algorithm).
    static func editScript(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        let n = old.count
        let m = new.count
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for distance in 0...(n + m) {
            trace.append(frontier)
            for diagonal in stride(from: -distance, through: distance, by: 2) {
                var x: Int
                if diagonal == -distance || (diagonal != distance && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1]) {
                    x = frontier[offset + diagonal + 1]
                } else {
                    x = frontier[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n && y < m && old[x] == new[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + diagonal] = x
                if x >= n && y >= m { break search }
            }
        }
        // Walk the trace back from the end to recover the path.
        var edits: [Edit] = []
        var x = n
        var y = m
        for distance in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[distance]
            let diagonal = x - y
            let previousDiagonal: Int
            if diagonal == -distance || (diagonal != distance && previous[offset + diagonal - 1] < previous[offset + diagonal + 1]) {
                previousDiagonal = diagonal + 1
            } else {
                previousDiagonal = diagonal - 1
            }
            let previousX = distance == 0 ? 0 : previous[offset + previousDiagonal]
            let previousY = distance == 0 ? 0 : previousX - previousDiagonal
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                edits.append(.keep(old: x, new: y))
            }
            if distance > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(.insert(new: y))
                } else {
                    x -= 1
                    edits.append(.delete(old: x))
                }
            }
        }
        return edits.reversed()
    }

    /// Ranges of the edit script that form hunks: each change with up to
    /// `context` kept lines on either side, merged when they touch.
    private static func hunks(_ edits: [Edit], context: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for (index, edit) in edits.enumerated() {
            if case .keep = edit { continue }
            let lower = max(0, index - context)
            let upper = min(edits.count, index + context + 1)
            if let last = result.last, lower <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                result.append(lower..<upper)
            }
        }
        return result
    }

    /// `@@ -start,count +start,count @@` (a count of 1 is left out, as `diff` does).
    private static func header(_ hunk: Range<Int>, edits: [Edit]) -> String {
        var oldStart: Int?
        var newStart: Int?
        var oldCount = 0
        var newCount = 0
        var oldBefore = 0
        var newBefore = 0
        for edit in edits[..<hunk.lowerBound] {
            switch edit {
            case .keep: oldBefore += 1; newBefore += 1
            case .delete: oldBefore += 1
            case .insert: newBefore += 1
            }
        }
        for edit in edits[hunk] {
            switch edit {
            case .keep(let old, let new):
                oldStart = oldStart ?? old
                newStart = newStart ?? new
                oldCount += 1
                newCount += 1
            case .delete(let old):
                oldStart = oldStart ?? old
                oldCount += 1
            case .insert(let new):
                newStart = newStart ?? new
                newCount += 1
            }
        }
        func range(_ start: Int?, _ before: Int, _ count: Int) -> String {
            // An empty side names the line before it (0 at the top of the file).
            let first = count == 0 ? before : (start ?? before) + 1
            return count == 1 ? "\(first)" : "\(first),\(count)"
        }
        return "@@ -\(range(oldStart, oldBefore, oldCount)) +\(range(newStart, newBefore, newCount)) @@\n"
    }
}
