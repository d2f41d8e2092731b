/// A path value: a list of segments, written `/a/b/c`.
public struct RulesPath: Sendable, Hashable, CustomStringConvertible {
    /// The segments, without slashes.
    public var segments: [String]

    /// Creates a path from segments.
    public init(segments: [String]) {
        self.segments = segments
    }

    /// Parses `a/b`, `/a/b` or `a/b/`: empty pieces are dropped, as the
    /// service does when it builds `request.path`.
    public init(parsing text: String) {
        segments = []
        Self.appendSegments(of: text, to: &segments)
    }

    /// Appends the non-empty `/`-separated pieces of `text` to `segments`.
    /// Splitting on UTF-8 bytes avoids grapheme breaking on a hot path, and
    /// `/` is ASCII, so every piece ends on a character boundary.
    static func appendSegments(of text: String, to segments: inout [String]) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { segments.append(String(text[start..<index])) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != index { segments.append(String(text[start..<index])) }
    }

    /// `/a/b/c` (`/` for the empty path).
    public var description: String {
        segments.isEmpty ? "/" : segments.map { "/" + $0 }.joined()
    }
}
