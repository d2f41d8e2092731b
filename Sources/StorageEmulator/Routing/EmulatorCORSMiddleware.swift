import HTTPTypes
import Hummingbird

/// CORS as the Firebase emulator answers it: the request's origin and
/// requested headers reflected, the upload headers exposed, preflights
/// answered with 204, and Chrome's private-network preflight allowed.
struct EmulatorCORSMiddleware: RouterMiddleware {
    typealias Context = EmulatorRequestContext

    static let exposedHeaders = [
        "content-type", "x-firebase-storage-version", "X-Goog-Upload-Size-Received", "x-goog-upload-url",
        "x-goog-upload-command", "x-gupload-uploadid", "x-goog-upload-header-content-length",
        "x-goog-upload-header-content-type", "x-goog-upload-protocol", "x-goog-upload-status",
        "x-goog-upload-chunk-granularity", "x-goog-upload-control-url",
    ].joined(separator: ",")

    static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let origin = request.headers[.origin]
        let isPreflight = request.method == .options && request.headers[.accessControlRequestMethod] != nil
        var response: Response
        if isPreflight {
            response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = Self.allowedMethods
            if let requested = request.headers[.accessControlRequestHeaders] {
                response.headers[.accessControlAllowHeaders] = requested
            }
            if let privateNetwork = HTTPField.Name("access-control-request-private-network"),
                request.headers[privateNetwork] != nil, let allow = HTTPField.Name("access-control-allow-private-network")
            {
                response.headers[allow] = "true"
            }
            response.headers[.contentLength] = "0"
        } else {
            response = try await next(request, context)
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        }
        if let origin {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.vary] = "Origin"
        } else {
            response.headers[.accessControlAllowOrigin] = "*"
        }
        return response
    }
}
