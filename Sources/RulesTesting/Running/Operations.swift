import Foundation
import RulesEngine
import StorageSimulator

extension CaseExecutor {
    /// Performs one bucket operation through the SDK-shaped API; its
    /// outcome holds the decisions `recorder` collected meanwhile.
    /// `defaultRoot`, the root reference of the suite's bucket, is the
    /// parent of the references to objects in that bucket.
    func perform(
        _ operation: TestOperation, on storage: StorageSimulator, defaultRoot: StorageReference?,
        recorder: DecisionRecorder
    ) async -> StepOutcome {
        func reference(_ target: ObjectTarget) -> StorageReference {
            if let defaultRoot, target.bucket == suite.bucket { return defaultRoot.child(target.path) }
            return storage.storage(bucket: target.bucket).reference().child(target.path)
        }
        do {
            switch operation {
            case .get(let target):
                let metadata = try await reference(target).getMetadata()
                return StepOutcome(decisions: recorder.drain(), returned: ReturnedMetadata(metadata))
            case .list(let target, let maxResults, let pageToken):
                let ref = reference(target)
                let page: StorageListResult
                if let pageToken {
                    page = try await ref.list(maxResults: Int64(maxResults), pageToken: pageToken)
                } else {
                    page = try await ref.list(maxResults: Int64(maxResults))
                }
                return StepOutcome(
                    decisions: recorder.drain(), items: page.items.map(\.fullPath), prefixes: page.prefixes.map(\.fullPath),
                    nextPageToken: .some(page.pageToken))
            case .listAll(let target):
                let all = try await reference(target).listAll()
                return StepOutcome(
                    decisions: recorder.drain(), items: all.items.map(\.fullPath), prefixes: all.prefixes.map(\.fullPath))
            case .upload(let target, let upload):
                let fields = upload.fields
                let metadata = StorageMetadata()
                metadata.contentType = fields.contentType
                metadata.cacheControl = fields.cacheControl
                metadata.contentDisposition = fields.contentDisposition
                metadata.contentEncoding = fields.contentEncoding
                metadata.contentLanguage = fields.contentLanguage
                metadata.customMetadata = fields.metadata
                let stored = try await reference(target).putDataAsync(upload.data, metadata: metadata)
                return StepOutcome(decisions: recorder.drain(), returned: ReturnedMetadata(stored))
            case .updateMetadata(let target, let patch):
                let updated = try await reference(target).updateMetadata(patch)
                return StepOutcome(decisions: recorder.drain(), returned: ReturnedMetadata(updated))
            case .delete(let target):
                try await reference(target).delete()
                return StepOutcome(decisions: recorder.drain())
            case .request:
                return StepOutcome(decisions: recorder.drain())
            }
        } catch let error as StorageError {
            var message = error.message
            if error.code == .objectNotFound, let hint = exactNameHint(operation, storage: storage) { message += " (\(hint))" }
            return StepOutcome(decisions: recorder.drain(), error: error.code.name, errorMessage: message)
        } catch {
            return StepOutcome(decisions: recorder.drain(), error: StorageErrorCode.unknown.name, errorMessage: "\(error)")
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
}
