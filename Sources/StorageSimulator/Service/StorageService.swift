import RulesEngine
import RulesSyntax

/// Request-scoped operations over a simulator's buckets, for servers: each
/// call names its caller and time instead of reading the simulator's
/// signed-in identity and clock.
///
/// Semantics follow storage-service.md §4.1: the rules are asked before the
/// object's existence is checked; an overwrite is a `create` that sees the
/// stored object as `resource`; a metadata update sees the patched object as
/// `request.resource`; a listing is authorized on the folder without its
/// trailing slashes. Writes are compare-and-swap on the state the rules
/// judged, sharing the bucket machinery of the SDK-shaped API.
public final class StorageService: Sendable {
    /// The simulator whose buckets this serves.
    public let simulator: StorageSimulator
    private let rules: @Sendable (String) -> CompiledRuleset?

    /// Creates a service; `rules` gives each bucket's ruleset (`nil`: none loaded).
    public init(simulator: StorageSimulator, rules: @escaping @Sendable (String) -> CompiledRuleset?) {
        self.simulator = simulator
        self.rules = rules
    }

    // MARK: - Reads

    /// `get`: an object's record and bytes. A `downloadToken` that the
    /// existing object carries skips the rules.
    public func read(
        bucket: String, path: String, downloadToken: String? = nil, request: ServiceRequest
    ) throws(ServiceFailure) -> Authorized<ObjectContent> {
        try Self.validateName(path)
        let entry = simulator.createBucket(bucket).entry(path)
        if let downloadToken, let entry, entry.object.downloadTokens.contains(downloadToken) {
            return Authorized(value: ObjectContent(object: entry.object, bytes: entry.bytes), decision: nil)
        }
        let decision = try authorize(
            .get, bucket: bucket, path: path, incoming: nil, existing: entry?.object.fields.intoResourceValue(), request: request)
        guard let entry else { throw .notFound(decision) }
        return Authorized(value: ObjectContent(object: entry.object, bytes: entry.bytes), decision: decision)
    }

    /// `list` with the v0 API's post-filtering: items and prefixes with an
    /// empty path segment are dropped. `prefix` is `""` or ends with `/`.
    public func list(
        bucket: String, prefix: String, delimiter: String, pageToken: String?, maxResults: Int, request: ServiceRequest
    ) throws(ServiceFailure) -> Authorized<ListPage> {
        var folder = prefix
        while folder.hasSuffix("/") { folder.removeLast() }
        let store = simulator.createBucket(bucket)
        // The rules run first: a caller they deny learns nothing about its page token or size.
        let decision = try authorize(.list, bucket: bucket, path: folder, incoming: nil, existing: nil, request: request)
        guard (1...1000).contains(maxResults) else {
            throw .invalid("maxResults must be between 1 and 1000. Received: \(maxResults).")
        }
        if let pageToken, PageToken(encoded: pageToken) == nil { throw .invalid("Invalid page token: \(pageToken)") }
        let query = ListingQuery(prefix: prefix, delimiter: delimiter, maxResults: maxResults, pageToken: pageToken)
        let listing: ObjectListing
        do {
            listing = try store.list(query)
        } catch {
            throw .invalid("Invalid list request.")
        }
        let page = ListPage(
            items: listing.itemNames.filter(ObjectPath.isListableItem),
            prefixes: listing.prefixes.filter(ObjectPath.isListablePrefix),
            nextPageToken: listing.nextPageToken)
        return Authorized(value: page, decision: decision)
    }

    // MARK: - Writes

    /// `create`: an upload, new object or overwrite, with the service's
    /// defaults for missing fields and a download token when none is given.
    public func upload(
        bucket: String, path: String, bytes: [UInt8], attributes: ObjectAttributes, request: ServiceRequest
    ) throws(ServiceFailure) -> Authorized<StoredObject> {
        try Self.validateName(path)
        let store = simulator.createBucket(bucket)
        let stored = ObjectFactory.serviceDefaults(attributes, name: path)
        while true {
            let existing = store.object(path)
            let candidate = ObjectFactory.uploadCandidate(
                name: path, bucket: store.sharedName, bytes: bytes, attributes: stored, time: request.time)
            let incoming = ObjectFactory.incomingForCreate(candidate, givenCustomMetadata: attributes.customMetadata != nil)
            let decision = try authorize(
                .create, bucket: bucket, path: path, incoming: incoming, existing: existing?.fields.intoResourceValue(),
                request: request)
            // The committed record is the candidate with its generation: the content is not hashed twice.
            let stored = StoredEntry(
                object: ObjectFactory.committing(candidate, generation: simulator.nextGeneration(at: request.time)), bytes: bytes)
            if store.replace(path, ifCurrent: existing, with: stored) {
                return Authorized(value: stored.object, decision: decision)
            }
        }
    }

    /// `update`: a metadata change; `request.resource` is the patched object.
    public func updateMetadata(
        bucket: String, path: String, patch: MetadataPatch, request: ServiceRequest
    ) throws(ServiceFailure) -> Authorized<StoredObject> {
        try Self.validateName(path)
        let store = simulator.createBucket(bucket)
        while true {
            let entry = store.entry(path)
            let decision = try authorize(
                .update, bucket: bucket, path: path,
                incoming: entry.map { ObjectFactory.incomingForUpdate($0.object, patch: patch) },
                existing: entry?.object.fields.intoResourceValue(), request: request)
            guard let entry else { throw .notFound(decision) }
            let updated = ObjectFactory.committing(patch, to: entry.object, time: request.time)
            let stored = entry.with(consume updated)
            if store.replace(path, ifCurrent: entry.object, with: stored) {
                return Authorized(value: stored.object, decision: decision)
            }
        }
    }

    /// `delete`.
    public func delete(bucket: String, path: String, request: ServiceRequest) throws(ServiceFailure) -> Authorized<StoredObject> {
        try Self.validateName(path)
        let store = simulator.createBucket(bucket)
        while true {
            let existing = store.object(path)
            let decision = try authorize(
                .delete, bucket: bucket, path: path, incoming: nil, existing: existing?.fields.intoResourceValue(),
                request: request)
            guard let existing else { throw .notFound(decision) }
            if store.replace(path, ifCurrent: existing, with: nil) { return Authorized(value: existing, decision: decision) }
        }
    }

    // MARK: - Download tokens (no rules: the caller checks for admin)

    /// Makes sure the object has a download token, adding one (a metadata
    /// change: metageneration + 1) if it has none. `nil` if there is no object.
    public func ensureDownloadToken(bucket: String, path: String, time: Timestamp) -> StoredObject? {
        changeTokens(bucket: bucket, path: path, time: time) { tokens in
            guard tokens.isEmpty else { return 0 }
            tokens = [ObjectFactory.newDownloadToken()]
            return 1
        }
    }

    /// Appends a new download token. `nil` if there is no object.
    public func addDownloadToken(bucket: String, path: String, time: Timestamp) -> StoredObject? {
        changeTokens(bucket: bucket, path: path, time: time) { tokens in
            tokens.append(ObjectFactory.newDownloadToken())
            return 1
        }
    }

    /// Removes a download token; if none is left, a new one is issued, a
    /// second metadata change (metageneration + 2 in all, as the service
    /// counts them). `nil` if there is no object.
    public func removeDownloadToken(bucket: String, path: String, token: String, time: Timestamp) -> StoredObject? {
        changeTokens(bucket: bucket, path: path, time: time) { tokens in
            tokens.removeAll { $0 == token }
            guard tokens.isEmpty else { return 1 }
            tokens = [ObjectFactory.newDownloadToken()]
            return 2
        }
    }

    /// Applies `change` to the object's tokens, which returns how many
    /// metadata changes it made: the metageneration grows by that many.
    private func changeTokens(
        bucket: String, path: String, time: Timestamp, _ change: (inout [String]) -> Int
    ) -> StoredObject? {
        guard (try? Self.validateName(path)) != nil, let store = simulator.existingBucket(bucket) else { return nil }
        while true {
            guard let entry = store.entry(path) else { return nil }
            var updated = entry.object
            let changes = change(&updated.downloadTokens)
            guard changes > 0 else { return entry.object }
            ObjectFactory.bumpMetageneration(&updated, by: Int64(changes), time: time)
            let stored = entry.with(consume updated)
            if store.replace(path, ifCurrent: entry.object, with: stored) { return stored.object }
        }
    }

    // MARK: - Rules

    /// Asks the bucket's rules, unless the caller is the admin.
    private func authorize(
        _ method: RuleMethod, bucket: String, path: String, incoming: Value?, existing: Value?, request: ServiceRequest
    ) throws(ServiceFailure) -> Decision? {
        if case .admin = request.caller { return nil }
        guard let ruleset = rules(bucket) else { throw .noRuleset }
        let decision = ruleset.authorize(
            AuthorizationRequest(
                method: method, bucket: bucket, objectPath: path, auth: request.caller.identity, incoming: incoming,
                existing: existing, time: request.time, recordsTrace: request.recordsTrace))
        guard decision.allowed else { throw .denied(decision) }
        return decision
    }

    /// The service's rules for an object name: 1 to 1024 bytes of UTF-8, no
    /// carriage return, line feed or NUL.
    public static func validateName(_ name: String) throws(ServiceFailure) {
        let length = name.utf8.count
        guard length > 0 else { throw .invalid("Object names must not be empty.") }
        guard length <= ObjectPath.maximumBytes else {
            throw .invalid("Object names must be at most \(ObjectPath.maximumBytes) bytes of UTF-8; this one has \(length).")
        }
        guard !name.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
            throw .invalid("Object names must not contain a carriage return, a line feed or NUL.")
        }
    }
}
