/// A `multipart/related` upload body: a JSON metadata part and a data part
/// (storage-service.md §3.1, §6.11). Binary safe: only the boundary lines
/// split the body, so CR LF inside the data is kept.
struct MultipartRelated: Sendable {
    /// The first part's bytes (JSON metadata).
    var metadata: [UInt8]
    /// The second part's bytes (the object's content).
    var data: [UInt8]
    /// The second part's `Content-Type`.
    var dataContentType: String

    /// The parser's refusals, worded as the Firebase emulator words them.
    struct ParseError: Error, Sendable, Equatable {
        var message: String
    }

    /// Parses `body` sent with `contentType` (`multipart/related; boundary=...`,
    /// the boundary possibly quoted).
    init(contentType: String, body: [UInt8]) throws(ParseError) {
        let boundary = try Self.boundary(contentType)
        let parts = Self.split(body, delimiter: Array(("--" + boundary).utf8))
        guard parts.count == 2 else { throw ParseError(message: "Unexpected number of parts in request body") }
        let first = try Self.part(parts[0])
        let second = try Self.part(parts[1])
        metadata = first.body
        data = second.body
        dataContentType = second.contentType
    }

    private static func boundary(_ contentType: String) throws(ParseError) -> String {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/related" else { throw ParseError(message: "Bad content type. \(contentType)") }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !value.isEmpty { return value }
        }
        throw ParseError(message: "Bad content type. \(contentType)")
    }

    /// The byte ranges between `--boundary` lines (the preamble before the
    /// first and everything after the closing `--boundary--` dropped).
    private static func split(_ body: [UInt8], delimiter: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [Int] = []
        var index = 0
        while let found = find(delimiter, in: body, from: index) {
            starts.append(found)
            index = found + delimiter.count
        }
        var parts: [ArraySlice<UInt8>] = []
        for (position, start) in starts.enumerated() {
            var partStart = start + delimiter.count
            if body[partStart...].starts(with: [0x2D, 0x2D]) { break }  // closing delimiter
            if body[partStart...].starts(with: [0x0D, 0x0A]) { partStart += 2 }
            guard position + 1 < starts.count else {
                parts.append(body[partStart...])
                break
            }
            var partEnd = starts[position + 1]
            if partEnd - partStart >= 2, body[partEnd - 2] == 0x0D, body[partEnd - 1] == 0x0A { partEnd -= 2 }
            parts.append(body[partStart..<max(partStart, partEnd)])
        }
        return parts
    }

    /// A part's `Content-Type` and body; the part must start with its headers.
    private static func part(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> (contentType: String, body: [UInt8]) {
        let missing = ParseError(message: "Failed to parse multipart request body part. Missing content type.")
        guard let end = find([0x0D, 0x0A, 0x0D, 0x0A], in: bytes, from: bytes.startIndex) else { throw missing }
        let headers = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-type" {
                return (pair[1].trimmingCharacters(in: .whitespaces), Array(bytes[(end + 4)...]))
            }
        }
        throw missing
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    static func find<C: RandomAccessCollection>(_ needle: [UInt8], in haystack: C, from start: C.Index) -> C.Index?
    where C.Element == UInt8, C.Index == Int {
        guard let first = needle.first, haystack.endIndex - start >= needle.count else { return nil }
        var index = start
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
