import Foundation
import Synchronization

// A large suite's `cases` is one long list. Its entries are parsed in parts
// over the cores: the list is split where entries start, and each part is
// parsed as the whole list would parse it, from the same position, line and
// column. The parts must tile the list exactly (each ends where the next
// begins, with the state a one-pass parse would have there, and holds one
// item for each start it was given, so it knows their places); otherwise the
// list is parsed in one pass, which decides alone what it accepts. So a
// split point chosen wrongly costs time, never a different tree.
extension YAMLSubsetParser.Parser {
    /// Where a list item starts: its first byte, its line and that line's start.
    struct ItemStart: Sendable {
        var position: Int
        var line: Int
        var lineStart: Int
    }

    /// Fewest items worth handing to another thread.
    static let itemsPerPart = 256

    /// The entries of a long block list, from the `- ` at the current
    /// position; `nil` to parse it in one pass instead. A line whose first
    /// character is at the list's indent is an entry's `- ` or the list's end:
    /// an entry's further lines, its block scalars and its flow collections
    /// are all indented more.
    mutating func entriesInParallel(indent: Int, isIndentless: Bool) -> [YAMLNode]? {
        inParts(starts: entryStarts(indent: indent)) { parser, end throws(YAMLSubsetParser.Unsupported) in
            var items: [YAMLNode] = []
            try parser.appendEntries(to: &items, indent: indent, isIndentless: isIndentless, until: end)
            return items
        }
    }

    /// The items of a long flow list (a JSON suite's `cases`), from its first
    /// item at the current position to past its `]`; `nil` to parse it in one pass.
    mutating func flowItemsInParallel(blockIndent: Int) -> [YAMLNode]? {
        inParts(starts: flowItemStarts()) { parser, end throws(YAMLSubsetParser.Unsupported) in
            var items: [YAMLNode] = []
            try parser.appendFlowItems(to: &items, blockIndent: blockIndent, until: end)
            return items
        }
    }

    /// Runs `parse` on consecutive runs of `starts` over the cores; on
    /// success, continues from where the last part stopped. Each part
    /// copies its items into their places in the list itself: gathering
    /// them afterwards on one thread retained each node on a cache line
    /// another core had just written.
    private mutating func inParts(
        starts: [ItemStart], _ parse: @Sendable (inout Self, _ end: Int?) throws(YAMLSubsetParser.Unsupported) -> [YAMLNode]
    ) -> [YAMLNode]? {
        let partCount = ParallelParts.count(of: starts.count, atLeast: Self.itemsPerPart)
        guard partCount > 1 else { return nil }
        nonisolated(unsafe) let text = bytes
        let (isASCII, depth) = (self.isASCII, self.depth)
        // Where each part stopped, once it has written its items.
        let stops = Mutex([ItemStart?](repeating: nil, count: partCount))
        var last: ItemStart?
        let items = [YAMLNode](unsafeUninitializedCapacity: starts.count) { buffer, initializedCount in
            nonisolated(unsafe) let base = buffer.baseAddress!
            ParallelParts.forEach(partCount) { part in
                let (firstIndex, endIndex) = (starts.count * part / partCount, starts.count * (part + 1) / partCount)
                let first = starts[firstIndex]
                let end = endIndex < starts.count ? starts[endIndex].position : nil
                var parser = YAMLSubsetParser.Parser(bytes: text, isASCII: isASCII)
                (parser.position, parser.line, parser.lineStart, parser.depth) = (first.position, first.line, first.lineStart, depth)
                guard let items = try? parse(&parser, end), end == nil || parser.position == end,
                    items.count == endIndex - firstIndex
                else { return }
                items.withUnsafeBufferPointer { (base + firstIndex).initialize(from: $0.baseAddress!, count: $0.count) }
                let stop = ItemStart(position: parser.position, line: parser.line, lineStart: parser.lineStart)
                stops.withLock { $0[part] = stop }
            }
            let parts = stops.withLock { $0 }
            guard parts.allSatisfy({ $0 != nil }) else {
                for (part, stop) in parts.enumerated() where stop != nil {
                    let (firstIndex, endIndex) = (starts.count * part / partCount, starts.count * (part + 1) / partCount)
                    (base + firstIndex).deinitialize(count: endIndex - firstIndex)
                }
                return
            }
            initializedCount = starts.count
            last = parts[partCount - 1]
        }
        guard let last else { return nil }
        (position, line, lineStart) = (last.position, last.line, last.lineStart)
        return items
    }

    /// The current position (an entry's `- `) and each later line whose
    /// first character is a `- ` at `indent`, up to the first line indented
    /// less or holding something else at `indent`.
    func entryStarts(indent: Int) -> [ItemStart] {
        var starts = [ItemStart(position: position, line: line, lineStart: lineStart)]
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
            starts.append(ItemStart(position: first, line: line, lineStart: lineStart))
        }
        return starts
    }

    /// The current position (a flow list's first item) and the start of each
    /// item after a `,` outside brackets, braces and quotes, up to the list's
    /// `]`. Quotes are only taken at the start of a scalar, as JSON and
    /// usual YAML write them; a plain scalar holding one misplaces the later
    /// splits, which the parts then refuse.
    func flowItemStarts() -> [ItemStart] {
        var starts = [ItemStart(position: position, line: line, lineStart: lineStart)]
        var index = position
        var line = self.line
        var lineStart = self.lineStart
        var depth = 0
        let count = bytes.count
        // Whether the next non-space byte starts a token (a scalar may start with a quote there).
        var atToken = true
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\"") where atToken, UInt8(ascii: "'") where atToken:
                index += 1
                while index < count && bytes[index] != byte && bytes[index] != UInt8(ascii: "\n") {
                    index += byte == UInt8(ascii: "\"") && bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                atToken = false
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                atToken = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth < 0 { return starts }
                atToken = false
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                atToken = true
                if byte == UInt8(ascii: ","), depth == 0 {
                    // The next item starts after the spaces, line breaks and comments that follow.
                    var next = index + 1
                    while next < count {
                        let skipped = bytes[next]
                        if skipped == UInt8(ascii: " ") {
                            next += 1
                        } else if skipped == UInt8(ascii: "\n") {
                            next += 1
                            line += 1
                            lineStart = next
                        } else if skipped == UInt8(ascii: "#") {
                            while next < count && bytes[next] != UInt8(ascii: "\n") { next += 1 }
                        } else {
                            break
                        }
                    }
                    starts.append(ItemStart(position: next, line: line, lineStart: lineStart))
                    index = next
                    continue
                }
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
                atToken = true
            case UInt8(ascii: " "):
                break
            case UInt8(ascii: "#") where index > 0 && (bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\n")):
                while index + 1 < count && bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            default:
                atToken = false
            }
            index += 1
        }
        return starts
    }
}
