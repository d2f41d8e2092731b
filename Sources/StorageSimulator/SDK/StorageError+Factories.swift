import Foundation
import RulesEngine

// How the simulator's failures map to the SDK's cases: a rules refusal is the
// service's 403 (`unauthorized`), a missing object its 404 (`objectNotFound`),
// each with the `serverError` the SDK builds from the HTTP answer.
extension StorageError {
    /// The SDK's `serverError` for an HTTP answer about `bucket`/`path`
    /// (`base` holds what depends on its status alone), with the rules'
    /// decision when there was one.
    private static func serverError(_ base: [String: Any], bucket: String, path: String, decision: Decision?) -> [String: Any] {
        var info = base
        info["bucket"] = bucket
        info["object"] = path
        if let decision { info[StorageErrorDecisionKey] = decision }
        return info
    }

    /// The entries of a `serverError` that depend on its status alone, made
    /// with room for the rest: each denial or missing object copies them
    /// (a copy moves the entries without hashing their keys again) and
    /// shares the `NSError`, which nothing can change.
    private static func serverErrorBase(status: Int) -> [String: Any] {
        var info = [String: Any](minimumCapacity: 6)
        info["ResponseErrorDomain"] = "com.google.HTTPStatus"
        info["ResponseErrorCode"] = status
        info[NSUnderlyingErrorKey] = NSError(domain: "com.google.HTTPStatus", code: status)
        return info
    }

    nonisolated(unsafe) private static let forbiddenBase = serverErrorBase(status: 403)
    nonisolated(unsafe) private static let notFoundBase = serverErrorBase(status: 404)

    /// 404: `Object <path> does not exist.`
    static func objectNotFound(bucket: String, path: String, decision: Decision? = nil) -> StorageError {
        .objectNotFound(object: path, serverError: serverError(notFoundBase, bucket: bucket, path: path, decision: decision))
    }

    /// `Bucket <bucket> does not exist.`
    static func bucketNotFound(_ bucket: String) -> StorageError {
        .bucketNotFound(bucket: bucket)
    }

    /// 403: `User does not have permission to access gs://<bucket>/<path>.`
    static func unauthorized(bucket: String, path: String, decision: Decision?) -> StorageError {
        .unauthorized(
            bucket: bucket, object: path, serverError: serverError(forbiddenBase, bucket: bucket, path: path, decision: decision))
    }

    /// An unknown error with the SDK's generic message, or a specific one.
    static func unknown(_ message: String = "An unknown error occurred, please check the server response.") -> StorageError {
        .unknown(message: message, serverError: [:])
    }

    /// An invalid argument with its explanation (`bucket` and `path` name
    /// what it concerns; the SDK's case carries only the message).
    static func invalidArgument(_ message: String, bucket: String? = nil, path: String? = nil) -> StorageError {
        .invalidArgument(message: message)
    }

    static func rootOperation(bucket: String, operation: String) -> StorageError {
        invalidArgument(
            "The operation '\(operation)' cannot be performed on a root reference, create a non-root reference "
                + "using child, such as .child('file.png').", bucket: bucket, path: "")
    }

    static func maxResultsOutOfRange(_ value: Int64) -> StorageError {
        invalidArgument("Argument 'maxResults' must be between 1 and 1000 inclusive. Received: \(value).")
    }

    static func maxResultsOutOfRange(_ value: Int) -> StorageError {
        maxResultsOutOfRange(Int64(value))
    }

    static func invalidPageToken(_ token: String) -> StorageError {
        invalidArgument("Invalid page token: \(token).")
    }

    static func fileNotReachable(_ url: URL) -> StorageError {
        unknown(
            "File at URL: \(url.absoluteString) is not reachable. Ensure file URL is not a directory, symbolic link, "
                + "or invalid url.")
    }

    static func fileNotWritable(_ url: URL, reason: String) -> StorageError {
        unknown("Could not write the download to \(url.absoluteString): \(reason)")
    }

    /// What the `Result` and async adapters report when neither a value nor an error came back.
    static let neitherValueNorError = StorageError.internalError(
        message: "Internal failure: the operation returned neither a value nor an error.")
}
