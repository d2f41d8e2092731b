import Foundation
import Hummingbird
import RulesEngine

/// The request context of every emulator route: Hummingbird's core storage
/// plus a record the handlers fill for the request's log line.
public struct EmulatorRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// What the handler decided, read by the logging middleware afterwards.
    public let record: RequestRecord

    /// Creates the context for one request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.record = RequestRecord()
    }
}

/// The rules decision behind one request, shared between the handler that
/// makes it and the middleware that logs it (the context itself is copied).
public final class RequestRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var storedDecision: Decision?
    private var storedNote: String?
    private var storedRuleset: CompiledRuleset?

    /// Creates an empty record.
    public init() {}

    /// The decision the request got, if the rules were asked.
    public var decision: Decision? {
        get { lock.withLock { storedDecision } }
        set { lock.withLock { storedDecision = newValue } }
    }

    /// The ruleset that made ``decision`` (for the verbose explanation).
    public var ruleset: CompiledRuleset? {
        get { lock.withLock { storedRuleset } }
        set { lock.withLock { storedRuleset = newValue } }
    }

    /// A short reason shown instead of a decision (admin bypass, download token, no ruleset).
    public var note: String? {
        get { lock.withLock { storedNote } }
        set { lock.withLock { storedNote = newValue } }
    }
}
