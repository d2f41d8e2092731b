import Hummingbird

/// A set of routes the emulator serves, registered on the shared router.
///
/// Each API lives in its own group; adding one is a new conforming type and
/// one line in ``EmulatorRoutes/groups``.
public protocol EmulatorRouteGroup: Sendable {
    /// Adds the group's routes to `router`; handlers reach the server's state through `state`.
    func register(on router: Router<EmulatorRequestContext>, state: EmulatorState)
}

/// The one place where the emulator's route groups are listed.
public enum EmulatorRoutes {
    /// Every route group, in registration order.
    public static let groups: [any EmulatorRouteGroup] = [
        InternalRoutes(),
        FirebaseRoutes(),
        CloudStorageRoutes(),
        ExportRoutes(),
    ]

    /// A router with the middleware (request log, CORS, errors as JSON; outermost first) and every group.
    static func makeRouter(state: EmulatorState) -> Router<EmulatorRequestContext> {
        let router = Router(context: EmulatorRequestContext.self)
        router.add(middleware: RequestLogMiddleware(state: state))
        router.add(middleware: EmulatorCORSMiddleware())
        router.add(middleware: ErrorResponseMiddleware())
        router.add(middleware: InternalOriginMiddleware())
        for group in groups {
            group.register(on: router, state: state)
        }
        return router
    }
}
