import Hummingbird
import NIOHTTP1

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
        // A body over its limit (`NIOTooManyBytesError`) and other errors that carry their status.
        case let error as any HTTPResponseError: Responses.error(error.status, error.status.reasonPhrase)
        // The client broke the framing (a body shorter than its Content-Length).
        case let error as HTTPParserError: Responses.error(.badRequest, "Bad request: \(error)")
        // Anything else is the server failing (a file it cannot read), not the request being bad.
        default: Responses.error(.internalServerError, "Internal error: \(error)")
        }
    }
}
