import Foundation
import HTTPTypes
import Hummingbird
import RulesEngine
import StorageSimulator

/// Object and bucket reads and changes of the GCS JSON API.
extension CloudStorageAPI {
    func listBuckets(_ request: Request) -> Response {
        let host = Self.host(request)
        let now = Timestamp.now()
        let items = admin.bucketNames.map { CloudStorageJSON.bucket($0, host: host, created: now) }
        return Responses.json(.object([("kind", .string("storage#buckets")), ("items", .array(items))]))
    }

    /// `POST /b` with `{"name": ...}`: creates the bucket (no-op if it exists).
    func createBucket(_ request: Request) async throws -> Response {
        let parsed = (try? JSONSerialization.jsonObject(with: Data(try await body(request)))) as? [String: Any]
        guard let name = parsed?["name"] as? String, !name.isEmpty else {
            return CloudStorageErrors.badRequest("Missing bucket name.")
        }
        return getBucket(name, request: request)
    }

    func getBucket(_ bucket: String, request: Request) -> Response {
        admin.createBucket(bucket)
        return Responses.json(CloudStorageJSON.bucket(bucket, host: Self.host(request), created: Timestamp.now()))
    }

    func list(_ bucket: String, query: QueryParameters, request: Request) throws -> Response {
        var listing = ListingQuery(prefix: query["prefix"] ?? "", delimiter: query["delimiter"] ?? "")
        if let text = query["maxResults"] {
            guard let maxResults = Int(text), maxResults > 0 else {
                return CloudStorageErrors.badRequest("Invalid value for maxResults: \(text)")
            }
            listing.maxResults = min(maxResults, 1000)
        }
        listing.pageToken = query["pageToken"].flatMap { $0.isEmpty ? nil : $0 }
        admin.createBucket(bucket)
        do {
            let page = try admin.list(bucket: bucket, listing)
            return Responses.json(
                CloudStorageJSON.list(
                    page.items, prefixes: page.prefixes, nextPageToken: page.nextPageToken, host: Self.host(request)))
        } catch {
            return CloudStorageErrors.badRequest(error.message)
        }
    }

    func get(_ bucket: String, _ name: String, query: QueryParameters, request: Request, media: Bool) throws -> Response {
        let conditions = try GenerationConditionsParsing.conditions(query)
        let wantsMedia = media || query["alt"] == "media"
        guard let (object, bytes) = admin.content(bucket: bucket, path: name),
            query["generation"].map({ $0 == String(object.generation) }) ?? true
        else {
            return wantsMedia
                ? CloudStorageErrors.noSuchObjectText(bucket: bucket, name: name)
                : CloudStorageErrors.noSuchObject(bucket: bucket, name: name)
        }
        guard conditions.hold(for: object) else {
            if let excluded = conditions.ifGenerationNotMatch, excluded == object.generation {
                return Responses.empty(.notModified)
            }
            return CloudStorageErrors.preconditionFailed()
        }
        if wantsMedia {
            return MediaResponse.make(
                object: object, bytes: bytes, range: request.headers[.range], acceptEncoding: request.headers[.acceptEncoding],
                limit: state.configuration.maximumBodyBytes)
        }
        return Responses.json(CloudStorageJSON.object(object, host: Self.host(request)))
    }

    /// PATCH merges the body into the metadata; PUT replaces every writable field.
    func patch(_ bucket: String, _ name: String, query: QueryParameters, request: Request, replace: Bool) async throws -> Response {
        let conditions = try GenerationConditionsParsing.conditions(query)
        var input = try CloudMetadataInput(json: try await body(request))
        if replace {
            for key in CloudMetadataInput.writableFields where input.fields[key] == nil { input.fields[key] = .null }
            if input.custom == .absent { input.custom = .null }
        }
        return respond(bucket, name, request: request) { () throws(AdminWriteFailure) in
            try admin.patch(bucket: bucket, path: name, patch: input.patch, conditions: conditions)
        }
    }

    func delete(_ bucket: String, _ name: String, query: QueryParameters) throws -> Response {
        let conditions = try GenerationConditionsParsing.conditions(query)
        do {
            try admin.remove(bucket: bucket, path: name, conditions: conditions)
            return Responses.empty(.noContent)
        } catch {
            return failure(error, bucket: bucket, name: name)
        }
    }

    /// The ACL call `makePublic()` makes: a no-op that counts as a metadata change.
    func acl(_ bucket: String, _ name: String, request: Request) -> Response {
        do {
            let object = try admin.patch(bucket: bucket, path: name, patch: MetadataPatch())
            let host = Self.host(request)
            let link = "\(host)/storage/v1/b/\(PathEncoding.component(bucket))/o/\(PathEncoding.component(name))/acl/allUsers"
            return Responses.json(
                .object([
                    ("kind", .string("storage#objectAccessControl")), ("object", .string(name)),
                    ("id", .string("\(bucket)/\(name)/\(object.generation)/allUsers")), ("selfLink", .string(link)),
                    ("bucket", .string(bucket)), ("entity", .string("allUsers")), ("role", .string("READER")),
                    ("etag", .string(object.etag)), ("generation", .string(String(object.generation))),
                ]))
        } catch {
            return failure(error, bucket: bucket, name: name)
        }
    }

    /// `copyTo` and `rewriteTo`: the source's fields and custom metadata,
    /// then the body's overrides; the source's download tokens stay unless
    /// the body gives custom metadata.
    func copy(
        from source: (bucket: String, name: String), to destination: (bucket: String, name: String), rewrite: Bool,
        query: QueryParameters, request: Request
    ) async throws -> Response {
        if rewrite, query.contains("rewriteToken") { return CloudStorageErrors.unsupportedRequest() }
        let conditions = try GenerationConditionsParsing.conditions(query)
        let sourceConditions = try GenerationConditionsParsing.conditions(query, source: true)
        let overrides = try CloudMetadataInput(json: try await body(request))
        guard let (object, bytes) = admin.content(bucket: source.bucket, path: source.name),
            query["sourceGeneration"].map({ $0 == String(object.generation) }) ?? true
        else { return CloudStorageErrors.noSuchObject(bucket: source.bucket, name: source.name) }
        guard sourceConditions.hold(for: object) else { return CloudStorageErrors.preconditionFailed() }
        let attributes = Self.copiedAttributes(object, overrides: overrides)
        return respond(destination.bucket, destination.name, request: request, rewrite: rewrite) { () throws(AdminWriteFailure) in
            try admin.write(
                bytes, bucket: destination.bucket, path: destination.name, attributes: attributes, conditions: conditions)
        }
    }

    static func copiedAttributes(_ source: StoredObject, overrides: CloudMetadataInput) -> ObjectAttributes {
        var attributes = ObjectAttributes(
            contentType: source.contentType, cacheControl: source.cacheControl,
            contentDisposition: source.contentDisposition, contentEncoding: source.contentEncoding,
            contentLanguage: source.contentLanguage, customMetadata: source.customMetadata)
        var custom = source.customMetadata
        if case .entries(let entries) = overrides.custom, !entries.isEmpty {
            for (key, value) in entries { custom[key] = value }
        } else if !source.downloadTokens.isEmpty {
            custom["firebaseStorageDownloadTokens"] = source.downloadTokens.joined(separator: ",")
        }
        attributes.customMetadata = custom
        let given = overrides.attributes()
        func override(_ key: String, _ field: WritableKeyPath<ObjectAttributes, String?>) {
            switch overrides.fields[key] {
            case nil: break
            case .null: attributes[keyPath: field] = nil
            case .value: attributes[keyPath: field] = given[keyPath: field]
            }
        }
        override("contentType", \.contentType)
        override("cacheControl", \.cacheControl)
        override("contentDisposition", \.contentDisposition)
        override("contentEncoding", \.contentEncoding)
        override("contentLanguage", \.contentLanguage)
        return attributes
    }

    /// `GET /{bucket}/{name...}`: a public-URL download (the name is the rest
    /// of the path); a missing object is the JSON `notFound` error.
    /// `POST /{bucket}` is a form upload.
    func publicURL(_ request: Request) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).dropFirst()
        let pieces = parts.first?.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false) ?? []
        if request.method == .post, pieces.count == 1 || (pieces.count == 2 && pieces[1].isEmpty), !pieces[0].isEmpty {
            return try await formUpload(try CloudStoragePath.decode(pieces[0]), request: request)
        }
        guard request.method == .get, pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
            return CloudStorageErrors.unsupportedRequest()
        }
        let bucket = try CloudStoragePath.decode(pieces[0])
        let name = try CloudStoragePath.decode(pieces[1])
        guard let (object, bytes) = admin.content(bucket: bucket, path: name) else {
            return CloudStorageErrors.noSuchObject(bucket: bucket, name: name)
        }
        return MediaResponse.make(
            object: object, bytes: bytes, range: request.headers[.range], acceptEncoding: request.headers[.acceptEncoding],
            limit: state.configuration.maximumBodyBytes)
    }

    /// The object resource of a successful write, or the error it met.
    func respond(
        _ bucket: String, _ name: String, request: Request, rewrite: Bool = false,
        _ write: () throws(AdminWriteFailure) -> StoredObject
    ) -> Response {
        let (status, json) = outcome(bucket, name, request: request, rewrite: rewrite, write)
        return Responses.json(json, status: status)
    }

    /// The status and body of a write: the object resource (or the rewrite
    /// response around it), or the error it met.
    func outcome(
        _ bucket: String, _ name: String, request: Request, rewrite: Bool = false,
        _ write: () throws(AdminWriteFailure) -> StoredObject
    ) -> (HTTPResponse.Status, JSONOutput) {
        let object: StoredObject
        do {
            object = try write()
        } catch {
            return Self.failureBody(error, bucket: bucket, name: name)
        }
        let resource = CloudStorageJSON.object(object, host: Self.host(request))
        guard rewrite else { return (.ok, resource) }
        return (
            .ok,
            .object([
                ("kind", .string("storage#rewriteResponse")), ("totalBytesRewritten", .string(String(object.size))),
                ("objectSize", .string(String(object.size))), ("done", .bool(true)), ("resource", resource),
            ])
        )
    }

    func failure(_ error: AdminWriteFailure, bucket: String, name: String) -> Response {
        let (status, json) = Self.failureBody(error, bucket: bucket, name: name)
        return Responses.json(json, status: status)
    }

    static func failureBody(_ error: AdminWriteFailure, bucket: String, name: String) -> (HTTPResponse.Status, JSONOutput) {
        switch error {
        case .notFound: (.notFound, CloudStorageErrors.noSuchObjectJSON(bucket: bucket, name: name))
        case .preconditionFailed: (.preconditionFailed, CloudStorageErrors.preconditionFailedJSON)
        case .invalidName(let message): (.badRequest, CloudStorageErrors.simple(.badRequest, message))
        }
    }
}
