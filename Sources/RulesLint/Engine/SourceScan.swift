import RulesSyntax

/// A light scan of rules text that works whether or not the file parses:
/// where the comments are, and the code with strings and comments blanked
/// out, so text checks never match inside a string or a comment.
public struct SourceScan: Sendable {
    /// Each comment's range and text (`//` and `/* */` included).
    public private(set) var comments: [(range: SourceRange, text: String)] = []
    /// The file's bytes with every byte inside a string or comment replaced
    /// by a space (line breaks kept), so offsets match the source.
    public private(set) var code: [UInt8]

    /// Scans the bytes.
    public init(_ bytes: [UInt8]) {
        code = bytes
        var index = 0
        let count = bytes.count
        func blank(_ range: Range<Int>) {
            for offset in range where code[offset] != UInt8(ascii: "\n") { code[offset] = UInt8(ascii: " ") }
        }
        while index < count {
            let byte = bytes[index]
            let next = index + 1 < count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                var end = index
                while end < count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                record(bytes, index..<end)
                blank(index..<end)
                index = end
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                var end = index + 2
                while end < count, !(bytes[end] == UInt8(ascii: "*") && end + 1 < count && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                end = min(count, end + 2)
                record(bytes, index..<end)
                blank(index..<end)
                index = end
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                let raw = index > 0 && (bytes[index - 1] == UInt8(ascii: "r") || bytes[index - 1] == UInt8(ascii: "R"))
                let end = Self.stringEnd(bytes, from: index, raw: raw)
                blank(index..<end)
                index = end
            } else {
                index += 1
            }
        }
    }

    private mutating func record(_ bytes: [UInt8], _ range: Range<Int>) {
        comments.append((SourceRange(start: range.lowerBound, end: range.upperBound), String(decoding: bytes[range], as: UTF8.self)))
    }

    /// One past the end of the string starting at `start` (a quote), or the
    /// end of the line when it is unterminated.
    private static func stringEnd(_ bytes: [UInt8], from start: Int, raw: Bool) -> Int {
        let quote = bytes[start]
        let count = bytes.count
        let triple = start + 2 < count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (triple ? 3 : 1)
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), !raw {
                index += 2
                continue
            }
            if !triple, byte == UInt8(ascii: "\n") { return index }
            if byte == quote {
                if !triple { return index + 1 }
                if index + 2 < count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
            }
            index += 1
        }
        return count
    }

    /// Offsets in the code (outside strings and comments) where `pattern` starts.
    public func occurrences(of pattern: String) -> [Int] {
        let needle = Array(pattern.utf8)
        guard !needle.isEmpty, code.count >= needle.count else { return [] }
        var result: [Int] = []
        var index = 0
        let last = code.count - needle.count
        while index <= last {
            if code[index] == needle[0], code[index..<index + needle.count].elementsEqual(needle) {
                result.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return result
    }
}
