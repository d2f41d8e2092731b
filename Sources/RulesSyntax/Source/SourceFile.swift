/// A rules file's text together with the line table needed to turn byte
/// offsets into line and column numbers for display.
///
/// Every position in the syntax tree and in diagnostics is a UTF-8 byte
/// offset into ``bytes``; line and column are computed only when shown.
public struct SourceFile: Sendable, Hashable {
    /// The path the text was read from, as the user gave it (used in messages).
    public let path: String
    /// The full text.
    public let text: String
    /// The text as UTF-8 bytes; offsets in ``SourceRange`` index into this.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    private let lineStarts: [Int]
    /// How many columns each line of the text is indented by in the file it
    /// is shown as part of: a test suite's inline rules, a YAML block whose
    /// indentation is not part of the text. Locations and shown lines
    /// include it, so they are the file's.
    public let indentation: Int

    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.init(path: path, text: text, indentation: 0)
    }

    /// Creates a source file for a text embedded in an indented block of
    /// another file (see ``indentation``).
    public init(path: String, text: String, indentation: Int) {
        self.path = path
        self.text = text
        self.indentation = max(0, indentation)
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    /// The number of lines in the file.
    public var lineCount: Int { lineStarts.count }

    /// The 1-based line and column of a byte offset. Columns count Unicode
    /// scalars, so a multi-byte character advances the column by one; they
    /// start after the ``indentation``.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var column = 1 + indentation
        var index = lineStarts[low]
        while index < clamped {
            // Continuation bytes (10xxxxxx) do not start a new scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: low + 1, column: column)
    }

    /// The text of a 1-based line, without its line terminator, after the
    /// ``indentation`` as spaces (so columns index it).
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let text = String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
        return indentation == 0 ? text : String(repeating: " ", count: indentation) + text
    }

    /// The source text covered by a range.
    public func text(in range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// A 1-based line and column, for display.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders locations by line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A half-open range of UTF-8 byte offsets into a ``SourceFile``.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// Offset of the first byte.
    public var start: Int
    /// Offset one past the last byte.
    public var end: Int

    /// Creates a range; `end` is clamped so it never precedes `start`.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at one offset.
    public static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// `start..<end`.
    public var description: String { "\(start)..<\(end)" }
}
