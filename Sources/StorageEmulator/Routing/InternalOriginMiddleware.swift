import Foundation
import Hummingbird

/// Refuses `/internal/*` requests sent by a web page that is not served from
/// this machine: a browser adds `Origin` to cross-origin requests, so a
/// foreign site could otherwise reset the buckets, replace the rules or
/// export the data anywhere on disk. Tools (the Firebase CLI, test helpers)
/// send no `Origin` and are unaffected.
struct InternalOriginMiddleware: RouterMiddleware {
    typealias Context = EmulatorRequestContext

    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path.hasPrefix("/internal/"), let origin = request.headers[.origin],
            !Self.isLoopback(origin: origin)
        else {
            return try await next(request, context)
        }
        return Responses.error(.forbidden, "The /internal endpoints only accept requests from loopback origins, not \(origin).")
    }

    /// Whether `origin` (`scheme://host[:port]`) names this machine.
    static func isLoopback(origin: String) -> Bool {
        guard let host = URLComponents(string: origin)?.host?.lowercased() else { return false }
        return loopbackHosts.contains(host)
    }
}
