import Foundation
import Hummingbird

/// The Firebase Storage REST API v0 (`/v0/...`), authorized by the rules.
public struct FirebaseRoutes: EmulatorRouteGroup {
    /// Creates the group.
    public init() {}

    /// Adds the routes.
    public func register(on router: Router<EmulatorRequestContext>, state: EmulatorState) {
        let liveness: @Sendable (Request, EmulatorRequestContext) async throws -> Response = { _, _ in
            Responses.json(.object([("emulator", .string("storage"))]))
        }
        router.get("/v0", use: liveness)
    }
}
