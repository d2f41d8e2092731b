import RulesEngine
import RulesSyntax
import StorageSimulator

extension CaseContext {
    static let errorCodes = ["none", "unauthorized", "unauthenticated", "objectNotFound", "bucketNotFound", "invalidArgument", "cancelled", "unknown"]

    func loadOperation(_ fields: Fields, key: SuiteKey) throws(SuiteLoadError) -> TestOperation {
        let node = try fields.required(key)
        let explicitBucket = try ObjectPaths.bucket(fields[.bucket], reader: reader)
        func target(allowRoot: Bool = false) throws(SuiteLoadError) -> ObjectTarget {
            let path = try ObjectPaths.object(node, reader: reader, what: "`\(key.text)`", allowRoot: allowRoot)
            return ObjectTarget(bucket: explicitBucket ?? bucket, path: path, explicitBucket: explicitBucket != nil && explicitBucket != bucket)
        }
        switch key {
        case .get: return .get(try target())
        case .delete: return .delete(try target())
        case .listAll: return .listAll(try target(allowRoot: true))
        case .list:
            var maxResults: Int64 = 1000
            if let limitNode = fields[.maxResults] {
                if let digits = YAMLReader.outOfRangeInteger(limitNode) {
                    throw reader.error("`maxResults` must be between 1 and 1000, found \(digits)", at: limitNode, key: "maxResults")
                }
                maxResults = try reader.int(limitNode, what: "`maxResults`")
                guard (1...1000).contains(maxResults) else {
                    throw reader.error("`maxResults` must be between 1 and 1000, found \(maxResults)", at: limitNode, key: "maxResults")
                }
            }
            return .list(try target(allowRoot: true), maxResults: Int(maxResults), pageToken: try fields.optionalString(.pageToken))
        case .upload:
            let objectTarget = try target()
            let (content, writable) = try UploadFields.read(fields, reader: reader, path: objectTarget.path, directory: directory)
            switch content {
            case .bytes(let bytes): return .upload(objectTarget, UploadSpec(content: bytes, fields: writable))
            case .zeros(let count): return .upload(objectTarget, UploadSpec(zeros: count, fields: writable))
            }
        case .updateMetadata:
            return .updateMetadata(try target(), try loadPatch(try fields.required(.set)))
        default:
            return .request(try loadRawRequest(node, bucket: explicitBucket ?? bucket))
        }
    }

    private func loadPatch(_ node: YAMLNode) throws(SuiteLoadError) -> MetadataPatch {
        let fields = try reader.mapping(node, what: "`set`", allowed: UploadFields.metadataKeys)
        func change(_ key: SuiteKey) throws(SuiteLoadError) -> MetadataPatch.Change? {
            guard let value = fields[key] else { return nil }
            if reader.isNull(value) { return .delete }
            return .set(try reader.string(value, what: "`\(key.text)`"))
        }
        var patch = MetadataPatch(
            contentType: try change(.contentType), cacheControl: try change(.cacheControl),
            contentDisposition: try change(.contentDisposition), contentEncoding: try change(.contentEncoding),
            contentLanguage: try change(.contentLanguage))
        if let metadata = fields[.metadata] {
            if reader.isNull(metadata) {
                patch.customMetadata = .deleteAll
            } else {
                var merged: [String: String?] = [:]
                for entry in try reader.mapping(metadata, what: "`metadata`").entries {
                    merged[entry.key] = reader.isNull(entry.value) ? .some(nil) : try reader.string(entry.value, what: "`\(entry.key)`")
                }
                patch.customMetadata = .merge(merged)
            }
        }
        return patch
    }

    private func loadRawRequest(_ node: YAMLNode, bucket: String) throws(SuiteLoadError) -> RawRequest {
        let fields = try reader.mapping(node, what: "`request`", allowed: ["method", "path", "resource", "existing"])
        let methodNode = try fields.required(.method)
        let methodName = try reader.string(methodNode, what: "`method`")
        let granular: [RuleMethod] = [.get, .list, .create, .update, .delete]
        guard let method = RuleMethod(rawValue: methodName), granular.contains(method) else {
            throw reader.error("`method` must be one of get, list, create, update, delete; found `\(methodName)`", at: methodNode, key: "method")
        }
        let pathNode = try fields.required(.path)
        let written = try reader.string(pathNode, what: "`path`")
        var requestBucket = bucket
        var objectPath = written
        if written.hasPrefix("/b/") {
            let segments = written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard segments.count >= 3, segments[2] == "o" else {
                throw reader.error("a full resource path has the form `/b/<bucket>/o/<object>`, found `\(written)`", at: pathNode, key: "path")
            }
            requestBucket = segments[1]
            objectPath = segments.dropFirst(3).joined(separator: "/")
        } else if written.hasPrefix("/") {
            throw reader.error("`path` is an object path without a leading `/`, or a full `/b/<bucket>/o/...` path", at: pathNode, key: "path")
        }
        func literal(_ key: SuiteKey) throws(SuiteLoadError) -> Value? {
            guard let value = fields[key], !reader.isNull(value) else { return nil }
            var map = try reader.map(value, what: "`\(key.text)`")
            for field in ["timeCreated", "updated"] {
                if case .string(let text)? = map[field] {
                    guard let timestamp = Timestamp(rfc3339: text) else {
                        throw reader.error("`\(field)` in `\(key.text)` must be an RFC 3339 timestamp, found `\(text)`", at: value, key: field)
                    }
                    map[field] = .timestamp(timestamp)
                }
            }
            return .map(map)
        }
        return RawRequest(method: method, bucket: requestBucket, path: objectPath, resource: try literal(.resource), existing: try literal(.existing))
    }

    /// The keys an expectation of `operation` may have, in the order messages name them.
    static func expectationKeys(for operation: SuiteKey) -> [SuiteKey] {
        switch operation {
        case .list: [.decision, .error, .items, .prefixes, .nextPageToken]
        case .listAll: [.decision, .error, .items, .prefixes]
        case .get, .upload, .updateMetadata: [.decision, .error, .metadata]
        case .delete: [.decision, .error]
        default: [.decision]
        }
    }

    func loadExpectation(_ node: YAMLNode, operation: SuiteKey) throws(SuiteLoadError) -> Expectation {
        func decision(_ node: YAMLNode) throws(SuiteLoadError) -> ExpectedDecision {
            let text = try reader.string(node, what: "the expected decision")
            // Compared directly: `init(rawValue:)` compares with each case in turn, for every case of a suite.
            let expected: ExpectedDecision? = text == "allow" ? .allow : text == "deny" ? .deny : nil
            guard let decision = expected else {
                throw reader.error("the expected decision must be `allow` or `deny`, found `\(text)`", at: node, key: "expect")
            }
            return decision
        }
        if case .scalar = node { return Expectation(decision: try decision(node)) }
        let allowed = Self.expectationKeys(for: operation)
        let applicable = SuiteKeys(allowed)
        let fields = try reader.mapping(node, what: "`expect`")
        if !fields.hasOnly(applicable) {
            // First a key that belongs to another operation, then any other unknown key, each in document order.
            let expectationKeys = SuiteKeys(Self.expectationKeys(for: .list) + [.metadata])
            for (index, id) in fields.ids.enumerated() where !applicable.contains(id) && expectationKeys.contains(id) {
                throw reader.error("`expect.\(id.text)` does not apply to `\(operation.text)`", at: fields.pairs[index].key, key: id.text)
            }
            _ = try fields.restricted(to: allowed.map(\.text))
        }
        var expectation = Expectation(decision: try decision(try fields.required(.decision)))
        if let errorNode = fields[.error] {
            let code = try reader.string(errorNode, what: "`error`")
            guard Self.errorCodes.contains(code) else {
                var message = "unknown error `\(code)`; expected one of \(Self.errorCodes.joined(separator: ", "))"
                if let suggestion = closestMatch(to: code, in: Self.errorCodes) { message += " (did you mean `\(suggestion)`?)" }
                throw reader.error(message, at: errorNode, key: "error")
            }
            expectation.error = code
        }
        expectation.items = try fields[.items].map { node throws(SuiteLoadError) in try reader.strings(node, what: "`items`") }
        expectation.prefixes = try fields[.prefixes].map { node throws(SuiteLoadError) in try reader.strings(node, what: "`prefixes`") }
        if let tokenNode = fields[.nextPageToken] {
            expectation.nextPageToken = .some(reader.isNull(tokenNode) ? nil : try reader.string(tokenNode, what: "`nextPageToken`"))
        }
        if let metadataNode = fields[.metadata] {
            let expected = try reader.mapping(metadataNode, what: "`expect.metadata`", allowed: CaseExecutor.metadataKeys)
            var metadata: [String: Value] = [:]
            for entry in expected.entries {
                // Times are instants: written in any RFC 3339 form, they are
                // compared in the one form the returned metadata takes.
                metadata[entry.key] =
                    entry.key == "timeCreated" || entry.key == "updated"
                    ? .string(try reader.timestamp(entry.value, what: "`expect.metadata.\(entry.key)`").rfc3339)
                    : try reader.value(entry.value)
            }
            expectation.metadata = RulesMap(metadata)
        }
        return expectation
    }
}
