import RulesSyntax

/// Evaluates expressions for one authorization request at a time.
///
/// Traced decisions walk the syntax tree here, recording every
/// sub-expression; untraced ones run the conditions compiled to
/// ``CompiledExpr`` closures, which keep their state (budget, locals,
/// Firestore lookups, `debug()` values) in the same evaluator.
///
/// While it serves a request, an evaluator holds the request's bindings,
/// the wildcard captures of the match being evaluated, the expression
/// budget, the Firestore lookup cache and, when asked, the trace of every
/// sub-expression. It is not shared between threads; a ruleset's
/// ``EvaluatorPool`` hands it to one decision at a time and ``begin(_:)``
/// resets it, keeping the capacity of its buffers so that a decision in
/// the steady state allocates nothing.
final class Evaluator: BuiltinContext {
    /// Expressions one request may evaluate.
    static let expressionBudget = 1000
    /// Distinct Firestore documents one request may read.
    static let documentBudget = 2
    /// Runtime guard against runaway recursion (the checker rejects
    /// recursion and deep call chains statically; this only protects the stack).
    static let maximumCallDepth = 64

    // The evaluator's state is `@exclusivity(unchecked)`: the runtime
    // exclusivity check was a quarter of an untraced decision. Each access
    // is a short read or write on the one thread that holds the evaluator,
    // and none is held across a call (no inout argument or closure spans
    // one), so no two accesses can overlap.

    /// Where the request being decided lives. The evaluator borrows it
    /// rather than copying it (a copy retains and releases every field):
    /// the caller keeps it alive from ``begin(_:)`` to ``end()``.
    @exclusivity(unchecked) private var requestAddress: UnsafePointer<AuthorizationRequest>
    let options: EngineOptions
    /// The `request` map, built when a rule first reads it.
    @exclusivity(unchecked) private var builtRequestValue: Value?
    /// Wildcard captures of the match being evaluated, outermost first:
    /// ``captureCount`` of them from here (see ``useCaptures(_:)``).
    @exclusivity(unchecked) private var captureStart: UnsafePointer<WildcardCapture>
    @exclusivity(unchecked) private var captureCount = 0
    /// The path matcher's working buffer, room for the most captures one
    /// match of the ruleset binds; kept for the evaluator's lifetime.
    let matchBuffer: UnsafeMutablePointer<WildcardCapture>
    /// The scope of the matched block: names and levels of ``captures``.
    @exclusivity(unchecked) var captureScope: Scope?
    @exclusivity(unchecked) private(set) var evaluatedCount = 0
    @exclusivity(unchecked) private var documentCache: [String: RulesMap?] = [:]
    /// Every evaluated sub-expression, when tracing.
    @exclusivity(unchecked) var trace: [TraceEntry]?
    /// Values passed to `debug()`.
    @exclusivity(unchecked) private(set) var debugValues: [Value] = []
    /// The locals of the compiled function calls in progress (see ``CompiledExpr``).
    @exclusivity(unchecked) var slots = LocalStack()
    /// How many compiled function calls are in progress.
    @exclusivity(unchecked) var callDepth = 0

    /// ``idleRequest``, kept here so that ``end()`` reads it without the
    /// check a static makes each time for its one-time initialization.
    private let idleRequest = Evaluator.idleRequest

    init(options: EngineOptions, captureCapacity: Int) {
        requestAddress = Self.idleRequest
        self.options = options
        matchBuffer = .allocate(capacity: captureCapacity)
        captureStart = UnsafePointer(matchBuffer)
    }

    deinit {
        matchBuffer.deallocate()
        slots.deallocate()
    }

    /// What an idle evaluator points at: no values of any real request.
    private nonisolated(unsafe) static let idleRequest: UnsafePointer<AuthorizationRequest> = {
        let address = UnsafeMutablePointer<AuthorizationRequest>.allocate(capacity: 1)
        address.initialize(to: AuthorizationRequest(
            method: .get, bucket: "", objectPath: "", time: Timestamp(seconds: 0), recordsTrace: false))
        return UnsafePointer(address)
    }()

    /// The request being decided.
    var request: AuthorizationRequest {
        unsafeAddress { requestAddress }
    }

    /// `request.path`, split when the request was made.
    var path: RulesPath { request.requestPath }

    /// The `request` map.
    var requestValue: Value {
        if let builtRequestValue { return builtRequestValue }
        let value = Value.map(RulesMap(request: RequestRecord(self)))
        builtRequestValue = value
        return value
    }

    /// `request.resource` or `resource`.
    func object(_ object: RequestObject) -> Value {
        switch object {
        case .incoming: request.incoming ?? .null
        case .existing: request.existing ?? .null
        }
    }

    /// The fields of `request.resource` or `resource`, when it is kept as
    /// an object's fields (see ``ObjectRecord``), unretained: the request
    /// keeps them alive while it is served. Each branch reads the request
    /// in place: binding the request itself would copy it.
    @inline(__always)
    func objectRecord(_ object: RequestObject) -> Unmanaged<ObjectRecord>? {
        switch object {
        case .incoming: request.incomingRecord
        case .existing: request.existingRecord
        }
    }

    /// The value of the wildcard capture at `position` of the flat capture
    /// list, if the current match has one there.
    @inline(__always)
    func capturedValue(at position: Int) -> Value? {
        position < captureCount ? captureStart[position].value(in: request.requestPath.segments) : nil
    }

    /// Makes `captures` the wildcard captures of the match being evaluated;
    /// they must stay valid while its conditions are evaluated.
    @inline(__always)
    func useCaptures(_ captures: UnsafeBufferPointer<WildcardCapture>) {
        captureStart = captures.baseAddress ?? UnsafePointer(matchBuffer)
        captureCount = captures.count
    }

    /// Starts serving the request at `request`, which must stay valid until
    /// ``end()``. The evaluator is new or has been ended, so nothing of an
    /// earlier request is left.
    func begin(_ request: UnsafePointer<AuthorizationRequest>) {
        requestAddress = request
    }

    /// The `debug()` values recorded so far, moved out of the evaluator.
    func takeDebugValues() -> [Value] {
        var values: [Value] = []
        swap(&values, &debugValues)
        return values
    }

    /// Stops serving the request: resets the budget and every value
    /// computed from the request (the `request` map, captures, locals,
    /// Firestore lookups, `debug()` values), so an idle evaluator keeps
    /// nothing of it alive, while its buffers keep their capacity.
    func end() {
        requestAddress = idleRequest
        // Most decisions set none of these: testing first skips a release
        // of nothing, a call each.
        if builtRequestValue != nil { builtRequestValue = nil }
        captureStart = UnsafePointer(matchBuffer)
        captureCount = 0
        if captureScope != nil { captureScope = nil }
        evaluatedCount = 0
        if !documentCache.isEmpty { documentCache.removeAll(keepingCapacity: true) }
        if trace != nil { trace = nil }
        if !debugValues.isEmpty { debugValues.removeAll(keepingCapacity: true) }
        slots.clear()
        callDepth = 0
    }

    // MARK: Entry points

    /// Evaluates an allow condition in the given match scope.
    func evaluateCondition(_ expr: Expr, scope: Scope) -> Outcome {
        let environment = Environment(scope: scope, captureDepth: scope.depth, callDepth: 0)
        do {
            return .value(try evaluate(expr, environment))
        } catch {
            return .error(error)
        }
    }

    // MARK: Core

    /// Counts one evaluated node against the budget.
    @inline(__always)
    func countNode() throws(EvalError) {
        try countNodes(1)
    }

    /// Counts `nodes` evaluated nodes against the budget at once (a folded
    /// constant, or the nodes of `request.auth.uid` read in one step).
    @inline(__always)
    func countNodes(_ nodes: Int) throws(EvalError) {
        evaluatedCount += nodes
        if evaluatedCount > Evaluator.expressionBudget { throw .expressionBudget }
    }

    /// Evaluates one node, counting it against the budget and tracing it.
    /// Literals are constants and cost nothing, so a long literal allow-list
    /// cannot exhaust the budget on its own.
    func evaluate(_ expr: Expr, _ environment: Environment) throws(EvalError) -> Value {
        if !expr.isLiteral { try countNode() }
        guard trace != nil else { return try evaluateKind(expr, environment) }
        do {
            let value = try evaluateKind(expr, environment)
            trace?.append(TraceEntry(expressionID: expr.id, range: expr.range, outcome: .value(value), callDepth: environment.callDepth))
            return value
        } catch {
            trace?.append(TraceEntry(expressionID: expr.id, range: expr.range, outcome: .error(error), callDepth: environment.callDepth))
            throw error
        }
    }

    private func evaluateKind(_ expr: Expr, _ environment: Environment) throws(EvalError) -> Value {
        switch expr.kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .float(let value): return .float(value)
        case .string(let value): return .string(value)
        case .bytes(let value): return .bytes(value)
        case .list(let elements):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try evaluate(element, environment)) }
            return .list(values)
        case .map(let entries):
            var map: [String: Value] = [:]
            for entry in entries {
                let key = try evaluate(entry.key, environment)
                guard case .string(let name) = key else {
                    throw .unsupported(received: "map key \(key.type.name)", expected: ["map key string"])
                }
                map[name] = try evaluate(entry.value, environment)
            }
            return .map(RulesMap(map))
        case .path(let segments):
            return .path(try evaluatePathLiteral(segments, environment))
        case .identifier(let name):
            return try lookup(name, environment)
        case .member(let base, let name):
            return try member(of: try evaluate(base, environment), name.name)
        case .index(let base, let index):
            let container = try evaluate(base, environment)
            return try subscriptValue(container, try evaluate(index, environment))
        case .slice(let base, let lower, let upper):
            let container = try evaluate(base, environment)
            let low = try lower.map { expr throws(EvalError) in try evaluate(expr, environment) }
            let high = try upper.map { expr throws(EvalError) in try evaluate(expr, environment) }
            return try slice(container, low, high)
        case .call(let callee, let arguments):
            return try call(callee, arguments, environment)
        case .unary(let op, let operand):
            return try unary(op, try evaluate(operand, environment))
        case .binary(.and, let lhs, let rhs):
            return try logical(isAnd: true, lhs, rhs, environment)
        case .binary(.or, let lhs, let rhs):
            return try logical(isAnd: false, lhs, rhs, environment)
        case .binary(let op, let lhs, let rhs):
            let left = try evaluate(lhs, environment)
            let right = try evaluate(rhs, environment)
            return try binary(op, left, right)
        case .isType(let operand, let type):
            return .bool(try evaluate(operand, environment).isOfType(type))
        case .ternary(let condition, let then, let otherwise):
            let test = try evaluate(condition, environment)
            guard case .bool(let flag) = test else { throw .notBoolean(test) }
            return try evaluate(flag ? then : otherwise, environment)
        case .parenthesized(let inner):
            return try evaluate(inner, environment)
        case .invalid:
            throw EvalError("Invalid expression.")
        }
    }

    private func logical(isAnd: Bool, _ lhs: Expr, _ rhs: Expr, _ environment: Environment) throws(EvalError) -> Value {
        try Self.logical(
            isAnd: isAnd, { () throws(EvalError) in try evaluate(lhs, environment) },
            { () throws(EvalError) in try evaluate(rhs, environment) })
    }

    /// `&&` and `||` with the language's error absorption: a decisive operand
    /// (`false` for `&&`, `true` for `||`) wins over an error on either side;
    /// the right side is skipped when the left decides.
    @inline(__always)
    static func logical(
        isAnd: Bool, _ lhs: () throws(EvalError) -> Value, _ rhs: () throws(EvalError) -> Value
    ) throws(EvalError) -> Value {
        let decisive = !isAnd
        var leftError: EvalError?
        do throws(EvalError) {
            let left = try lhs()
            guard case .bool(let flag) = left else { throw EvalError.notBoolean(left) }
            if flag == decisive { return .bool(decisive) }
        } catch {
            leftError = error
        }
        let right: Value
        do throws(EvalError) {
            right = try rhs()
        } catch {
            throw leftError ?? error
        }
        guard case .bool(let flag) = right else { throw leftError ?? EvalError.notBoolean(right) }
        if flag == decisive { return .bool(decisive) }
        if let leftError { throw leftError }
        return .bool(flag)
    }

    // MARK: Names

    private func lookup(_ name: String, _ environment: Environment) throws(EvalError) -> Value {
        if let locals = environment.locals,
            let value = try locals.value(
                of: name, visible: environment.visibleLocals,
                evaluate: { expr, visible throws(EvalError) in try evaluate(expr, environment.seeing(visible)) })
        {
            return value
        }
        if let value = capture(name, environment) { return value }
        switch name {
        case "request": return requestValue
        case "resource": return request.existing ?? .null
        default: throw .nullValue
        }
    }

    /// A wildcard visible from the environment, innermost level first.
    func capture(_ name: String, _ environment: Environment) -> Value? {
        guard let position = captureScope?.capturePosition(of: name, visibleDepth: environment.captureDepth) else {
            return nil
        }
        return capturedValue(at: position)
    }

    private func evaluatePathLiteral(_ segments: [PathLiteralSegment], _ environment: Environment) throws(EvalError) -> RulesPath {
        var result: [String] = []
        for segment in segments {
            switch segment {
            case .text(let text):
                result.append(text)
            case .placeholder(let name):
                result.append("{\(name)}")
            case .interpolation(let expr):
                try Self.appendInterpolation(try evaluate(expr, environment), to: &result)
            }
        }
        return RulesPath(segments: result)
    }

    /// Appends the segments a `$(value)` interpolation stands for.
    static func appendInterpolation(_ value: Value, to segments: inout [String]) throws(EvalError) {
        switch value {
        case .string(let text): segments.append(text)
        case .int(let number): segments.append(String(number))
        case .path(let path): segments.append(contentsOf: path.segments)
        case let other:
            throw .unsupported(received: "path($(\(other.type.name)))", expected: ["path($(string))", "path($(int))", "path($(path))"])
        }
    }

    // MARK: BuiltinContext

    func firestoreDocument(at path: RulesPath) throws(EvalError) -> RulesMap? {
        let key = path.description
        if let cached = documentCache[key] { return cached }
        guard path.segments.count >= 3, path.segments[0] == "databases", path.segments[2] == "documents" else {
            throw EvalError("Invalid document path: \(key). Expected /databases/(default)/documents/<collection>/<document>.")
        }
        guard path.segments[1] == "(default)" else {
            throw EvalError("Only the (default) Firestore database is reachable from Cloud Storage rules. Path: \(key).")
        }
        guard documentCache.count < Evaluator.documentBudget else {
            throw EvalError("Exceeded the maximum of \(Evaluator.documentBudget) Firestore document lookups for one request. Path: \(key).")
        }
        let document = request.documents?.document(at: key)
        documentCache[key] = .some(document)
        return document
    }

    func debugLog(_ value: Value) {
        debugValues.append(value)
    }
}

extension EvalError {
    /// A non-boolean operand of `&&`, `||`, `!` or `?:`.
    static func notBoolean(_ value: Value) -> EvalError {
        EvalError("Type error. Received: [\(value.type.name)] Expected: [bool]")
    }
}

/// The fields of the `request` map.
enum RequestField: String, CaseIterable {
    case auth, method, path, time, resource, params

    /// The field named `rawValue`, byte for byte, as map keys match.
    init?(rawValue: String) {
        guard let position = Self.names.position(of: rawValue) else { return nil }
        self = Self.allCases[position]
    }

    /// The fields by name (see ``CaseNames``): a traced decision reads
    /// `request.` fields through it several times.
    private static let names = CaseNames(allCases.map(\.rawValue))

    /// The field's value for the evaluator's request.
    func value(in evaluator: Evaluator) -> Value {
        switch self {
        case .auth: evaluator.request.authValue
        case .method: .string(evaluator.request.method.rawValue)
        case .path: .path(evaluator.path)
        case .time: .timestamp(evaluator.request.time)
        case .resource: evaluator.request.incoming ?? .null
        case .params: .map(RulesMap())
        }
    }

    /// Whether ``value(in:)`` is `null`, read without making the value.
    func isNull(in evaluator: Evaluator) -> Bool {
        switch self {
        case .auth: evaluator.request.authUID == nil
        case .resource: evaluator.request.incoming?.isNull ?? true
        case .method, .path, .time, .params: false
        }
    }
}

/// `request` kept as its fields: the map they stand for, made when a rule
/// reads the whole map (a trace, `keys()`, equality); a member is read
/// without hashing its name.
final class RequestRecord: Sendable {
    /// The fields' values, in ``RequestField`` order.
    private let auth: Value
    private let method: Value
    private let path: Value
    private let time: Value
    private let resource: Value

    init(_ evaluator: Evaluator) {
        auth = RequestField.auth.value(in: evaluator)
        method = RequestField.method.value(in: evaluator)
        path = RequestField.path.value(in: evaluator)
        time = RequestField.time.value(in: evaluator)
        resource = RequestField.resource.value(in: evaluator)
    }

    /// A field's value.
    func value(of field: RequestField) -> Value {
        switch field {
        case .auth: auth
        case .method: method
        case .path: path
        case .time: time
        case .resource: resource
        case .params: .map(RulesMap())
        }
    }

    /// The map of every field.
    var entries: [String: Value] {
        var entries: [String: Value] = Dictionary(minimumCapacity: RequestField.allCases.count)
        for field in RequestField.allCases { entries[field.rawValue] = value(of: field) }
        return entries
    }
}
