import RulesEngine

/// Who makes one service request.
public enum ServiceCaller: Sendable {
    /// The admin credential: the rules are not asked.
    case admin
    /// No identity: `request.auth` is `null`.
    case anonymous
    /// A signed-in user: `request.auth` is this identity.
    case user(AuthIdentity)

    /// `request.auth` for this caller (`nil` for admin and anonymous).
    var identity: AuthIdentity? {
        if case .user(let identity) = self { return identity }
        return nil
    }
}

/// One request to the service: who asks, and when.
public struct ServiceRequest: Sendable {
    /// The caller.
    public var caller: ServiceCaller
    /// `request.time`, and the time written into `timeCreated`/`updated`.
    public var time: Timestamp
    /// Whether decisions record an evaluation trace (needed for explanations).
    public var recordsTrace: Bool

    /// Creates a request; `time` defaults to now.
    public init(caller: ServiceCaller, time: Timestamp = .now(), recordsTrace: Bool = false) {
        self.caller = caller
        self.time = time
        self.recordsTrace = recordsTrace
    }
}

/// Why a service operation did not happen.
public enum ServiceFailure: Error, Sendable {
    /// The rules refused the request.
    case denied(Decision)
    /// No ruleset is loaded for the bucket, so every non-admin request is refused.
    case noRuleset
    /// The rules allowed the request (or were not asked) but there is no such object.
    case notFound(Decision?)
    /// The request itself is invalid (bad name, bad page token, bad argument).
    case invalid(String)

    /// The rules decision the failure carries, if the rules were asked.
    public var decision: Decision? {
        switch self {
        case .denied(let decision): decision
        case .notFound(let decision): decision
        case .noRuleset, .invalid: nil
        }
    }
}

/// The result of an operation and the decision that allowed it (`nil` when
/// the rules were bypassed: admin caller or a valid download token).
public struct Authorized<Value: Sendable>: Sendable {
    /// The operation's result.
    public var value: Value
    /// The rules decision, if the rules were asked.
    public var decision: Decision?
}

/// An object's record with its bytes, as read.
public struct ObjectContent: Sendable {
    /// The record.
    public var object: StoredObject
    /// The bytes.
    public var bytes: [UInt8]
}

/// One page of a v0 listing: item names and prefixes as the API shows them.
public struct ListPage: Sendable {
    /// Full names of the items, in order.
    public var items: [String]
    /// Rolled-up prefixes (each ends with the delimiter), in order.
    public var prefixes: [String]
    /// The token for the next page, if there is one.
    public var nextPageToken: String?
}
