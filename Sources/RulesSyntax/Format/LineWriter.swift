/// Builds the formatted text line by line and puts each source comment back
/// just before the first token written after it.
///
/// A trailing comment goes at the end of the current line; any other comment
/// goes on a line of its own. After a `//` comment the line must end, so the
/// next token starts a new line at ``continuationIndent``.
struct LineWriter {
    /// The finished lines, as UTF-8.
    private var output: [UInt8] = []
    /// The current line's text without its indentation, as UTF-8.
    private var line: [UInt8] = []
    /// The current line's indentation, in spaces.
    private var lineIndent = 0
    /// The current line's width in Unicode scalars, indentation included.
    private(set) var column = 0
    /// The comments of the file, in source order.
    private let comments: [SourceComment]
    /// Where each comment starts, for searching.
    let commentStarts: [Int]
    /// The first comment not yet written.
    private var nextComment = 0
    /// Set by a comment that must end its line.
    private var pendingLineBreak = false
    /// Set when the last thing written was a comment, which always needs a
    /// space before the next token.
    private var afterComment = false
    /// Set while the current line holds only a comment that the next
    /// statement follows on the same line (`/* why */ allow read;`).
    private var lineLeadsIntoCode = false
    /// Whether the last finished line opened a block (no blank line may follow).
    private var lastLineOpenedBlock = true
    /// The indentation of lines that a comment forces open inside a statement.
    var continuationIndent = 0
    /// Facts about the source between tokens.
    let source: SourceBytes

    init(source: SourceBytes, comments: [SourceComment]) {
        self.source = source
        self.comments = comments
        self.commentStarts = comments.map(\.start)
        output.reserveCapacity(source.bytes.count + source.bytes.count / 4)
    }

    /// Whether the current line holds anything.
    var lineHasContent: Bool { !line.isEmpty }

    /// Writes a token. With `at`, the comments that start before that source
    /// offset are written first. `space` asks for a space after whatever
    /// the line already holds.
    mutating func write(_ text: String, space: Bool = true, at offset: Int? = nil) {
        if let offset { flushComments(before: offset, ownLineIndent: continuationIndent) }
        if pendingLineBreak {
            startLine(indent: continuationIndent)
        } else if !line.isEmpty && (space || afterComment) {
            append(" ")
        }
        append(text)
        afterComment = false
        lineLeadsIntoCode = false
    }

    /// Writes every comment that starts before `offset`; those on lines of
    /// their own are indented by `ownLineIndent`.
    mutating func flushComments(before offset: Int, ownLineIndent: Int) {
        while nextComment < comments.count && comments[nextComment].start < offset {
            let comment = comments[nextComment]
            nextComment += 1
            if comment.isTrailing && !line.isEmpty && !pendingLineBreak {
                append(" ")
            } else {
                endLine()
                if comment.followsBlankLine { blankLine() }
                startLine(indent: ownLineIndent)
                lineLeadsIntoCode = true
            }
            append(comment.text)
            afterComment = true
            if comment.endsLine { pendingLineBreak = true }
            lineLeadsIntoCode = lineLeadsIntoCode && comment.gluedToNext && !comment.endsLine
        }
    }

    /// Ends the current line (if it holds anything) and starts an empty one.
    mutating func startLine(indent: Int) {
        endLine()
        lineIndent = indent
        column = indent
    }

    /// Starts the line of a statement or block at `offset`: comments before
    /// it come first, then one empty line if the source had at least one
    /// (never right after an opening brace).
    mutating func startItem(at offset: Int, indent: Int) {
        flushComments(before: offset, ownLineIndent: indent)
        if lineLeadsIntoCode && !line.isEmpty { return }
        endLine()
        if source.lineBreaks(before: offset) >= 2 { blankLine() }
        startLine(indent: indent)
    }

    /// Writes all remaining comments and ends the text with one line break.
    mutating func finish() -> String {
        flushComments(before: Int.max, ownLineIndent: 0)
        endLine()
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func append(_ text: String) {
        let utf8 = text.utf8
        line.append(contentsOf: utf8)
        // Count scalars: every byte except UTF-8 continuation bytes.
        for byte in utf8 where byte & 0xC0 != 0x80 { column += 1 }
    }

    /// One empty line, unless the output is empty or just opened a block.
    private mutating func blankLine() {
        if !output.isEmpty && !lastLineOpenedBlock && !output.suffix(2).elementsEqual([0x0A, 0x0A]) {
            output.append(0x0A)
            lastLineOpenedBlock = true
        }
    }

    private mutating func endLine() {
        pendingLineBreak = false
        lineLeadsIntoCode = false
        guard !line.isEmpty else { return }
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: lineIndent))
        output.append(contentsOf: line)
        output.append(0x0A)
        lastLineOpenedBlock = line.last == UInt8(ascii: "{")
        line.removeAll(keepingCapacity: true)
        column = lineIndent
    }
}

extension LineWriter {
    /// Whether any comment of the file starts inside `range`.
    func hasComment(in range: SourceRange) -> Bool {
        var low = 0
        var high = commentStarts.count
        while low < high {
            let mid = (low + high) / 2
            if commentStarts[mid] < range.start { low = mid + 1 } else { high = mid }
        }
        return low < commentStarts.count && commentStarts[low] < range.end
    }
}
