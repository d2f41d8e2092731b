/// A `multipart/related` upload body: the JSON metadata part and the data
/// part (storage-service.md §3.1). The parser is binary-safe: CRLF inside
/// the data is kept.
struct MultipartRelated: Sendable {
    /// The metadata part's body (JSON text).
    var metadata: [UInt8]
    /// The data part's body.
    var data: [UInt8]
    /// The data part's `Content-Type`, if it gave one.
    var dataContentType: String?

    /// Why a body could not be parsed; the message is the 400 body's.
    struct ParseError: Error, Sendable {
        var message: String
    }

    /// Parses `body` given the request's `Content-Type`.
    static func parse(contentType: String?, body: [UInt8]) throws(ParseError) -> MultipartRelated {
        guard let contentType else { throw ParseError(message: "Bad content type. ") }
        let lower = contentType.lowercased()
        guard lower.hasPrefix("multipart/related") || lower.hasPrefix("multipart/mixed") else {
            throw ParseError(message: "Bad content type. \(contentType)")
        }
        // RFC 2046 §5.1.1: a boundary is 1 to 70 characters.
        guard let boundary = boundary(in: contentType), !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw ParseError(message: "Bad content type. \(contentType)")
        }
        let parts = split(body, boundary: Array(("--" + boundary).utf8))
        guard parts.count == 2 else { throw ParseError(message: "Unexpected number of parts in request body") }
        let metadata = try part(parts[0])
        let data = try part(parts[1])
        return MultipartRelated(metadata: metadata.body, data: data.body, dataContentType: data.contentType)
    }

    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    /// The bytes between boundary lines, without the CRLF that precedes each boundary.
    static func split(_ body: [UInt8], boundary: [UInt8]) -> [ArraySlice<UInt8>] {
        var positions: [Int] = []
        var index = 0
        while let found = find(boundary, in: body, from: index) {
            positions.append(found)
            index = found + boundary.count
        }
        var parts: [ArraySlice<UInt8>] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var lower = start + boundary.count
            if body[lower..<min(lower + 2, body.count)].elementsEqual([13, 10]) {
                lower += 2
            } else if lower < body.count, body[lower] == 10 {
                lower += 1
            }
            var upper = end
            if upper >= 2, body[(upper - 2)..<upper].elementsEqual([13, 10]) {
                upper -= 2
            } else if upper >= 1, body[upper - 1] == 10 {
                upper -= 1
            }
            parts.append(body[lower..<max(lower, upper)])
        }
        return parts
    }

    /// A part's headers and body; the first header must be `Content-Type`.
    static func part(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> (contentType: String?, body: [UInt8]) {
        let separator: [UInt8] = [13, 10, 13, 10]
        let headerEnd: Int
        let bodyStart: Int
        if let found = find(separator, in: Array(bytes), from: 0) {
            headerEnd = bytes.startIndex + found
            bodyStart = headerEnd + 4
        } else if let found = find([10, 10], in: Array(bytes), from: 0) {
            headerEnd = bytes.startIndex + found
            bodyStart = headerEnd + 2
        } else {
            throw ParseError(message: "Failed to parse multipart request body part. Missing content type.")
        }
        let headerText = String(decoding: bytes[bytes.startIndex..<headerEnd], as: UTF8.self)
        var contentType: String?
        for line in headerText.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-type" {
                contentType = pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        guard contentType != nil else {
            throw ParseError(message: "Failed to parse multipart request body part. Missing content type.")
        }
        return (contentType, Array(bytes[bodyStart..<bytes.endIndex]))
    }

    /// The first offset of `needle` in `haystack` at or after `start`, found
    /// in linear time (Knuth–Morris–Pratt), so a crafted body cannot make
    /// the search quadratic.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        // failure[i]: the length of the longest proper border of needle[0...i].
        var failure = [Int](repeating: 0, count: needle.count)
        var border = 0
        for index in 1..<needle.count {
            while border > 0, needle[index] != needle[border] { border = failure[border - 1] }
            if needle[index] == needle[border] { border += 1 }
            failure[index] = border
        }
        return haystack.withUnsafeBufferPointer { hay -> Int? in
            var matched = 0
            for index in start..<hay.count {
                while matched > 0, hay[index] != needle[matched] { matched = failure[matched - 1] }
                if hay[index] == needle[matched] { matched += 1 }
                if matched == needle.count { return index - needle.count + 1 }
            }
            return nil
        }
    }
}
