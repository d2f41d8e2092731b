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
        // Splitting the UTF-8 view avoids grapheme breaking on a hot path.
        segments = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// `/a/b/c` (`/` for the empty path).
    public var description: String {
        segments.isEmpty ? "/" : segments.map { "/" + $0 }.joined()
    }
}
