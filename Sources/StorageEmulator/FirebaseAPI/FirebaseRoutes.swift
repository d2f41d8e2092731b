import Foundation
import HTTPTypes
import Hummingbird
import RulesEngine
import StorageSimulator

/// The Firebase Storage REST API v0 (`/v0/...`, storage-service.md §1.2),
/// every object request authorized by the bucket's rules.
public struct FirebaseRoutes: EmulatorRouteGroup {
    /// Creates the group.
    public init() {}

    /// Adds the routes.
    public func register(on router: Router<EmulatorRequestContext>, state: EmulatorState) {
        let api = FirebaseAPI(state: state)
        router.get("/v0") { _, _ in Responses.json(.object([("emulator", .string("storage"))])) }
        router.get("/v0/b/:bucket/o") { request, context in try await api.list(request, context) }
        router.get("/v0/b/:bucket/o/**") { request, context in try await api.get(request, context) }
        router.post("/v0/b/:bucket/o") { request, context in try await api.upload(request, context) }
        router.put("/v0/b/:bucket/o") { request, context in try await api.upload(request, context) }
        router.post("/v0/b/:bucket/o/**") { request, context in try await api.upload(request, context) }
        router.put("/v0/b/:bucket/o/**") { request, context in
            if request.headers[FirebaseAPI.methodOverride]?.lowercased() == "patch" {
                return try await api.patch(request, context)
            }
            return try await api.upload(request, context)
        }
        router.patch("/v0/b/:bucket/o/**") { request, context in try await api.patch(request, context) }
        router.delete("/v0/b/:bucket/o/**") { request, context in try await api.delete(request, context) }
    }
}

/// The v0 handlers, over the server's state.
struct FirebaseAPI: Sendable {
    let state: EmulatorState

    static let methodOverride = HTTPField.Name("X-HTTP-Method-Override")!
    static let uploadProtocol = HTTPField.Name("X-Goog-Upload-Protocol")!
    static let uploadCommand = HTTPField.Name("X-Goog-Upload-Command")!

    /// The permission a refusal names in its 403 body.
    enum Permission: String {
        case read = "READ"
        case list = "LIST"
        case write = "WRITE"
    }

    /// A service request for this HTTP request's caller, now.
    func serviceRequest(_ request: Request, _ context: EmulatorRequestContext) -> ServiceRequest {
        serviceRequest(caller: RequestCaller.caller(authorization: request.headers[.authorization]), context)
    }

    func serviceRequest(caller: ServiceCaller, _ context: EmulatorRequestContext) -> ServiceRequest {
        if case .admin = caller { context.record.note = "admin (rules skipped)" }
        return ServiceRequest(caller: caller, time: .now(), recordsTrace: state.configuration.verbose)
    }

    /// Notes the decision for the log line.
    func record(_ decision: Decision?, bucket: String, _ context: EmulatorRequestContext) {
        guard let decision else { return }
        context.record.decision = decision
        context.record.ruleset = state.rules.ruleset(forBucket: bucket)
    }

    /// The response for a failed operation, with the v0 API's exact bodies.
    func failure(
        _ failure: ServiceFailure, _ permission: Permission, bucket: String, _ context: EmulatorRequestContext,
        headers: HTTPFields = [:]
    ) -> Response {
        record(failure.decision, bucket: bucket, context)
        switch failure {
        case .denied:
            return Responses.error(.forbidden, "Permission denied. No \(permission.rawValue) permission.", headers: headers)
        case .noRuleset:
            context.record.note = "no ruleset loaded"
            return Responses.error(
                .forbidden, "Permission denied. Storage Emulator has no loaded ruleset.", headers: headers)
        case .notFound:
            return Responses.error(.notFound, "Not Found.", headers: headers)
        case .invalid(let message):
            return Responses.error(.badRequest, message, headers: headers)
        }
    }

    /// The object's metadata JSON response.
    func metadataResponse(_ object: StoredObject, headers: HTTPFields = [:]) -> Response {
        Responses.json(FirebaseMetadataJSON.object(object), headers: headers)
    }
}
