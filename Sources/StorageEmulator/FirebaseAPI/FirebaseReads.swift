import Foundation
import Hummingbird
import StorageSimulator

/// v0 reads: metadata, media and list.
extension FirebaseAPI {
    /// `GET /v0/b/{bucket}/o/{object}`: metadata, or the bytes with `alt=media`.
    func get(_ request: Request, _ context: EmulatorRequestContext) async throws -> Response {
        let address = try ObjectAddress(path: request.uri.path)
        let query = try QueryParameters(request.uri.query)
        guard let name = address.name else { throw EmulatorHTTPError(.notFound, "Not Found.") }
        let service = serviceRequest(request, context)
        let result: Authorized<ObjectContent>
        do {
            result = try state.service.read(
                bucket: address.bucket, path: name, downloadToken: query["token"], request: service)
        } catch {
            return failure(error, .read, bucket: address.bucket, context)
        }
        record(result.decision, bucket: address.bucket, context)
        if result.decision == nil, query["token"] != nil, context.record.note == nil {
            context.record.note = "download token (rules skipped)"
        }
        // A v0 read gives the object a download token if it has none (a metadata change).
        var object = result.value.object
        if object.downloadTokens.isEmpty,
            let updated = state.service.ensureDownloadToken(bucket: address.bucket, path: name, time: service.time)
        {
            object = updated
        }
        if query["alt"] == "media" {
            return MediaResponse.make(
                object: object, bytes: result.value.bytes, range: request.headers[.range],
                acceptEncoding: request.headers[.acceptEncoding], limit: state.configuration.maximumBodyBytes)
        }
        return metadataResponse(object)
    }

    /// `GET /v0/b/{bucket}/o`: one page of a listing, v0-filtered.
    func list(_ request: Request, _ context: EmulatorRequestContext) async throws -> Response {
        let address = try ObjectAddress(path: request.uri.path)
        let query = try QueryParameters(request.uri.query)
        let prefix = query["prefix"] ?? ""
        if !prefix.isEmpty, !prefix.hasSuffix("/") {
            return Responses.error(
                .badRequest, "The prefix parameter is required to be empty or ends with a single / character.")
        }
        var maxResults = 1000
        if let text = query["maxResults"] {
            guard let number = Int(text) else {
                return Responses.error(.badRequest, "maxResults must be an integer. Received: \(text).")
            }
            maxResults = number
        }
        let page: Authorized<ListPage>
        do {
            page = try state.service.list(
                bucket: address.bucket, prefix: prefix, delimiter: query["delimiter"] ?? "",
                pageToken: query["pageToken"].flatMap { $0.isEmpty ? nil : $0 }, maxResults: maxResults,
                request: serviceRequest(request, context))
        } catch {
            return failure(error, .list, bucket: address.bucket, context)
        }
        record(page.decision, bucket: address.bucket, context)
        var fields: [(String, JSONOutput)] = []
        if let token = page.value.nextPageToken { fields.append(("nextPageToken", .string(token))) }
        fields.append(("prefixes", .array(page.value.prefixes.map { .string($0) })))
        fields.append(
            ("items", .array(page.value.items.map { .object([("name", .string($0)), ("bucket", .string(address.bucket))]) })))
        return Responses.json(.object(fields))
    }
}
