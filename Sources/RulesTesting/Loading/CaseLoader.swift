import Foundation
import RulesEngine
import RulesSyntax
import Synchronization

/// Loads `cases:` and `steps:` with the suite's defaults.
struct CaseContext {
    let reader: YAMLReader
    let bucket: String
    let users: [String: AuthIdentity]
    let directory: String

    static let operationKeys = ["get", "list", "listAll", "upload", "updateMetadata", "delete", "request"]
    static let callerKeys = ["as", "auth", "time"]
    static let caseKeys = ["name", "firestore", "skip"]

    /// The fields each operation accepts besides its own key.
    static func fieldKeys(of operation: String) -> [String] {
        switch operation {
        case "list": ["bucket", "maxResults", "pageToken"]
        case "upload": ["bucket"] + UploadFields.contentKeys + UploadFields.metadataKeys
        case "updateMetadata": ["bucket", "set"]
        default: ["bucket"]
        }
    }

    static var allFieldKeys: Set<String> {
        Set(operationKeys.flatMap(fieldKeys(of:)))
    }

    /// The operations' keys, interned.
    private static let operationSet = SuiteKeys(operationKeys.map(SuiteKey.init))

    /// The keys a case accepts, by its operation (indexed by the key's raw
    /// value), made once rather than for every case.
    private static let caseKeysByOperation: [SuiteKeys] = keysByOperation { caseKeys + callerKeys + [$0, "expect"] + fieldKeys(of: $0) }
    /// The keys of a case with `steps`.
    private static let sequenceCaseKeys = SuiteKeys((caseKeys + callerKeys + ["steps"]).map(SuiteKey.init))
    /// The keys a step accepts, by its operation.
    private static let stepKeysByOperation: [SuiteKeys] = keysByOperation { callerKeys + [$0, "expect"] + fieldKeys(of: $0) }

    private static func keysByOperation(_ keys: (String) -> [String]) -> [SuiteKeys] {
        var table = [SuiteKeys](repeating: SuiteKeys([]), count: SuiteKey.allCases.count)
        for operation in operationKeys {
            table[Int(SuiteKey(operation).rawValue)] = SuiteKeys(keys(operation).map(SuiteKey.init))
        }
        return table
    }

    /// The keys a case accepts, by its operation (`nil`: a case with
    /// `steps`), as strings in the order messages list them.
    private static func caseKeyList(_ operation: String?) -> [String] {
        guard let operation else { return caseKeys + callerKeys + ["steps"] }
        return caseKeys + callerKeys + [operation, "expect"] + fieldKeys(of: operation)
    }

    func loadCases(_ node: YAMLNode) throws(SuiteLoadError) -> [TestCase] {
        let items = try reader.sequence(node, what: "`cases`")
        let (cases, nameHashes, failure) = loadEach(items)
        // In document order, so the error is the one a case-by-case load
        // meets first: every case before the first that failed is loaded.
        if let (index, first) = Self.firstRepeatedName(in: cases, hashes: nameHashes) {
            throw reader.error(
                "duplicate case name `\(cases[index].name)` (first used at line \(cases[first].location.line))", at: items[index],
                key: "name")
        }
        if let failure { throw failure }
        return cases
    }

    /// The first case, in document order, whose name an earlier case has,
    /// and the earliest such case. `hashes` holds each name's hash value,
    /// computed where the cases were loaded, over the cores: hashing every
    /// name into a dictionary here, on one core, was 7 million instructions
    /// for 10,000 cases, while the other core waited.
    static func firstRepeatedName(in cases: [TestCase], hashes: [Int]) -> (index: Int, first: Int)? {
        var size = 16
        while size < 2 * cases.count { size *= 2 }
        let mask = size - 1
        // Open addressing with linear probing; a slot holds a case's index.
        var slots = [Int](repeating: -1, count: size)
        for index in cases.indices {
            var slot = hashes[index] & mask
            while slots[slot] >= 0 {
                let earlier = slots[slot]
                if hashes[earlier] == hashes[index] && cases[earlier].name == cases[index].name { return (index, earlier) }
                slot = (slot + 1) & mask
            }
            slots[slot] = index
        }
        return nil
    }

    /// Fewest cases worth handing to another thread.
    static let casesPerRun = 256

    /// Each case loaded on its own, in runs of consecutive cases spread over
    /// the cores (a large generated suite spends a third of its load here),
    /// each run writing its cases into their places in the result: gathering
    /// them afterwards retained every field of every case, on cache lines
    /// another core had just written. A run stops at its first failed case;
    /// the result holds the cases before the first failure in document
    /// order, and that failure.
    private func loadEach(_ items: [YAMLNode]) -> (cases: [TestCase], nameHashes: [Int], failure: SuiteLoadError?) {
        let runCount = ParallelParts.count(of: items.count, atLeast: Self.casesPerRun)
        guard runCount > 1 else {
            var cases: [TestCase] = []
            cases.reserveCapacity(items.count)
            var failure: SuiteLoadError?
            for item in items {
                do {
                    cases.append(try loadCase(item))
                } catch {
                    failure = error
                    break
                }
            }
            return (cases, cases.map(\.name.hashValue), failure)
        }
        var nameHashes = [Int](repeating: 0, count: items.count)
        // Per run: how many cases it wrote, and the error that stopped it.
        let outcomes = Mutex([(written: Int, failure: SuiteLoadError?)](repeating: (0, nil), count: runCount))
        var failure: SuiteLoadError?
        let cases = nameHashes.withUnsafeMutableBufferPointer { hashBuffer in
            [TestCase](unsafeUninitializedCapacity: items.count) { buffer, initializedCount in
                nonisolated(unsafe) let base = buffer.baseAddress!
                nonisolated(unsafe) let hashes = hashBuffer.baseAddress!
                ParallelParts.forEach(runCount) { run in
                    let bounds = items.count * run / runCount..<items.count * (run + 1) / runCount
                    var written = 0
                    var stopped: SuiteLoadError?
                    for index in bounds {
                        do throws(SuiteLoadError) {
                            (base + index).initialize(to: try loadCase(items[index]))
                            hashes[index] = base[index].name.hashValue
                            written += 1
                        } catch {
                            stopped = error
                            break
                        }
                    }
                    outcomes.withLock { $0[run] = (written, stopped) }
                }
                // Keep the cases up to the first failure; free those that later runs wrote.
                let runs = outcomes.withLock { $0 }
                var kept = 0
                for (run, outcome) in runs.enumerated() {
                    let start = items.count * run / runCount
                    if failure == nil {
                        kept = start + outcome.written
                        failure = outcome.failure
                    } else {
                        (base + start).deinitialize(count: outcome.written)
                    }
                }
                initializedCount = kept
            }
        }
        return (cases, nameHashes, failure)
    }

    private func loadCase(_ node: YAMLNode) throws(SuiteLoadError) -> TestCase {
        let fields = try reader.mapping(node, what: "a case")
        let isSequence = fields.has(.steps)
        let operation = isSequence ? nil : try operationKey(fields, what: "a case")
        let allowed = operation.map { Self.caseKeysByOperation[Int($0.rawValue)] } ?? Self.sequenceCaseKeys
        try check(fields, allowed: allowed, list: Self.caseKeyList(operation?.text), operation: operation)
        let name = try reader.string(try fields.required(.name), what: "`name`")
        let location = reader.location(of: node)
        var skipReason: String?
        if let skip = fields[.skip] {
            if case .bool(let flag)? = reader.scalarValue(skip) {
                skipReason = flag ? "skipped" : nil
            } else {
                skipReason = try reader.string(skip, what: "`skip`")
            }
        }
        let firestore = try fields[.firestore].map { node throws(SuiteLoadError) in
            try SuiteLoader.loadDocuments(node, reader: reader)
        } ?? [:]
        let caller = try loadCaller(fields, inherited: .signedOut)
        let time = try fields[.time].map { node throws(SuiteLoadError) in try reader.timestamp(node, what: "`time`") }
        var steps: [TestStep] = []
        if isSequence {
            let list = try reader.sequence(try fields.required(.steps), what: "`steps`")
            if list.isEmpty { throw reader.error("`steps` must contain at least one step", at: try fields.required(.steps)) }
            steps.reserveCapacity(list.count)
            for stepNode in list {
                steps.append(try loadStep(stepNode, caller: caller, time: time))
            }
        } else if let operation {
            // Made at its size: appending to an empty list allocated it, then grew it.
            steps = [try loadOperationStep(fields, node: node, operation: operation, caller: caller, time: time)]
        }
        return TestCase(name: name, location: location, skipReason: skipReason, firestore: firestore, steps: steps, isSequence: isSequence)
    }

    private func loadStep(_ node: YAMLNode, caller inherited: Caller, time inheritedTime: Timestamp?) throws(SuiteLoadError) -> TestStep {
        let fields = try reader.mapping(node, what: "a step")
        let operation = try operationKey(fields, what: "a step")
        let allowed = Self.stepKeysByOperation[Int(operation.rawValue)]
        try check(
            fields, allowed: allowed, list: Self.callerKeys + [operation.text, "expect"] + Self.fieldKeys(of: operation.text),
            operation: operation)
        let caller = try loadCaller(fields, inherited: inherited)
        let time = try fields[.time].map { node throws(SuiteLoadError) in try reader.timestamp(node, what: "`time`") } ?? inheritedTime
        return try loadOperationStep(fields, node: node, operation: operation, caller: caller, time: time)
    }

    /// Checks a mapping against its allowed keys, naming keys that belong to
    /// another operation; `list` is `allowed` as messages name it, in order.
    private func check(
        _ loose: Fields, allowed: SuiteKeys, list: @autoclosure () -> [String], operation: SuiteKey?
    ) throws(SuiteLoadError) {
        // The usual case: every key allowed.
        if loose.hasOnly(allowed) { return }
        // A mistake: the keys as text, in the order messages name them.
        let allowed = list()
        for (index, key) in loose.keys.enumerated() where !allowed.contains(key) {
            if let operation, Self.allFieldKeys.contains(key) {
                throw reader.error("`\(key)` does not apply to `\(operation.text)`", at: loose.pairs[index].key, key: key)
            }
            if operation == nil, key == "expect" || Self.operationKeys.contains(key) {
                throw reader.error("a case with `steps` takes `\(key)` inside each step", at: loose.pairs[index].key, key: key)
            }
        }
        _ = try loose.restricted(to: allowed)
    }

    private func operationKey(_ fields: Fields, what: String) throws(SuiteLoadError) -> SuiteKey {
        // The first two operation keys, without collecting them all.
        var first: SuiteKey?
        var second: SuiteKey?
        if fields.present.bits & Self.operationSet.bits != 0 {
            for id in fields.ids where Self.operationSet.contains(id) {
                if first == nil { first = id } else { second = id; break }
            }
        }
        guard let first else {
            let needsOperation = "\(what) needs exactly one operation: \(Self.operationKeys.map { "`\($0)`" }.joined(separator: ", ")) or `steps`"
            // A key nothing knows is most likely the operation misspelt: name it.
            let unknown = fields.entries.first { !(Self.caseKeys + Self.callerKeys + ["expect", "steps"]).contains($0.key) && !Self.allFieldKeys.contains($0.key) }
            if let unknown {
                let hint = closestMatch(to: unknown.key, in: Self.operationKeys + Self.caseKeys + Self.callerKeys + ["expect", "steps"])
                    .map { " (did you mean `\($0)`?)" } ?? "; \(needsOperation)"
                throw reader.error("unknown key `\(unknown.key)` in \(what)\(hint)", at: unknown.keyNode, key: unknown.key)
            }
            throw reader.error(needsOperation, at: fields.node)
        }
        if let second {
            throw reader.error(
                "\(what) has two operations, `\(first.text)` and `\(second.text)`; use `steps` for a sequence",
                at: fields.keyNode(second.text) ?? fields.node, key: second.text)
        }
        return first
    }

    private func loadCaller(_ fields: Fields, inherited: Caller) throws(SuiteLoadError) -> Caller {
        switch try fields.exclusive([.as, .auth]) {
        case .as?:
            let node = try fields.required(.as)
            let name = try reader.string(node, what: "`as`")
            guard let identity = users[name] else {
                var message = "unknown user `\(name)`; `as` names a key of `users`"
                if let suggestion = closestMatch(to: name, in: users.keys.sorted()) { message += " (did you mean `\(suggestion)`?)" }
                throw reader.error(message, at: node, key: "as")
            }
            return .user(name: name, identity: identity)
        case .auth?:
            let node = try fields.required(.auth)
            if reader.isNull(node) { return .signedOut }
            return .user(name: nil, identity: try SuiteLoader.identity(node, reader: reader, what: "`auth`"))
        default:
            return inherited
        }
    }

    private func loadOperationStep(
        _ fields: Fields, node: YAMLNode, operation: SuiteKey, caller: Caller, time: Timestamp?
    ) throws(SuiteLoadError) -> TestStep {
        let loaded = try loadOperation(fields, key: operation)
        let expectNode = try fields.required(.expect)
        let expectation = try loadExpectation(expectNode, operation: operation)
        return TestStep(location: reader.location(of: node), caller: caller, time: time, operation: loaded, expectation: expectation)
    }
}
