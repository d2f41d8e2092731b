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
        var text = text
        // Pieces are made from their bytes: string indices cost more.
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/") {
                    if start != index { segments.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
                    start = index &+ 1
                }
                index &+= 1
            }
            if start != index { segments.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
        }
    }

    /// `/a/b/c` (`/` for the empty path).
    public var description: String {
        segments.isEmpty ? "/" : segments.map { "/" + $0 }.joined()
    }
}
