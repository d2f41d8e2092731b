import Foundation
import RulesEngine
import RulesSyntax
import StorageSimulator

/// The operation of a case or step (exactly one per case or step).
public enum TestOperation: Sendable {
    /// getMetadata / download: rules method `get`.
    case get(ObjectTarget)
    /// One page of `list()` on a folder: rules method `list`.
    case list(ObjectTarget, maxResults: Int, pageToken: String?)
    /// `listAll()`: every page, rules method `list` once per page.
    case listAll(ObjectTarget)
    /// putData / putFile: rules method `create`.
    case upload(ObjectTarget, UploadSpec)
    /// updateMetadata: rules method `update`.
    case updateMetadata(ObjectTarget, MetadataPatch)
    /// delete: rules method `delete`.
    case delete(ObjectTarget)
    /// One raw authorization request, no bucket involved.
    case request(RawRequest)

    /// The operation's key in the suite format (`get`, `upload`, ...).
    public var keyword: String {
        switch self {
        case .get: "get"
        case .list: "list"
        case .listAll: "listAll"
        case .upload: "upload"
        case .updateMetadata: "updateMetadata"
        case .delete: "delete"
        case .request: "request"
        }
    }

    /// A one-line description such as `upload images/alice/dog.jpg`.
    public var summary: String {
        switch self {
        case .get(let target), .list(let target, _, _), .listAll(let target), .upload(let target, _),
            .updateMetadata(let target, _), .delete(let target):
            "\(keyword) \(target.display)"
        case .request(let raw):
            "request \(raw.method.rawValue) \(raw.path)"
        }
    }
}

/// The object or folder an operation addresses.
public struct ObjectTarget: Sendable, Hashable {
    /// The bucket.
    public var bucket: String
    /// The object path (or folder for list), no leading slash; `""` is the bucket root.
    public var path: String
    /// Whether the bucket differs from the suite's default (shown in summaries).
    public var explicitBucket: Bool

    /// Creates a target.
    public init(bucket: String, path: String, explicitBucket: Bool = false) {
        self.bucket = bucket
        self.path = path
        self.explicitBucket = explicitBucket
    }

    /// `path`, or `gs://bucket/path` when the bucket was given explicitly.
    public var display: String {
        let shown = path.isEmpty ? "\"\"" : path
        return explicitBucket ? "gs://\(bucket)/\(path)" : shown
    }
}

/// What an upload sends.
public struct UploadSpec: Sendable {
    /// The bytes. An upload of zeros (a suite's `size:`) makes them when
    /// read: a suite does not hold every such case's bytes from its load
    /// to its end (ten cases of `size: 5242880` would hold 50 MiB).
    public var content: [UInt8] {
        get { givenContent ?? [UInt8](repeating: 0, count: size) }
        set {
            givenContent = newValue
            size = newValue.count
        }
    }
    /// The number of bytes.
    public private(set) var size: Int
    /// The metadata fields (the content type is already inferred when absent).
    public var fields: WritableFields
    /// The bytes when given; `nil` for zeros.
    private var givenContent: [UInt8]?

    /// Creates an upload.
    public init(content: [UInt8], fields: WritableFields) {
        givenContent = content
        size = content.count
        self.fields = fields
    }

    /// Creates an upload of `size` zero bytes.
    public init(zeros size: Int, fields: WritableFields) {
        givenContent = nil
        self.size = size
        self.fields = fields
    }

    /// The bytes as sent: zeros are allocated zeroed, not copied.
    var data: Data {
        givenContent.map { Data($0) } ?? Data(count: size)
    }
}

/// The `request:` form: one literal authorization request.
public struct RawRequest: Sendable {
    /// The granular method.
    public var method: RuleMethod
    /// The bucket.
    public var bucket: String
    /// The object path inside the bucket (already split from a `/b/<bucket>/o/` form).
    public var path: String
    /// `request.resource`, taken literally; `nil` binds `null`.
    public var resource: Value?
    /// `resource`, taken literally; `nil` binds `null`.
    public var existing: Value?

    /// Creates a raw request.
    public init(method: RuleMethod, bucket: String, path: String, resource: Value?, existing: Value?) {
        self.method = method
        self.bucket = bucket
        self.path = path
        self.resource = resource
        self.existing = existing
    }
}

/// The rules decision a step expects.
public enum ExpectedDecision: String, Sendable, Hashable {
    /// The rules allow the request.
    case allow
    /// The rules deny the request.
    case deny
}

/// What a step expects; only stated fields are checked.
public struct Expectation: Sendable {
    /// The rules decision.
    public var decision: ExpectedDecision
    /// The error the operation ends with; `"none"` means success.
    public var error: String?
    /// Full paths of the listed items, in order.
    public var items: [String]?
    /// Full paths of the listed prefixes, in order.
    public var prefixes: [String]?
    /// The page token `list` returns: `.some(nil)` expects none.
    public var nextPageToken: String??
    /// A subset of the returned metadata that must match.
    public var metadata: RulesMap?

    /// Creates an expectation.
    public init(
        decision: ExpectedDecision, error: String? = nil, items: [String]? = nil, prefixes: [String]? = nil,
        nextPageToken: String?? = nil, metadata: RulesMap? = nil
    ) {
        self.decision = decision
        self.error = error
        self.items = items
        self.prefixes = prefixes
        self.nextPageToken = nextPageToken
        self.metadata = metadata
    }
}
