import HTTPTypes
import Hummingbird
import StorageSimulator

/// A media response for an object's bytes (storage-service.md §1.5):
/// GCS's headers, a single byte range, and decompressive transcoding of
/// gzip objects for clients that do not accept gzip.
enum MediaDownload {
    static func response(_ object: StoredObject, bytes: [UInt8], request: Request) -> Response {
        var headers = HTTPFields()
        headers[.acceptRanges] = "bytes"
        headers[.contentType] = object.contentType ?? "application/octet-stream"
        headers[.contentDisposition] = disposition(object)
        headers[.eTag] = object.etag
        if let cacheControl = object.cacheControl { headers[.cacheControl] = cacheControl }
        if let language = object.contentLanguage { headers[.contentLanguage] = language }
        headers[HTTPField.Name("x-goog-generation")!] = String(object.generation)
        headers[HTTPField.Name("x-goog-metageneration")!] = String(object.metageneration)
        headers[HTTPField.Name("x-goog-storage-class")!] = object.storageClass
        headers[HTTPField.Name("x-goog-hash")!] = "crc32c=\(object.crc32c),md5=\(object.md5Hash)"

        let acceptsGzip = request.headers[.acceptEncoding]?.lowercased().contains("gzip") ?? false
        if object.contentEncoding?.lowercased() == "gzip", !acceptsGzip, let plain = Gunzip.decompress(bytes) {
            // Transcoded: no Content-Encoding, and ranges do not apply.
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: plain)))
        }
        if let encoding = object.contentEncoding, encoding != "identity" { headers[.contentEncoding] = encoding }
        guard let rangeHeader = request.headers[.range] else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        guard let range = ByteRange(rangeHeader, size: bytes.count) else {
            headers[.contentRange] = "bytes */\(bytes.count)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(bytes.count)"
        return Response(
            status: .partialContent, headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: bytes[range.lowerBound...range.upperBound])))
    }

    /// The stored disposition, or `attachment`, with the file name added
    /// when the stored value names none.
    static func disposition(_ object: StoredObject) -> String {
        let stored = object.contentDisposition ?? "attachment"
        guard !stored.lowercased().contains("filename") else { return stored }
        return stored + "; filename*=" + rfc5987(object.lastPathComponent)
    }

    /// RFC 5987 value encoding as the emulator applies it (attr-char kept, the rest percent-encoded).
    static func rfc5987(_ text: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        var result = ""
        for byte in text.utf8 {
            if kept.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

/// One `bytes=` range, resolved against the object size (inclusive bounds).
/// `nil` when it is not satisfiable or not a single range.
struct ByteRange {
    let lowerBound: Int
    let upperBound: Int

    init?(_ header: String, size: Int) {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), size > 0 else { return nil }
        let spec = trimmed.dropFirst(6)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            lowerBound = max(0, size - suffix)
            upperBound = size - 1
        } else {
            guard let start = Int(first), start >= 0, start < size else { return nil }
            lowerBound = start
            if last.isEmpty {
                upperBound = size - 1
            } else {
                guard let end = Int(last), end >= start else { return nil }
                upperBound = min(end, size - 1)
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
