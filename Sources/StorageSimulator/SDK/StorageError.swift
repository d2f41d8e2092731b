import Foundation
import RulesEngine

/// The error domain of ``StorageError`` bridged to `NSError`.
public let StorageErrorDomain: String = "FIRStorageErrorDomain"

/// The Firebase Storage SDK's error codes, with the SDK's raw values: the
/// `code` of a ``StorageError`` bridged to `NSError`, so that
/// `StorageErrorCode(rawValue: (error as NSError).code)` works as in the SDK.
public enum StorageErrorCode: Int, Swift.Error, CaseIterable {
    /// An unknown error occurred.
    case unknown = -13000
    /// No object exists at the reference.
    case objectNotFound = -13010
    /// The bucket does not exist.
    case bucketNotFound = -13011
    /// The project does not exist (declared by the SDK, never produced).
    case projectNotFound = -13012
    /// The bucket's quota is exceeded (never produced by the simulator).
    case quotaExceeded = -13013
    /// The caller's credentials were rejected. The service answers a denied
    /// request with `unauthorized` whether or not the caller is signed in, so
    /// the simulator, which has no invalid credentials, never produces this.
    case unauthenticated = -13020
    /// The rules refused the operation.
    case unauthorized = -13021
    /// Retries took longer than the retry time (never produced: nothing is retried).
    case retryLimitExceeded = -13030
    /// Checksums differ (declared by the SDK, never produced).
    case nonMatchingChecksum = -13031
    /// The download is larger than the allowed maximum.
    case downloadSizeExceeded = -13032
    /// The caller cancelled the upload or download.
    case cancelled = -13040
    /// An argument (path, page size, page token...) is invalid.
    case invalidArgument = -13050
    /// A URL names a bucket other than the storage instance's.
    case bucketMismatch = -13051
    /// An internal error (a result with neither a value nor an error).
    case internalError = -13052
    /// A URL could not be parsed.
    case pathError = -13053

    /// The code's name as the SDK spells it (`objectNotFound`), which is also
    /// the name test suites use.
    public var name: String {
        // Spelled out: `String(describing:)` finds an enum case's name by
        // reflection, which costs more than the operation that failed.
        switch self {
        case .unknown: "unknown"
        case .objectNotFound: "objectNotFound"
        case .bucketNotFound: "bucketNotFound"
        case .projectNotFound: "projectNotFound"
        case .quotaExceeded: "quotaExceeded"
        case .unauthenticated: "unauthenticated"
        case .unauthorized: "unauthorized"
        case .retryLimitExceeded: "retryLimitExceeded"
        case .nonMatchingChecksum: "nonMatchingChecksum"
        case .downloadSizeExceeded: "downloadSizeExceeded"
        case .cancelled: "cancelled"
        case .invalidArgument: "invalidArgument"
        case .bucketMismatch: "bucketMismatch"
        case .internalError: "internalError"
        case .pathError: "pathError"
        }
    }

    /// The code with the given SDK name, if any.
    public init?(name: String) {
        guard let code = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = code
    }
}

/// An error from a storage operation, as the SDK declares it. Bridged to
/// `NSError` (domain ``StorageErrorDomain``, code the ``StorageErrorCode``
/// raw value, `NSLocalizedDescriptionKey` the SDK's message).
///
/// The simulator adds the rules' answer: when the operation asked the rules,
/// ``decision`` is the refusal (``unauthorized(bucket:object:serverError:)``)
/// or the grant of a request that then failed (e.g.
/// ``objectNotFound(object:serverError:)``). It travels in `serverError`
/// under ``StorageErrorDecisionKey``, so it is also in the bridged `userInfo`.
public enum StorageError: Error, CustomNSError {
    /// -13000: an unknown error; `serverError` is the (simulated) server answer.
    case unknown(message: String, serverError: [String: Any])
    /// -13010: no object at the reference.
    case objectNotFound(object: String, serverError: [String: Any])
    /// -13011: the bucket does not exist.
    case bucketNotFound(bucket: String)
    /// -13012: the project does not exist.
    case projectNotFound(project: String)
    /// -13013: the bucket's quota is exceeded.
    case quotaExceeded(bucket: String, serverError: [String: Any])
    /// -13020: the caller is not authenticated.
    case unauthenticated(serverError: [String: Any])
    /// -13021: the rules refused the request.
    case unauthorized(bucket: String, object: String, serverError: [String: Any])
    /// -13030: the retry time ran out.
    case retryLimitExceeded
    /// -13031: checksums differ.
    case nonMatchingChecksum
    /// -13032: the object is larger than the download's `maxSize`.
    case downloadSizeExceeded(total: Int64, maxSize: Int64)
    /// -13040: the task was cancelled.
    case cancelled
    /// -13050: an invalid argument.
    case invalidArgument(message: String)
    /// -13052: an internal error.
    case internalError(message: String)
    /// -13051: a URL names another bucket.
    case bucketMismatch(message: String)
    /// -13053: a URL could not be parsed.
    case pathError(message: String)

    /// ``StorageErrorDomain``.
    public static var errorDomain: String { StorageErrorDomain }

    /// The raw value of ``code``.
    public var errorCode: Int { code.rawValue }

    /// `serverError` (if the case has one) plus `NSLocalizedDescriptionKey`;
    /// `downloadSizeExceeded` adds `totalSize` and `maxAllowedSize`.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any]
        switch self {
        case .unknown(_, let serverError), .objectNotFound(_, let serverError), .quotaExceeded(_, let serverError),
            .unauthenticated(let serverError), .unauthorized(_, _, let serverError):
            info = serverError
        case .downloadSizeExceeded(let total, let maxSize):
            info = ["totalSize": total, "maxAllowedSize": maxSize]
        default:
            info = [:]
        }
        info[NSLocalizedDescriptionKey] = message
        return info
    }
}

// The payloads are strings, numbers, `NSError`s and `Decision`s, all
// immutable once the error is made; the SDK's `[String: Any]` type cannot say so.
extension StorageError: @unchecked Sendable {}

/// The `serverError` / `userInfo` key under which a ``StorageError`` carries
/// the simulator's rules ``Decision`` (a simulator addition).
public let StorageErrorDecisionKey: String = "StorageSimulatorDecision"

extension StorageError {
    /// The case's ``StorageErrorCode``.
    public var code: StorageErrorCode {
        switch self {
        case .unknown: .unknown
        case .objectNotFound: .objectNotFound
        case .bucketNotFound: .bucketNotFound
        case .projectNotFound: .projectNotFound
        case .quotaExceeded: .quotaExceeded
        case .unauthenticated: .unauthenticated
        case .unauthorized: .unauthorized
        case .retryLimitExceeded: .retryLimitExceeded
        case .nonMatchingChecksum: .nonMatchingChecksum
        case .downloadSizeExceeded: .downloadSizeExceeded
        case .cancelled: .cancelled
        case .invalidArgument: .invalidArgument
        case .internalError: .internalError
        case .bucketMismatch: .bucketMismatch
        case .pathError: .pathError
        }
    }

    /// The SDK's English message (the bridged `localizedDescription`).
    public var message: String {
        switch self {
        case .unknown(let message, _), .invalidArgument(let message), .internalError(let message),
            .bucketMismatch(let message), .pathError(let message):
            message
        case .objectNotFound(let object, _): String(joining: ["Object ", object, " does not exist."])
        case .bucketNotFound(let bucket): "Bucket \(bucket) does not exist."
        case .projectNotFound(let project): "Project \(project) does not exist."
        case .quotaExceeded(let bucket, _):
            "Quota for bucket \(bucket) exceeded, please view quota on www.firebase.google.com/storage."
        case .unauthenticated: "User is not authenticated, please authenticate using Firebase Authentication and try again."
        case .unauthorized(let bucket, let object, _):
            String(joining: ["User does not have permission to access gs://", bucket, "/", object, "."])
        case .retryLimitExceeded: "Max retry time for operation exceeded, please try again."
        case .nonMatchingChecksum:
            "Uploaded/downloaded object has a checksum which does not match the server's checksum. Please retry the upload/download."
        case .downloadSizeExceeded(let total, let maxSize):
            "Attempted to download object with size of \(total) bytes, which exceeds the maximum size of \(maxSize) bytes. "
                + "Consider raising the maximum download size, or using StorageReference.write(toFile:)"
        case .cancelled: "User cancelled the upload/download."
        }
    }

    /// The rules' decision for the request that failed, when the rules were
    /// asked (a simulator addition).
    public var decision: Decision? {
        switch self {
        case .unknown(_, let serverError), .objectNotFound(_, let serverError), .quotaExceeded(_, let serverError),
            .unauthenticated(let serverError), .unauthorized(_, _, let serverError):
            serverError[StorageErrorDecisionKey] as? Decision
        default: nil
        }
    }
}

extension StorageError: CustomStringConvertible {
    /// The message.
    public var description: String { message }
}

extension String {
    /// `parts` one after the other, copied into one string made at its
    /// final size. An interpolation appends each part in turn, growing the
    /// string and checking each part's encoding (about 500 instructions a
    /// part); the messages of denials and missing objects are made for each
    /// one a test suite expects.
    init(joining parts: [String]) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
                    offset += bytes.count
                }
            }
            return offset
        }
    }
}
