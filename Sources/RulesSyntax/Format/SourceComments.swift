/// One comment of a file, with the facts about its placement that decide
/// where the formatter puts it back.
struct SourceComment: Sendable {
    /// The comment's text, delimiters included; a line comment loses only
    /// trailing spaces, tabs and carriage returns.
    var text: String
    /// Where the comment starts in the source.
    var start: Int
    /// `//`: nothing may follow it on its line.
    var isLineComment: Bool
    /// Code (or another comment) precedes it on its source line, so it stays
    /// at the end of the line it trails.
    var isTrailing: Bool
    /// An empty line separates it from what precedes it.
    var followsBlankLine: Bool
    /// A block comment that spans lines: whatever follows starts a new line.
    var spansLines: Bool
    /// Something other than a line break follows it on its source line.
    var gluedToNext: Bool

    /// Whether the output line must end after this comment.
    var endsLine: Bool { isLineComment || spansLines }
}

/// Byte-level facts about a source that the formatter needs between tokens.
struct SourceBytes: Sendable {
    /// The file's bytes.
    let bytes: [UInt8]

    /// The offset of the first byte at or after `offset` that is neither
    /// whitespace nor part of a comment: where the next token starts.
    func tokenStart(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            if byte.isWhitespace {
                index += 1
            } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                    && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                return index
            }
        }
        return bytes.count
    }

    /// The offset just past the `;` that ends a statement covering
    /// `range`, or `range.end` when no `;` follows it.
    func end(ofStatement range: SourceRange) -> Int {
        let next = tokenStart(from: range.end)
        return next < bytes.count && bytes[next] == UInt8(ascii: ";") ? next + 1 : range.end
    }

    /// The first offset at or after `offset` that is not whitespace (the
    /// end of the file if none).
    private func tokenStartOrEnd(after offset: Int) -> Int {
        var index = offset
        while index < bytes.count && bytes[index].isWhitespace { index += 1 }
        return index
    }

    /// How many line breaks the run of whitespace just before `offset` holds.
    func lineBreaks(before offset: Int) -> Int {
        var index = min(offset, bytes.count) - 1
        var breaks = 0
        while index >= 0 && bytes[index].isWhitespace {
            if bytes[index] == UInt8(ascii: "\n") { breaks += 1 }
            index -= 1
        }
        return breaks
    }

    /// Whether anything but whitespace precedes `offset` on its line.
    func hasCodeBefore(_ offset: Int) -> Bool {
        var index = min(offset, bytes.count) - 1
        while index >= 0 && bytes[index].isWhitespace {
            if bytes[index] == UInt8(ascii: "\n") { return false }
            index -= 1
        }
        return index >= 0 && !(index == 2 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    /// The text of a byte range.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[max(0, start)..<min(max(start, end), bytes.count)], as: UTF8.self)
    }

    /// Classifies the comments the lexer recorded.
    func comments(_ ranges: [SourceRange]) -> [SourceComment] {
        ranges.map { range in
            let isLine = bytes[range.start + 1] == UInt8(ascii: "/")
            var end = range.end
            if isLine {
                while end > range.start + 2, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D {
                    end -= 1
                }
            }
            let body = bytes[range.start..<end]
            return SourceComment(
                text: String(decoding: body, as: UTF8.self), start: range.start, isLineComment: isLine,
                isTrailing: hasCodeBefore(range.start), followsBlankLine: lineBreaks(before: range.start) >= 2,
                spansLines: !isLine && body.contains(UInt8(ascii: "\n")),
                gluedToNext: !isLine && lineBreaks(before: tokenStartOrEnd(after: range.end)) == 0)
        }
    }
}
