import Foundation
import HTTPTypes
import Hummingbird
import StorageSimulator

/// The Google Cloud Storage JSON API subset (storage-service.md §1.7, §1.8,
/// §3.5, §3.8) on the admin path: no rules are asked, as in the Firebase
/// emulator. Routes are served with and without the `/storage/v1` prefix,
/// plus `/upload/...`, `/download/...` and public-URL downloads, so that
/// `google-cloud-storage`, `firebase-admin` and `gcsfs` work unchanged with
/// `STORAGE_EMULATOR_HOST`.
public struct CloudStorageRoutes: EmulatorRouteGroup {
    /// Creates the group.
    public init() {}

    /// Adds the routes.
    public func register(on router: Router<EmulatorRequestContext>, state: EmulatorState) {
        let api = CloudStorageAPI(state: state)
        let handler: @Sendable (Request, EmulatorRequestContext) async throws -> Response = { request, context in
            context.record.note = "admin (Cloud Storage API, no rules)"
            return try await api.handle(request)
        }
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]
        for path in [
            "/b", "/b/**", "/storage/v1/b", "/storage/v1/b/**", "/upload/storage/v1/b/**", "/download/storage/v1/b/**",
            "/{bucket}/**", "/{bucket}",
        ] {
            for method in methods { router.on(RouterPath(path), method: method, use: handler) }
        }
    }
}

/// The handlers behind ``CloudStorageRoutes``.
struct CloudStorageAPI: Sendable {
    let state: EmulatorState
    let uploads: CloudResumableUploads

    init(state: EmulatorState) {
        self.state = state
        self.uploads = CloudResumableUploads(state: state)
    }

    var admin: StorageAdmin { state.simulator.admin }

    func handle(_ request: Request) async throws -> Response {
        do {
            let query = try QueryParameters(request.uri.query)
            guard let path = try CloudStoragePath.parse(request.uri.path) else {
                return try await publicURL(request)
            }
            return try await route(path, request: request, query: query)
        } catch let error as EmulatorHTTPError {
            return error.response
        }
    }

    private func route(_ path: CloudStoragePath, request: Request, query: QueryParameters) async throws -> Response {
        let method = request.method
        switch (path, method) {
        case (.buckets, .get): return listBuckets(request)
        case (.buckets, .post): return try await createBucket(request)
        case (.bucket(let bucket), .get): return getBucket(bucket, request: request)
        case (.objects(let bucket), .get): return try list(bucket, query: query, request: request)
        case (.object(let bucket, let name), .get): return try get(bucket, name, query: query, request: request, media: false)
        case (.download(let bucket, let name), .get): return try get(bucket, name, query: query, request: request, media: true)
        case (.object(let bucket, let name), .patch): return try await patch(bucket, name, query: query, request: request, replace: false)
        case (.object(let bucket, let name), .put): return try await patch(bucket, name, query: query, request: request, replace: true)
        case (.object(let bucket, let name), .delete): return try delete(bucket, name, query: query)
        case (.acl(let bucket, let name), .post): return acl(bucket, name, request: request)
        case (.copy(let bucket, let name, let toBucket, let toName, let rewrite), .post):
            return try await copy(
                from: (bucket, name), to: (toBucket, toName), rewrite: rewrite, query: query, request: request)
        // gcsfs sends the chunks of a resumable session with POST, other clients with PUT.
        case (.upload, .post) where query.contains("upload_id"): return try await uploads.put(query: query, request: request)
        case (.upload(let bucket), .post): return try await uploads.start(bucket, query: query, request: request)
        case (.upload, .put): return try await uploads.put(query: query, request: request)
        case (.upload, .delete): return uploads.cancel(query: query)
        default: return CloudStorageErrors.unsupportedRequest()
        }
    }

    /// `scheme://host:port` as the client addressed the server.
    static func host(_ request: Request) -> String {
        "http://" + (request.head.authority ?? "127.0.0.1")
    }

    /// Reads the whole body, up to the configured limit.
    func body(_ request: Request) async throws -> [UInt8] {
        let buffer = try await request.body.collect(upTo: state.configuration.maximumBodyBytes)
        return Array(buffer: buffer)
    }
}
