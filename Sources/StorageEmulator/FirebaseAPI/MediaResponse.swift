import CompressNIO
import HTTPTypes
import Hummingbird
import StorageSimulator

/// A media download (storage-service.md §1.5): the object's headers, a
/// single byte range, and decompressive transcoding of gzip objects for
/// clients that do not accept gzip.
enum MediaResponse {
    static let generation = HTTPField.Name("x-goog-generation")!
    /// The spec's name (storage-service.md §1.5, as the Firebase emulator sends it).
    static let metadataGeneration = HTTPField.Name("x-goog-metadatageneration")!
    /// The name Cloud Storage sends and the GCS client libraries read.
    static let metageneration = HTTPField.Name("x-goog-metageneration")!
    static let storageClass = HTTPField.Name("x-goog-storage-class")!
    static let hash = HTTPField.Name("x-goog-hash")!

    /// The download response; `limit` caps the transcoded size, past which
    /// the stored gzip bytes are sent as they are (as for corrupt data).
    static func make(object: StoredObject, bytes: [UInt8], range: String?, acceptEncoding: String?, limit: Int) -> Response {
        var headers = HTTPFields()
        headers[.acceptRanges] = "bytes"
        headers[.contentType] = object.contentType ?? "application/octet-stream"
        headers[.contentDisposition] = contentDisposition(object)
        headers[.eTag] = object.etag
        if let cacheControl = object.cacheControl { headers[.cacheControl] = cacheControl }
        headers[generation] = String(object.generation)
        headers[metadataGeneration] = String(object.metageneration)
        headers[metageneration] = String(object.metageneration)
        headers[storageClass] = object.storageClass
        headers[hash] = "crc32c=\(object.crc32c),md5=\(object.md5Hash)"
        let isGzip = object.contentEncoding?.lowercased() == "gzip"
        let acceptsGzip = acceptEncoding?.lowercased().contains("gzip") ?? false
        if isGzip, !acceptsGzip {
            var compressed = ByteBuffer(bytes: bytes)
            if let plain = try? compressed.decompress(with: .gzip(), maxSize: limit) {
                // Transcoded: no Content-Encoding, no length (chunked), ranges ignored.
                let body = ResponseBody(asyncSequence: SingleBuffer(buffer: plain))
                return Response(status: .ok, headers: headers, body: body)
            }
        }
        if let encoding = object.contentEncoding, encoding != "identity" { headers[.contentEncoding] = encoding }
        if let range, let bounds = byteRange(range, size: bytes.count) {
            guard let bounds = bounds else {
                headers[.contentRange] = "bytes */\(bytes.count)"
                return Responses.error(.rangeNotSatisfiable, "Requested range not satisfiable.", headers: headers)
            }
            headers[.contentRange] = "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(bytes.count)"
            return Response(
                status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes[bounds])))
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `{stored disposition or "attachment"}; filename*={RFC 5987 last segment}`,
    /// or the stored disposition as is when it already names a file.
    static func contentDisposition(_ object: StoredObject) -> String {
        if let stored = object.contentDisposition, stored.contains("filename") { return stored }
        return (object.contentDisposition ?? "attachment") + "; filename*=" + rfc5987(object.lastPathComponent)
    }

    static func rfc5987(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$&+-.^_`|~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A single `bytes=` range: `nil` if the header is not one (ignored),
    /// `.some(nil)` if it cannot be satisfied.
    static func byteRange(_ header: String, size: Int) -> Range<Int>?? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix >= 0 else { return nil }
            guard suffix > 0, size > 0 else { return .some(nil) }
            return .some(max(0, size - suffix)..<size)
        }
        guard let start = Int(parts[0]), start >= 0 else { return nil }
        let end: Int
        if parts[1].isEmpty {
            end = size - 1
        } else {
            guard let last = Int(parts[1]), last >= start else { return nil }
            end = min(last, size - 1)
        }
        guard start < size else { return .some(nil) }
        return .some(start..<(end + 1))
    }
}

/// One buffer as an async sequence, so the response is sent chunked.
struct SingleBuffer: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let buffer: ByteBuffer

    struct AsyncIterator: AsyncIteratorProtocol {
        var buffer: ByteBuffer?
        mutating func next() async -> ByteBuffer? {
            defer { buffer = nil }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffer: buffer) }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
