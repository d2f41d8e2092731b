import RulesEngine

/// The Firebase Storage SDK's error codes, with the SDK's numeric values.
public enum StorageErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// An unknown error occurred.
    case unknown = -13000
    /// No object exists at the reference.
    case objectNotFound = -13010
    /// The bucket does not exist.
    case bucketNotFound = -13011
    /// The caller's credentials were rejected. The service answers a denied
    /// request with `unauthorized` whether or not the caller is signed in, so
    /// the simulator, which has no invalid credentials, never produces this.
    case unauthenticated = -13020
    /// The rules refused the operation.
    case unauthorized = -13021
    /// The download is larger than the allowed maximum.
    case downloadSizeExceeded = -13032
    /// The caller cancelled the upload or download.
    case cancelled = -13040
    /// An argument (path, URL, page size, page token...) is invalid.
    case invalidArgument = -13050

    /// The code's name as the SDK spells it (`objectNotFound`), which is also
    /// the name used by test suites.
    public var name: String {
        switch self {
        case .unknown: "unknown"
        case .objectNotFound: "objectNotFound"
        case .bucketNotFound: "bucketNotFound"
        case .unauthenticated: "unauthenticated"
        case .unauthorized: "unauthorized"
        case .downloadSizeExceeded: "downloadSizeExceeded"
        case .cancelled: "cancelled"
        case .invalidArgument: "invalidArgument"
        }
    }

    /// The code with the given SDK name, if any.
    public init?(name: String) {
        guard let code = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = code
    }
}

/// An error from a storage operation.
///
/// When the operation asked the rules, ``decision`` is the rules' answer:
/// the refusal for ``StorageErrorCode/unauthorized``, the grant for an
/// allowed request that then failed (e.g. ``StorageErrorCode/objectNotFound``).
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// The SDK error code.
    public var code: StorageErrorCode
    /// The SDK's message for it.
    public var message: String
    /// The bucket concerned, if any.
    public var bucket: String?
    /// The object path concerned, if any.
    public var objectPath: String?
    /// The rules decision the operation received, if it asked.
    public var decision: Decision?

    /// Creates an error.
    public init(code: StorageErrorCode, message: String, bucket: String? = nil, objectPath: String? = nil, decision: Decision? = nil) {
        self.code = code
        self.message = message
        self.bucket = bucket
        self.objectPath = objectPath
        self.decision = decision
    }

    /// The message.
    public var description: String { message }
}

// The SDK's wording for each error, in one place.
extension StorageError {
    /// `Object <path> does not exist.`
    static func objectNotFound(bucket: String, path: String, decision: Decision? = nil) -> StorageError {
        StorageError(code: .objectNotFound, message: "Object \(path) does not exist.", bucket: bucket, objectPath: path, decision: decision)
    }

    /// `Bucket <bucket> does not exist.`
    static func bucketNotFound(_ bucket: String) -> StorageError {
        StorageError(code: .bucketNotFound, message: "Bucket \(bucket) does not exist.", bucket: bucket)
    }

    /// `User does not have permission to access gs://<bucket>/<path>.`
    static func unauthorized(bucket: String, path: String, decision: Decision?) -> StorageError {
        StorageError(
            code: .unauthorized, message: "User does not have permission to access gs://\(bucket)/\(path).",
            bucket: bucket, objectPath: path, decision: decision)
    }

    /// `User cancelled the upload/download.`
    static func cancelled(bucket: String, path: String) -> StorageError {
        StorageError(code: .cancelled, message: "User cancelled the upload/download.", bucket: bucket, objectPath: path)
    }

    /// The SDK's message for a download over `maxSize`.
    static func downloadSizeExceeded(total: Int64, maxSize: Int64, bucket: String, path: String, decision: Decision?) -> StorageError {
        StorageError(
            code: .downloadSizeExceeded,
            message: "Attempted to download object with size of \(total) bytes, which exceeds the maximum size of "
                + "\(maxSize) bytes. Consider raising the maximum download size, or using StorageReference.write(toFile:)",
            bucket: bucket, objectPath: path, decision: decision)
    }

    /// `An unknown error occurred, please check the server response.`, or a specific message.
    static func unknown(_ message: String = "An unknown error occurred, please check the server response.") -> StorageError {
        StorageError(code: .unknown, message: message)
    }

    /// An invalid argument with its explanation.
    static func invalidArgument(_ message: String, bucket: String? = nil, path: String? = nil) -> StorageError {
        StorageError(code: .invalidArgument, message: message, bucket: bucket, objectPath: path)
    }

    // Wording of the invalid-argument cases.
    static func rootOperation(bucket: String, operation: String) -> StorageError {
        invalidArgument(
            "The operation '\(operation)' cannot be performed on a root reference, create a non-root reference "
                + "using child, such as .child('file.png').", bucket: bucket, path: "")
    }

    static func maxResultsOutOfRange(_ value: Int) -> StorageError {
        invalidArgument("Argument 'maxResults' must be between 1 and 1000 inclusive. Received: \(value).")
    }

    static func invalidPageToken(_ token: String) -> StorageError {
        invalidArgument("Invalid page token: \(token).")
    }

    static func fileNotReachable(_ url: String) -> StorageError {
        unknown("File at URL: \(url) is not reachable. Ensure file URL is not a directory, symbolic link, or invalid url.")
    }

    static func invalidURL(_ url: String) -> StorageError {
        invalidArgument("Invalid storage URL: \(url). Expected gs://<bucket>/<path> or a Firebase Storage download URL.")
    }
}
