import RulesEngine
import RulesSyntax

/// A position in a suite file, for messages (1-based).
public struct SuiteLocation: Sendable, Hashable, CustomStringConvertible {
    /// The suite file's path as the user gave it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// One loaded suite file: its rules, shared state and cases.
public struct TestSuite: Sendable {
    /// The suite file's path as the user gave it (or as discovered).
    public var path: String
    /// The compiled rules every case runs against.
    public var rules: CompiledRuleset
    /// The default bucket of every case.
    public var bucket: String
    /// The suite-level `time:`, if given (otherwise the run's start time).
    public var time: Timestamp?
    /// Named identities for `as:`.
    public var users: [String: AuthIdentity]
    /// Suite-level Firestore documents, by full document path.
    public var firestore: [String: RulesMap]
    /// Objects written into the bucket before every case.
    public var objects: [SeedObject]
    /// The cases, in file order.
    public var cases: [TestCase]

    /// Creates a suite.
    public init(
        path: String, rules: CompiledRuleset, bucket: String, time: Timestamp?, users: [String: AuthIdentity],
        firestore: [String: RulesMap], objects: [SeedObject], cases: [TestCase]
    ) {
        self.path = path
        self.rules = rules
        self.bucket = bucket
        self.time = time
        self.users = users
        self.firestore = firestore
        self.objects = objects
        self.cases = cases
    }
}

/// An object of the suite's `objects:` list, written without rules before each case.
public struct SeedObject: Sendable {
    /// The bucket it lives in.
    public var bucket: String
    /// The object path inside the bucket.
    public var path: String
    /// The object's bytes.
    public var content: [UInt8]
    /// The writable metadata fields.
    public var fields: WritableFields

    /// Creates a seed object.
    public init(bucket: String, path: String, content: [UInt8], fields: WritableFields) {
        self.bucket = bucket
        self.path = path
        self.content = content
        self.fields = fields
    }
}

/// The metadata fields a client may set on upload.
public struct WritableFields: Sendable, Hashable {
    /// `Content-Type`.
    public var contentType: String?
    /// `Cache-Control`.
    public var cacheControl: String?
    /// `Content-Disposition`.
    public var contentDisposition: String?
    /// `Content-Encoding`.
    public var contentEncoding: String?
    /// `Content-Language`.
    public var contentLanguage: String?
    /// Custom metadata, `nil` when none was given.
    public var metadata: [String: String]?

    /// Creates the fields.
    public init(
        contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
        contentEncoding: String? = nil, contentLanguage: String? = nil, metadata: [String: String]? = nil
    ) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.metadata = metadata
    }
}

/// One case of a suite.
public struct TestCase: Sendable {
    /// The case's name, unique within its file.
    public var name: String
    /// Where the case starts in the suite file.
    public var location: SuiteLocation
    /// Why the case is skipped, when it is (`skip:`).
    public var skipReason: String?
    /// Per-case Firestore documents laid over the suite's (`nil` = the document does not exist).
    public var firestore: [String: RulesMap?]
    /// The steps; a single-operation case has exactly one.
    public var steps: [TestStep]
    /// Whether the case was written with `steps:`.
    public var isSequence: Bool

    /// Creates a case.
    public init(
        name: String, location: SuiteLocation, skipReason: String?, firestore: [String: RulesMap?],
        steps: [TestStep], isSequence: Bool
    ) {
        self.name = name
        self.location = location
        self.skipReason = skipReason
        self.firestore = firestore
        self.steps = steps
        self.isSequence = isSequence
    }
}

/// Who makes a request.
public enum Caller: Sendable {
    /// Signed out (`request.auth == null`).
    case signedOut
    /// A signed-in identity; `name` is the `users:` key when given with `as:`.
    case user(name: String?, identity: AuthIdentity)

    /// The identity, or `nil` when signed out.
    public var identity: AuthIdentity? {
        if case .user(_, let identity) = self { return identity }
        return nil
    }

    /// A short label: the user's name, `uid alice`, or `signed out`.
    public var label: String {
        switch self {
        case .signedOut: "signed out"
        case .user(let name?, _): name
        case .user(nil, let identity): "uid \(identity.uid)"
        }
    }
}

/// One operation with its caller, time and expectation.
public struct TestStep: Sendable {
    /// Where the step starts in the suite file.
    public var location: SuiteLocation
    /// Who calls.
    public var caller: Caller
    /// `request.time`, if set on the step or case (otherwise the suite's or the run's).
    public var time: Timestamp?
    /// What to do.
    public var operation: TestOperation
    /// What should happen.
    public var expectation: Expectation

    /// Creates a step.
    public init(location: SuiteLocation, caller: Caller, time: Timestamp?, operation: TestOperation, expectation: Expectation) {
        self.location = location
        self.caller = caller
        self.time = time
        self.operation = operation
        self.expectation = expectation
    }
}
