import Hummingbird

/// Building the emulator's responses.
enum Responses {
    /// A JSON body with `status`.
    static func json(_ value: JSONOutput, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: value.text)))
    }

    /// A plain-text body with `status`.
    static func text(_ text: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `{"error":{"code":N,"message":"..."}}`, the Firebase API's error body.
    static func error(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        json(
            .object([("error", .object([("code", .int(status.code)), ("message", .string(message))]))]),
            status: status, headers: headers)
    }

    /// An empty body.
    static func empty(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        Response(status: status, headers: headers)
    }
}

/// A request that cannot be served, answered with a JSON error body; the
/// server goes on serving.
struct EmulatorHTTPError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    var response: Response { Responses.error(status, message) }
}
