import Dispatch
import Foundation
import Synchronization

extension YAMLSubsetParser.Parser {
    /// Where a list entry starts: its `- `, its line and that line's start.
    struct EntryStart {
        var position: Int
        var line: Int
        var lineStart: Int
    }

    /// What one part of a long list gives: its entries, and where reading stopped.
    struct PartResult: Sendable {
        var items: [YAMLNode]
        var end: EntryStart
    }

    /// Fewest entries worth handing to another thread.
    static let entriesPerPart = 256

    /// The entries of a long block list (a large suite's `cases`), parsed in
    /// parts over the cores; `nil` when the list is too short to split.
    ///
    /// A line whose first character is at the list's indent is an entry's
    /// `- ` (or the list's end): nothing inside an entry starts there, since
    /// an entry's further lines, its block scalars' lines and its flow
    /// collections' lines are all indented more. So the list is split at
    /// such lines, and each part is parsed as the whole list would parse it,
    /// from the same position, line and column. A part whose last entry does
    /// not end exactly where the next part starts sends the text to libyaml.
    mutating func entriesInParallel(indent: Int, isIndentless: Bool) throws(YAMLSubsetParser.Unsupported) -> [YAMLNode]? {
        let starts = entryStarts(indent: indent)
        let partCount = min(starts.count / Self.entriesPerPart, 4 * ProcessInfo.processInfo.activeProcessorCount)
        guard partCount > 1 else { return nil }
        nonisolated(unsafe) let text = bytes
        let (isASCII, depth) = (self.isASCII, self.depth)
        let results = Mutex([PartResult?](repeating: nil, count: partCount))
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
            let first = starts[starts.count * part / partCount]
            let end = part + 1 < partCount ? starts[starts.count * (part + 1) / partCount].position : nil
            var parser = YAMLSubsetParser.Parser(bytes: text, isASCII: isASCII)
            (parser.position, parser.line, parser.lineStart, parser.depth) = (first.position, first.line, first.lineStart, depth)
            var items: [YAMLNode] = []
            do {
                try parser.appendEntries(to: &items, indent: indent, isIndentless: isIndentless, until: end)
            } catch {
                return
            }
            if let end, parser.position != end { return }
            let result = PartResult(items: items, end: EntryStart(position: parser.position, line: parser.line, lineStart: parser.lineStart))
            results.withLock { $0[part] = result }
        }
        let parts = results.withLock { $0 }
        var items: [YAMLNode] = []
        items.reserveCapacity(starts.count)
        for part in parts {
            guard let part else { throw YAMLSubsetParser.Unsupported() }
            items.append(contentsOf: part.items)
        }
        guard let last = parts.last??.end else { throw YAMLSubsetParser.Unsupported() }
        (position, line, lineStart) = (last.position, last.line, last.lineStart)
        return items
    }

    /// The lines from the current position on (an entry's `- `) whose first
    /// character is a `- ` at `indent`, up to the first one indented less or
    /// at `indent` with something else (where the list ends, or the parse
    /// fails on its own).
    func entryStarts(indent: Int) -> [EntryStart] {
        var starts = [EntryStart(position: position, line: line, lineStart: lineStart)]
        guard let base = bytes.baseAddress else { return starts }
        var index = position
        var line = self.line
        let count = bytes.count
        while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "\n")), count - index) {
            let lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            line += 1
            var first = lineStart
            while first < count && bytes[first] == UInt8(ascii: " ") { first += 1 }
            index = first
            guard first < count else { break }
            let byte = bytes[first]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#") { continue }
            // Leading spaces are one byte each: the column is their count.
            let column = first - lineStart
            if column > indent { continue }
            guard column == indent, byte == UInt8(ascii: "-"), isBlankOrEnd(self.byte(at: first + 1)) else { break }
            starts.append(EntryStart(position: first, line: line, lineStart: lineStart))
        }
        return starts
    }
}
