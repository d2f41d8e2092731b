import RulesSyntax

/// One request to authorize: what the service hands the rules engine.
public struct AuthorizationRequest: Sendable {
    /// The granular method (`get`, `list`, `create`, `update`, `delete`).
    public var method: RuleMethod
    /// The bucket name.
    public var bucket: String { didSet { requestPath = Self.requestPath(bucket: bucket, objectPath: objectPath) } }
    /// The object name (or, for `list`, the folder prefix) inside the bucket,
    /// without a leading slash. Trailing slashes are dropped, as the service does.
    public var objectPath: String { didSet { requestPath = Self.requestPath(bucket: bucket, objectPath: objectPath) } }
    /// `request.path`: `/b/<bucket>/o/<object segments>`, empty segments
    /// dropped; split once, when the request is made, not per decision.
    public private(set) var requestPath: RulesPath
    /// The signed-in identity, or `nil` when signed out (`request.auth == null`).
    public var auth: AuthIdentity?
    /// `request.auth`: the identity's map, built when the identity was made.
    var authValue: Value { auth?.value ?? .null }
    /// `request.auth.uid`.
    var authUID: String? { auth?.uid }
    /// `request.resource`: the incoming object state, `nil` binds `null`.
    public var incoming: Value? { didSet { incomingRecord = Self.objectRecord(of: incoming) } }
    /// `resource`: the stored object, `nil` binds `null`.
    public var existing: Value? { didSet { existingRecord = Self.objectRecord(of: existing) } }
    /// The fields of ``incoming`` and ``existing`` when each is an object's
    /// map: compiled rules read `request.resource.size` from here without
    /// copying the map that holds them. Unretained: the value beside each
    /// keeps its record alive, and copying a request retains nothing more.
    private(set) var incomingRecord: Unmanaged<ObjectRecord>?
    private(set) var existingRecord: Unmanaged<ObjectRecord>?
    /// `request.time`.
    public var time: Timestamp
    /// Documents seen by `firestore.get()` / `firestore.exists()`.
    public var documents: (any DocumentSource)?
    /// Whether to record every evaluated sub-expression (explanations, coverage).
    public var recordsTrace: Bool

    /// Creates a request.
    public init(
        method: RuleMethod, bucket: String, objectPath: String, auth: AuthIdentity? = nil,
        incoming: Value? = nil, existing: Value? = nil, time: Timestamp,
        documents: (any DocumentSource)? = nil, recordsTrace: Bool = true
    ) {
        self.method = method
        self.bucket = bucket
        self.objectPath = objectPath
        self.auth = auth
        self.incoming = incoming
        self.existing = existing
        incomingRecord = Self.objectRecord(of: incoming)
        existingRecord = Self.objectRecord(of: existing)
        self.time = time
        self.documents = documents
        self.recordsTrace = recordsTrace
        requestPath = Self.requestPath(bucket: bucket, objectPath: objectPath)
    }

    private static func objectRecord(of value: Value?) -> Unmanaged<ObjectRecord>? {
        if case .map(let map)? = value, let record = map.objectRecord { return .passUnretained(record) }
        return nil
    }

    private static func requestPath(bucket: String, objectPath: String) -> RulesPath {
        var segments: [String] = []
        // Reserved before the first append: an array literal would be
        // allocated once for its three elements and again to reserve.
        segments.reserveCapacity(8)
        segments.append("b")
        segments.append(bucket)
        segments.append("o")
        RulesPath.appendSegments(of: objectPath, to: &segments)
        return RulesPath(segments: segments)
    }
}

/// A signed-in user as the rules see it: `request.auth.uid` and `request.auth.token`.
public struct AuthIdentity: Sendable {
    /// The identity's fields, shared by its copies: a request, a test step
    /// and a caller each copy one reference, not the uid, the claims and
    /// the `request.auth` map.
    private final class Fields: Sendable {
        let uid: String
        let token: RulesMap
        let value: Value

        init(uid: String, token: RulesMap) {
            self.uid = uid
            self.token = token
            value = .map(RulesMap(["uid": .string(uid), "token": .map(token)]))
        }
    }

    private var fields: Fields

    /// `request.auth.uid`.
    public var uid: String {
        get { fields.uid }
        set { fields = Fields(uid: newValue, token: fields.token) }
    }
    /// `request.auth.token`: every claim of the ID token.
    public var token: RulesMap {
        get { fields.token }
        set { fields = Fields(uid: fields.uid, token: newValue) }
    }
    /// The `request.auth` map, built once rather than for every decision.
    public var value: Value { fields.value }

    /// Creates an identity. `sub` and `user_id` default to the uid when the
    /// token does not give them, as Firebase ID tokens always carry both.
    public init(uid: String, token: [String: Value] = [:]) {
        var claims: [String: Value]
        if token.isEmpty {
            // The usual identity of a test or an emulator request: made at its
            // size, where two inserts into an empty dictionary would allocate
            // its storage, then grow it.
            claims = ["sub": .string(uid), "user_id": .string(uid)]
        } else {
            claims = token
            if claims["sub"] == nil { claims["sub"] = .string(uid) }
            if claims["user_id"] == nil { claims["user_id"] = .string(uid) }
        }
        fields = Fields(uid: uid, token: RulesMap(claims))
    }
}

/// Supplies Firestore documents to `firestore.get()` and `firestore.exists()`.
public protocol DocumentSource: Sendable {
    /// The fields of the document at a full path such as
    /// `/databases/(default)/documents/users/alice`, or `nil` if it does not exist.
    func document(at path: String) -> RulesMap?
}

/// A fixed set of documents keyed by full document path.
public struct InMemoryDocuments: DocumentSource {
    /// Documents by full path (`/databases/(default)/documents/...`).
    public var documents: [String: RulesMap]

    /// Creates a source. Keys may be short (`users/alice`), meaning the
    /// default database's documents.
    public init(_ documents: [String: RulesMap] = [:]) {
        var normalized: [String: RulesMap] = [:]
        for (key, value) in documents {
            normalized[InMemoryDocuments.fullPath(key)] = value
        }
        self.documents = normalized
    }

    /// Expands a short document path to `/databases/(default)/documents/...`.
    public static func fullPath(_ path: String) -> String {
        let trimmed = path.hasPrefix("/") ? path : "/" + path
        return trimmed.hasPrefix("/databases/") ? trimmed : "/databases/(default)/documents" + trimmed
    }

    /// The document at a full path.
    public func document(at path: String) -> RulesMap? { documents[path] }
}

/// The two objects a request carries.
enum RequestObject {
    /// `request.resource`: the object as it would be written.
    case incoming
    /// `resource`: the object as it is stored.
    case existing
}
