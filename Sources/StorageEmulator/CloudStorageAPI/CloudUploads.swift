import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StorageSimulator

/// Uploads through `/upload/storage/v1/b/{bucket}/o` (storage-service.md
/// §3.5): media, multipart, and resumable in as many chunks as the client
/// likes, with `308 Resume Incomplete` and a `Range` header between chunks
/// as GCS answers (the Firebase emulator stores only the first chunk; see
/// docs/divergences.md).
struct CloudResumableUploads: Sendable {
    let state: EmulatorState

    private static let uploadIDHeader = HTTPField.Name("X-GUploader-UploadID")!
    private static let uploadContentType = HTTPField.Name("X-Upload-Content-Type")!
    private static let uploadProtocol = HTTPField.Name("X-Goog-Upload-Protocol")!
    private static let conditionNames = [
        "ifGenerationMatch", "ifGenerationNotMatch", "ifMetagenerationMatch", "ifMetagenerationNotMatch",
    ]

    /// `POST`: a media or multipart upload, or the start of a resumable one.
    func start(_ bucket: String, query: QueryParameters, request: Request) async throws -> Response {
        let conditions = try GenerationConditionsParsing.conditions(query)
        let kind = query["uploadType"] ?? request.headers[Self.uploadProtocol] ?? "media"
        let body = try await api.body(request)
        switch kind {
        case "resumable":
            let metadata = try CloudMetadataInput(json: body)
            guard let name = query["name"] ?? metadata.name, !name.isEmpty else {
                return CloudStorageErrors.badRequest("Missing object name.")
            }
            let attributes = metadata.attributes(defaultContentType: request.headers[Self.uploadContentType])
            let session = state.uploads.start(
                bucket: bucket, name: name, attributes: attributes, caller: .admin,
                spoolThreshold: state.configuration.spoolThresholdBytes)
            var location = CloudStorageAPI.host(request) + "/upload/storage/v1/b/\(PathEncoding.component(bucket))/o"
            location += "?name=\(PathEncoding.component(name))&uploadType=resumable&upload_id=\(session.id)"
            for key in Self.conditionNames { if let value = query[key] { location += "&\(key)=\(value)" } }
            var headers = HTTPFields()
            headers[.location] = location
            headers[Self.uploadIDHeader] = session.id
            return Responses.empty(.ok, headers: headers)
        case "multipart":
            let parts: MultipartRelated
            do {
                parts = try MultipartRelated.parse(contentType: request.headers[.contentType], body: body)
            } catch {
                return CloudStorageErrors.badRequest(error.message)
            }
            let metadata = try CloudMetadataInput(json: parts.metadata)
            guard let name = query["name"] ?? metadata.name, !name.isEmpty else {
                return CloudStorageErrors.badRequest("Missing object name.")
            }
            let fallbackType = request.headers[Self.uploadContentType] ?? parts.dataContentType
            let attributes = metadata.attributes(defaultContentType: fallbackType)
            return commit(parts.data, bucket: bucket, name: name, attributes: attributes, conditions: conditions, request: request)
        default:
            guard let name = query["name"], !name.isEmpty else { return CloudStorageErrors.badRequest("Missing object name.") }
            let attributes = ObjectAttributes(contentType: request.headers[.contentType])
            return commit(body, bucket: bucket, name: name, attributes: attributes, conditions: conditions, request: request)
        }
    }

    /// `PUT` on a session URL: one chunk (`Content-Range: bytes a-b/total`
    /// or `/*`), a status query (`bytes */total`), or the whole content.
    func put(query: QueryParameters, request: Request) async throws -> Response {
        guard let id = query["upload_id"], let session = state.uploads.session(id) else {
            return CloudStorageErrors.response(.notFound, "No such upload session.", reason: "notFound")
        }
        let body = try await api.body(request)
        let range = try ContentRange(request.headers[.contentRange], bodyCount: body.count)
        let conditions = try GenerationConditionsParsing.conditions(query)
        return try session.withStatus { status -> Response in
            switch status {
            case .cancelled:
                return CloudStorageErrors.response(.notFound, "The upload session was cancelled.", reason: "notFound")
            case .final(let code, let text):
                return Response(
                    status: HTTPResponse.Status(code: code),
                    headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
            case .active:
                break
            }
            let received = session.staging.count
            let limit = state.configuration.maximumBodyBytes
            let tooLarge = CloudStorageErrors.response(
                .contentTooLarge, "The upload is larger than \(limit) bytes.", reason: "uploadTooLarge")
            if let total = range.total, total > limit { return tooLarge }
            if let first = range.first {
                guard first <= received else {
                    return CloudStorageErrors.badRequest(
                        "Invalid request. According to the Content-Range header, the upload offset is \(first) byte(s), which exceeds already uploaded size of \(received) byte(s).")
                }
                // A retried chunk may overlap what already arrived: keep only the new bytes.
                let overlap = received - first
                if overlap < body.count {
                    guard received + (body.count - overlap) <= limit else { return tooLarge }
                    try session.staging.append(ByteBuffer(bytes: body[overlap...]))
                }
            } else if range.total == nil {
                guard received + body.count <= limit else { return tooLarge }
                try session.staging.append(ByteBuffer(bytes: body))
            }
            let size = session.staging.count
            if let total = range.total ?? (range.first == nil && range.isQuery == false ? size : nil) {
                guard size <= total else {
                    return CloudStorageErrors.badRequest("The upload is longer (\(size) bytes) than its declared size (\(total) bytes).")
                }
                if size == total {
                    let bytes = try session.staging.contents()
                    let (code, json) = api.outcome(session.bucket, session.name, request: request) {
                        () throws(AdminWriteFailure) in
                        try state.simulator.admin.write(
                            bytes, bucket: session.bucket, path: session.name, attributes: session.attributes,
                            conditions: conditions)
                    }
                    status = .final(status: code.code, body: json.text)
                    session.staging.discard()
                    return Responses.json(json, status: code)
                }
            }
            var headers = HTTPFields()
            headers[Self.uploadIDHeader] = session.id
            if size > 0 { headers[.range] = "bytes=0-\(size - 1)" }
            return Response(status: HTTPResponse.Status(code: 308, reasonPhrase: "Resume Incomplete"), headers: headers)
        }
    }

    /// `DELETE` on a session URL: cancels it (`499`, as GCS answers).
    func cancel(query: QueryParameters) -> Response {
        guard let id = query["upload_id"], let session = state.uploads.session(id) else {
            return CloudStorageErrors.response(.notFound, "No such upload session.", reason: "notFound")
        }
        session.withStatus { status in
            if case .active = status {
                status = .cancelled
                session.staging.discard()
            }
        }
        return Responses.empty(HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request"))
    }

    private var api: CloudStorageAPI { CloudStorageAPI(state: state) }

    private func commit(
        _ bytes: [UInt8], bucket: String, name: String, attributes: ObjectAttributes, conditions: GenerationConditions,
        request: Request
    ) -> Response {
        api.respond(bucket, name, request: request) { () throws(AdminWriteFailure) in
            try state.simulator.admin.write(bytes, bucket: bucket, path: name, attributes: attributes, conditions: conditions)
        }
    }
}

/// A `Content-Range` request header of a resumable chunk.
struct ContentRange {
    /// The offset of the chunk's first byte (`nil`: a status query or no header).
    var first: Int?
    /// The total size, once the client knows it.
    var total: Int?
    /// `bytes */...`: no bytes, only a question or a finalize.
    var isQuery = false

    init(_ header: String?, bodyCount: Int) throws(EmulatorHTTPError) {
        guard let header else { return }
        let invalid = EmulatorHTTPError(.badRequest, "Invalid Content-Range header: \(header)")
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { throw invalid }
        let spec = trimmed.dropFirst(6).split(separator: "/", maxSplits: 1)
        guard spec.count == 2 else { throw invalid }
        if spec[1] != "*" {
            guard let total = Int(spec[1]), total >= 0 else { throw invalid }
            self.total = total
        }
        if spec[0] == "*" {
            isQuery = true
            return
        }
        let bounds = spec[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, last >= first,
            // `last - first + 1` would trap for `0-9223372036854775807`.
            last - first == bodyCount - 1
        else { throw invalid }
        self.first = first
    }
}
