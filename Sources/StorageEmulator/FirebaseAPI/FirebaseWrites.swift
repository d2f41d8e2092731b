import Foundation
import HTTPTypes
import Hummingbird
import RulesEngine
import StorageSimulator

/// v0 writes: upload dispatch, media and multipart uploads, metadata
/// updates, deletes and the download-token admin calls.
extension FirebaseAPI {
    /// `POST`/`PUT` on `/v0/b/{bucket}/o[/{object}]`, in the Firebase
    /// emulator's decision order (storage-service.md §3.1): token calls,
    /// resumable (a protocol header or any upload command), then multipart or media.
    func upload(_ request: Request, _ context: EmulatorRequestContext) async throws -> Response {
        let address = try ObjectAddress(path: request.uri.path)
        let query = try QueryParameters(request.uri.query)
        if query.contains("create_token") || query.contains("delete_token") {
            return try tokenCall(request, context, address: address, query: query)
        }
        let uploadProtocol = request.headers[Self.uploadProtocol]?.lowercased()
        if uploadProtocol == "resumable" || request.headers[Self.uploadCommand] != nil {
            return try await ResumableUploads(api: self).handle(request, context, address: address, query: query)
        }
        guard let name = address.name ?? query["name"], !name.isEmpty else {
            return Responses.error(.badRequest, "An object name is required (path or `name` parameter).")
        }
        try ObjectAddress.check(name)
        let caller = RequestCaller.caller(authorization: request.headers[.authorization])
        if uploadProtocol == "multipart" {
            let body = try await collect(request)
            let parts: MultipartRelated
            do {
                parts = try MultipartRelated.parse(contentType: request.headers[.contentType], body: body)
            } catch {
                return Responses.error(.badRequest, error.message)
            }
            var attributes = MetadataInput.attributes(
                try MetadataInput.object(String(decoding: parts.metadata, as: UTF8.self)))
            if attributes.contentType == nil { attributes.contentType = parts.dataContentType }
            return commit(bucket: address.bucket, name: name, bytes: parts.data, attributes: attributes, caller: caller, context)
        }
        let staging = UploadStaging(spoolThreshold: state.configuration.spoolThresholdBytes)
        defer { staging.discard() }
        try await stream(request, into: staging)
        let attributes = ObjectAttributes(contentType: request.headers[.contentType])
        return commit(
            bucket: address.bucket, name: name, bytes: try staging.contents(), attributes: attributes, caller: caller, context)
    }

    /// Commits an upload as `create` and answers with the metadata JSON.
    func commit(
        bucket: String, name: String, bytes: [UInt8], attributes: ObjectAttributes, caller: ServiceCaller,
        _ context: EmulatorRequestContext, headers: HTTPFields = [:]
    ) -> Response {
        do {
            let result = try state.service.upload(
                bucket: bucket, path: name, bytes: bytes, attributes: attributes,
                request: serviceRequest(caller: caller, context))
            record(result.decision, bucket: bucket, context)
            return metadataResponse(result.value, headers: headers)
        } catch {
            return failure(error, .write, bucket: bucket, context, headers: headers)
        }
    }

    /// `PATCH` (or `PUT` with `X-HTTP-Method-Override: PATCH`): a metadata update.
    func patch(_ request: Request, _ context: EmulatorRequestContext) async throws -> Response {
        let address = try ObjectAddress(path: request.uri.path)
        guard let name = address.name else { throw EmulatorHTTPError(.notFound, "Not Found.") }
        let body = try await collect(request, limit: 1024 * 1024)
        let patch = MetadataInput.patch(try MetadataInput.object(String(decoding: body, as: UTF8.self)))
        do {
            let result = try state.service.updateMetadata(
                bucket: address.bucket, path: name, patch: patch, request: serviceRequest(request, context))
            record(result.decision, bucket: address.bucket, context)
            var headers = HTTPFields()
            let object = result.value
            if let value = object.contentDisposition { headers[.contentDisposition] = value }
            // Not Content-Encoding: on a JSON body it would make clients try to decode it (see docs/divergences.md).
            if let value = object.cacheControl { headers[.cacheControl] = value }
            if let value = object.contentLanguage { headers[.contentLanguage] = value }
            return metadataResponse(object, headers: headers)
        } catch {
            return failure(error, .write, bucket: address.bucket, context)
        }
    }

    /// `DELETE /v0/b/{bucket}/o/{object}`: 204.
    func delete(_ request: Request, _ context: EmulatorRequestContext) async throws -> Response {
        let address = try ObjectAddress(path: request.uri.path)
        guard let name = address.name else { throw EmulatorHTTPError(.notFound, "Not Found.") }
        do {
            let result = try state.service.delete(bucket: address.bucket, path: name, request: serviceRequest(request, context))
            record(result.decision, bucket: address.bucket, context)
            return Responses.empty(.noContent)
        } catch {
            return failure(error, .write, bucket: address.bucket, context)
        }
    }

    /// `?create_token=true` / `?delete_token=T`: admin only.
    func tokenCall(
        _ request: Request, _ context: EmulatorRequestContext, address: ObjectAddress, query: QueryParameters
    ) throws -> Response {
        guard case .admin = RequestCaller.caller(authorization: request.headers[.authorization]) else {
            return Responses.error(.forbidden, "Missing admin credentials.")
        }
        context.record.note = "admin (token call)"
        guard let name = address.name ?? query["name"] else { throw EmulatorHTTPError(.notFound, "Not Found.") }
        let time = Timestamp.now()
        let updated: StoredObject?
        if let create = query["create_token"] {
            guard create == "true" else {
                return Responses.error(.badRequest, "create_token must be set to 'true'. Received: \(create).")
            }
            updated = state.service.addDownloadToken(bucket: address.bucket, path: name, time: time)
        } else {
            updated = state.service.removeDownloadToken(
                bucket: address.bucket, path: name, token: query["delete_token"] ?? "", time: time)
        }
        guard let updated else { return Responses.error(.notFound, "Not Found.") }
        return metadataResponse(updated)
    }

    /// The whole body, up to `limit` (default: the configured body limit).
    func collect(_ request: Request, limit: Int? = nil) async throws -> [UInt8] {
        let maximum = limit ?? state.configuration.maximumBodyBytes
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximum)
        } catch {
            throw EmulatorHTTPError(.contentTooLarge, "The request body is larger than \(maximum) bytes.")
        }
        return Array(buffer.readableBytesView)
    }

    /// Streams the body into `staging`, refusing it past the body limit.
    func stream(_ request: Request, into staging: UploadStaging) async throws {
        let maximum = state.configuration.maximumBodyBytes
        for try await buffer in request.body {
            guard staging.count + buffer.readableBytes <= maximum else {
                throw EmulatorHTTPError(.contentTooLarge, "The upload is larger than \(maximum) bytes.")
            }
            try staging.append(buffer)
        }
    }
}
