import Hummingbird

/// Turns every error a handler throws into a JSON error response, inside the
/// CORS middleware, so browser clients can read error answers too.
struct ErrorResponseMiddleware: RouterMiddleware {
    typealias Context = EmulatorRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return Self.response(for: error)
        }
    }

    /// The JSON error response for `error`.
    static func response(for error: any Error) -> Response {
        switch error {
        case let error as EmulatorHTTPError: error.response
        case let error as HTTPError: Responses.error(error.status, error.body ?? error.status.reasonPhrase)
        default: Responses.error(.badRequest, "Bad request: \(error)")
        }
    }
}
