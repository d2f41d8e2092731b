import Foundation
import RulesEngine
import StorageSimulator

extension CaseExecutor {
    /// Performs one bucket operation through the SDK-shaped API.
    func perform(_ operation: TestOperation, on storage: StorageSimulator) async -> StepOutcome {
        func reference(_ target: ObjectTarget) -> StorageReference {
            storage.storage(bucket: target.bucket).reference().child(target.path)
        }
        do {
            switch operation {
            case .get(let target):
                let metadata = try await reference(target).getMetadata()
                return StepOutcome(decisions: [], metadata: Self.metadataMap(metadata))
            case .list(let target, let maxResults, let pageToken):
                let ref = reference(target)
                let page: StorageListResult
                if let pageToken {
                    page = try await ref.list(maxResults: Int64(maxResults), pageToken: pageToken)
                } else {
                    page = try await ref.list(maxResults: Int64(maxResults))
                }
                return StepOutcome(
                    decisions: [], items: page.items.map(\.fullPath), prefixes: page.prefixes.map(\.fullPath),
                    nextPageToken: .some(page.pageToken))
            case .listAll(let target):
                let all = try await reference(target).listAll()
                return StepOutcome(decisions: [], items: all.items.map(\.fullPath), prefixes: all.prefixes.map(\.fullPath))
            case .upload(let target, let upload):
                let fields = upload.fields
                let metadata = StorageMetadata()
                metadata.contentType = fields.contentType
                metadata.cacheControl = fields.cacheControl
                metadata.contentDisposition = fields.contentDisposition
                metadata.contentEncoding = fields.contentEncoding
                metadata.contentLanguage = fields.contentLanguage
                metadata.customMetadata = fields.metadata
                let stored = try await reference(target).putDataAsync(Data(upload.content), metadata: metadata)
                return StepOutcome(decisions: [], metadata: Self.metadataMap(stored))
            case .updateMetadata(let target, let patch):
                let updated = try await reference(target).updateMetadata(patch)
                return StepOutcome(decisions: [], metadata: Self.metadataMap(updated))
            case .delete(let target):
                try await reference(target).delete()
                return StepOutcome(decisions: [])
            case .request:
                return StepOutcome(decisions: [])
            }
        } catch let error as StorageError {
            var message = error.message
            if error.code == .objectNotFound, let hint = exactNameHint(operation, storage: storage) { message += " (\(hint))" }
            return StepOutcome(decisions: [], error: error.code.name, errorMessage: message)
        } catch {
            return StepOutcome(decisions: [], error: StorageErrorCode.unknown.name, errorMessage: "\(error)")
        }
    }

    /// Why a step missed a seeded object: operations normalize paths like the
    /// SDK (`//` collapsed, a trailing `/` dropped) while `objects:` keep exact
    /// names, so a seeded `a//b` cannot be reached as `a//b`.
    func exactNameHint(_ operation: TestOperation, storage: StorageSimulator) -> String? {
        let target: ObjectTarget
        switch operation {
        case .get(let value), .delete(let value), .updateMetadata(let value, _): target = value
        default: return nil
        }
        let normalized = storage.storage(bucket: target.bucket).reference().child(target.path).fullPath
        guard normalized != target.path, suite.objects.contains(where: { $0.path == target.path && $0.bucket == target.bucket }) else {
            return nil
        }
        return "an object named exactly `\(target.path)` is seeded, but operations normalize paths like the SDK, "
            + "so this step addressed `\(normalized)`; see \"Paths\" in docs/suite-format.md"
    }

    /// The keys `expect.metadata` may name.
    static let metadataKeys = [
        "name", "fullPath", "bucket", "size", "contentType", "cacheControl", "contentDisposition", "contentEncoding",
        "contentLanguage", "metadata", "generation", "metageneration", "md5Hash", "crc32c", "etag", "timeCreated",
        "updated", "storageClass",
    ]

    /// Returned metadata as a map; times are RFC 3339 strings, absent fields
    /// (custom metadata included) are left out.
    static func metadataMap(_ metadata: StorageMetadata) -> RulesMap {
        var map: [String: Value] = [:]
        map.reserveCapacity(metadataKeys.count)
        func put(_ key: String, _ value: String?) { if let value { map[key] = .string(value) } }
        put("bucket", metadata.bucket)
        put("name", metadata.name)
        put("fullPath", metadata.path)
        put("contentType", metadata.contentType)
        put("cacheControl", metadata.cacheControl)
        put("contentDisposition", metadata.contentDisposition)
        put("contentEncoding", metadata.contentEncoding)
        put("contentLanguage", metadata.contentLanguage)
        // Like the SDK's customMetadata: absent when the object has none.
        if let custom = metadata.customMetadata {
            map["metadata"] = .map(RulesMap(custom.mapValues(Value.string)))
        }
        if let object = metadata.storedObject {
            map["size"] = .int(object.size)
            map["generation"] = .int(object.generation)
            map["metageneration"] = .int(object.metageneration)
            put("md5Hash", object.md5Hash)
            put("crc32c", object.crc32c)
            put("etag", object.etag)
            put("storageClass", object.storageClass)
            put("timeCreated", object.timeCreated.rfc3339)
            put("updated", object.updated.rfc3339)
        }
        return RulesMap(map)
    }
}
