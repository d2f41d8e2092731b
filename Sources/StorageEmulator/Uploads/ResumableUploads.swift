import Foundation
import HTTPTypes
import Hummingbird
import StorageSimulator

/// The v0 resumable upload protocol (storage-service.md §3.1): `start`,
/// `upload` in any number of chunks, `query`, `cancel` and `finalize`, with
/// the `X-Goog-Upload-*` headers the SDKs read.
struct ResumableUploads: Sendable {
    let api: FirebaseAPI

    static let status = HTTPField.Name("x-goog-upload-status")!
    static let uploadID = HTTPField.Name("x-gupload-uploadid")!
    static let uploadURL = HTTPField.Name("x-goog-upload-url")!
    static let granularity = HTTPField.Name("x-goog-upload-chunk-granularity")!
    static let controlURL = HTTPField.Name("x-goog-upload-control-url")!
    static let sizeReceived = HTTPField.Name("X-Goog-Upload-Size-Received")!
    static let offset = HTTPField.Name("X-Goog-Upload-Offset")!

    func handle(
        _ request: Request, _ context: EmulatorRequestContext, address: ObjectAddress, query: QueryParameters
    ) async throws -> Response {
        let commands = Set(
            (request.headers[FirebaseAPI.uploadCommand] ?? "").lowercased().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) })
        if commands.contains("start") { return try await start(request, context, address: address, query: query) }
        guard let id = query["upload_id"] else {
            return Responses.error(.badRequest, "The upload_id parameter is required.")
        }
        guard let session = api.state.uploads.session(id) else {
            return Responses.error(.notFound, "No upload session \(id).")
        }
        if commands.contains("query") { return queryResponse(session) }
        if commands.contains("cancel") { return cancel(session) }
        let uploads = commands.contains("upload")
        let finalizes = commands.contains("finalize")
        guard uploads || finalizes else {
            return Responses.error(.badRequest, "Unknown upload command: \(request.headers[FirebaseAPI.uploadCommand] ?? "").")
        }
        if uploads {
            switch session.status {
            case .cancelled:
                return Responses.error(.badRequest, "The upload was cancelled.", headers: headers(session))
            case .final(let status, let body):
                if finalizes { return finalAgain(session, status: status, body: body) }
                return Responses.error(.badRequest, "The upload is already finalized.", headers: headers(session))
            case .active: break
            }
            if let offsetText = request.headers[Self.offset], let offset = Int(offsetText), offset != session.staging.count {
                return Responses.error(
                    .badRequest, "Upload offset \(offset) does not match the \(session.staging.count) bytes received.",
                    headers: headers(session))
            }
            try await api.stream(request, into: session.staging)
        }
        if finalizes { return finalize(session, context) }
        return Responses.empty(.ok, headers: headers(session))
    }

    private func start(
        _ request: Request, _ context: EmulatorRequestContext, address: ObjectAddress, query: QueryParameters
    ) async throws -> Response {
        guard let name = address.name ?? query["name"], !name.isEmpty else {
            return Responses.error(.badRequest, "An object name is required (path or `name` parameter).")
        }
        try ObjectAddress.check(name)
        let body = try await api.collect(request, limit: 1024 * 1024)
        let attributes = MetadataInput.attributes(try MetadataInput.object(String(decoding: body, as: UTF8.self)))
        let caller = RequestCaller.caller(authorization: request.headers[.authorization])
        let session = api.state.uploads.start(
            bucket: address.bucket, name: name, attributes: attributes, caller: caller,
            spoolThreshold: api.state.configuration.spoolThresholdBytes)
        var fields = headers(session)
        fields[Self.granularity] = "10000"
        fields[Self.controlURL] = ""
        let host = request.head.authority ?? "\(api.state.configuration.host):\(api.state.configuration.port)"
        let encodedName = name.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? name
        let encodedBucket = address.bucket.addingPercentEncoding(withAllowedCharacters: .urlPathSegmentAllowed) ?? address.bucket
        fields[Self.uploadURL] =
            "http://\(host)/v0/b/\(encodedBucket)/o?name=\(encodedName)&upload_id=\(session.id)&upload_protocol=resumable"
        return Responses.empty(.ok, headers: fields)
    }

    private func queryResponse(_ session: UploadSession) -> Response {
        Responses.empty(.ok, headers: headers(session))
    }

    private func cancel(_ session: UploadSession) -> Response {
        let cancelled: Bool = session.withStatus { status in
            switch status {
            case .final: return false
            case .active, .cancelled:
                status = .cancelled
                return true
            }
        }
        guard cancelled else {
            return Responses.error(.badRequest, "The upload is already finalized.", headers: headers(session))
        }
        session.staging.discard()
        return Responses.empty(.ok, headers: headers(session))
    }

    /// Commits the session once; a repeated finalize answers what the first got.
    private func finalize(_ session: UploadSession, _ context: EmulatorRequestContext) -> Response {
        enum Step {
            case again(Int, String)
            case cancelled
            case commit(Response)
            case unreadable(String)
        }
        let step: Step = session.withStatus { status in
            switch status {
            case .final(let code, let body): return .again(code, body)
            case .cancelled: return .cancelled
            case .active:
                // A spool file that cannot be read back must not commit an empty or short object.
                let bytes: [UInt8]
                do {
                    bytes = try session.staging.contents()
                } catch {
                    return .unreadable("\(error)")
                }
                guard bytes.count == session.staging.count else {
                    return .unreadable("read \(bytes.count) of \(session.staging.count) bytes")
                }
                let response = api.commit(
                    bucket: session.bucket, name: session.name, bytes: bytes, attributes: session.attributes,
                    caller: session.caller, context)
                status = .final(status: response.status.code, body: "")
                return .commit(response)
            }
        }
        switch step {
        case .again(let code, let body): return finalAgain(session, status: code, body: body)
        case .cancelled: return Responses.error(.badRequest, "The upload was cancelled.", headers: headers(session))
        case .unreadable(let reason):
            return Responses.error(
                .internalServerError, "The upload's received bytes could not be read back: \(reason)", headers: headers(session))
        case .commit(var response):
            session.staging.discard()
            response.headers[Self.status] = "final"
            response.headers[Self.uploadID] = session.id
            return response
        }
    }

    private func finalAgain(_ session: UploadSession, status: Int, body: String) -> Response {
        let code = HTTPResponse.Status(code: status)
        let text = status == 200 ? "The upload is already finalized." : "Permission denied. No WRITE permission."
        return Responses.text(text, status: code, headers: headers(session))
    }

    private func headers(_ session: UploadSession) -> HTTPFields {
        var fields = HTTPFields()
        fields[Self.status] = session.status.headerValue
        fields[Self.uploadID] = session.id
        fields[Self.sizeReceived] = String(session.staging.count)
        return fields
    }
}

extension CharacterSet {
    /// Characters left alone in a query value.
    static let urlQueryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#/"))
    /// Characters left alone in a path segment.
    static let urlPathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
}
