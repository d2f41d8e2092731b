import Foundation
import HTTPTypes
import Hummingbird
import StorageSimulator

/// A `multipart/form-data` body: its text fields and its one file part.
struct FormData: Sendable {
    /// Field values by name as sent (the first of repeated names wins).
    var fields: [(name: String, value: String)] = []
    /// The file part's bytes and file name, if there is one.
    var file: (bytes: [UInt8], filename: String?)?

    /// Parses `body`; each part needs `Content-Disposition: form-data; name="..."`.
    init(contentType: String, body: [UInt8]) throws(MultipartRelated.ParseError) {
        guard let boundary = MultipartRelated.boundary(in: contentType), !boundary.isEmpty else {
            throw MultipartRelated.ParseError(message: "Bad content type. \(contentType)")
        }
        for part in MultipartRelated.split(body, boundary: Array(("--" + boundary).utf8)) {
            guard let headerEnd = MultipartRelated.find([13, 10, 13, 10], in: Array(part), from: 0) else {
                throw MultipartRelated.ParseError(message: "Failed to parse multipart/form-data: a part has no headers.")
            }
            let headers = String(decoding: part.prefix(headerEnd), as: UTF8.self)
            let value = Array(part.dropFirst(headerEnd + 4))
            guard let disposition = Self.header("content-disposition", in: headers),
                let name = Self.parameter("name", in: disposition)
            else {
                throw MultipartRelated.ParseError(message: "Failed to parse multipart/form-data: a part has no name.")
            }
            if let filename = Self.parameter("filename", in: disposition) {
                if file == nil { file = (value, filename) }
            } else if name == "file" {
                if file == nil { file = (value, nil) }
            } else {
                fields.append((name, String(decoding: value, as: UTF8.self)))
            }
        }
    }

    /// The first field with this name, compared without case.
    func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    private static func header(_ name: String, in headers: String) -> String? {
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }
}

extension CloudStorageAPI {
    /// `POST /{bucket}`: a signed POST-policy form upload (the policy and
    /// signature are not checked, as in the Firebase emulator). Fields `key`
    /// (`${filename}` is replaced), `Content-Type`, `Cache-Control`,
    /// `Content-Disposition`, `Content-Encoding`, `Content-Language` and
    /// `x-goog-meta-*`; answers `204`.
    func formUpload(_ bucket: String, request: Request) async throws -> Response {
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/form-data") else {
            return Responses.text("Content-Type must be multipart/form-data", status: .badRequest)
        }
        let bytes = try await body(request)
        let form: FormData
        do {
            form = try FormData(contentType: contentType, body: bytes)
        } catch {
            return Responses.text(error.message, status: .badRequest)
        }
        guard let key = form.field("key"), !key.isEmpty, let file = form.file else {
            return Responses.text("Missing 'key' or file.", status: .badRequest)
        }
        let name = key.replacingOccurrences(of: "${filename}", with: file.filename ?? "")
        var custom: [String: String] = [:]
        for field in form.fields where field.name.lowercased().hasPrefix("x-goog-meta-") {
            custom[String(field.name.dropFirst("x-goog-meta-".count))] = field.value
        }
        let attributes = ObjectAttributes(
            contentType: form.field("Content-Type"), cacheControl: form.field("Cache-Control"),
            contentDisposition: form.field("Content-Disposition"), contentEncoding: form.field("Content-Encoding"),
            contentLanguage: form.field("Content-Language"), customMetadata: custom.isEmpty ? nil : custom)
        do {
            try admin.write(file.bytes, bucket: bucket, path: name, attributes: attributes)
            return Responses.empty(.noContent)
        } catch {
            return failure(error, bucket: bucket, name: name)
        }
    }
}
