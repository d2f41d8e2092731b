import Foundation
import RulesEngine

/// Cloud Storage's generation preconditions (`ifGenerationMatch` and
/// friends): a write or read happens only if the stored object is in the
/// state the caller names. Generation `0` names "no object".
public struct GenerationConditions: Sendable, Hashable {
    /// The live generation must be this one (`0`: the object must not exist).
    public var ifGenerationMatch: Int64?
    /// The live generation must not be this one (`0`: the object must exist).
    public var ifGenerationNotMatch: Int64?
    /// The object must exist with this metageneration.
    public var ifMetagenerationMatch: Int64?
    /// The object's metageneration must not be this one.
    public var ifMetagenerationNotMatch: Int64?

    /// Creates conditions; none given means none checked.
    public init(
        ifGenerationMatch: Int64? = nil, ifGenerationNotMatch: Int64? = nil,
        ifMetagenerationMatch: Int64? = nil, ifMetagenerationNotMatch: Int64? = nil
    ) {
        self.ifGenerationMatch = ifGenerationMatch
        self.ifGenerationNotMatch = ifGenerationNotMatch
        self.ifMetagenerationMatch = ifMetagenerationMatch
        self.ifMetagenerationNotMatch = ifMetagenerationNotMatch
    }

    /// Whether the conditions hold for the stored object (`nil`: none stored).
    public func hold(for object: StoredObject?) -> Bool {
        let generation = object?.generation ?? 0
        if let expected = ifGenerationMatch, expected != generation { return false }
        if let excluded = ifGenerationNotMatch, excluded == generation { return false }
        if let expected = ifMetagenerationMatch, object?.metageneration != expected { return false }
        if let excluded = ifMetagenerationNotMatch, let object, object.metageneration == excluded { return false }
        return true
    }
}

/// Why a conditional admin write did not happen.
public enum AdminWriteFailure: Error, Sendable, Equatable {
    /// The generation preconditions did not hold.
    case preconditionFailed
    /// There is no such object.
    case notFound
    /// The object name is not valid.
    case invalidName(String)
}

extension StorageAdmin {
    /// The record and bytes of an object, read together.
    public func content(bucket: String, path: String) -> (object: StoredObject, bytes: [UInt8])? {
        storage.existingBucket(bucket)?.entry(path).map { ($0.object, $0.bytes) }
    }

    /// Stores an object (new or overwrite) if `conditions` hold for what is
    /// stored at that moment; the check and the write are one atomic step.
    /// Derived fields are computed as ``put(_:bucket:path:attributes:)`` does.
    @discardableResult
    public func write(
        _ bytes: [UInt8], bucket: String, path: String, attributes: ObjectAttributes,
        conditions: GenerationConditions = GenerationConditions()
    ) throws(AdminWriteFailure) -> StoredObject {
        try validate(path, bucket: bucket)
        let store = storage.createBucket(bucket)
        while true {
            let existing = store.object(path)
            guard conditions.hold(for: existing) else { throw .preconditionFailed }
            let (time, generation) = storage.nextWrite()
            let object = ObjectFactory.makeObject(
                name: path, bucket: store.sharedName, bytes: bytes, attributes: attributes, generation: generation,
                time: time)
            let stored = StoredEntry(object: consume object, bytes: bytes)
            if store.replace(path, ifCurrent: existing, with: stored) { return stored.object }
        }
    }

    /// Applies a metadata change if `conditions` hold (metageneration + 1).
    @discardableResult
    public func patch(
        bucket: String, path: String, patch: MetadataPatch, conditions: GenerationConditions = GenerationConditions()
    ) throws(AdminWriteFailure) -> StoredObject {
        try validate(path, bucket: bucket)
        let store = storage.createBucket(bucket)
        while true {
            guard let entry = store.entry(path) else { throw .notFound }
            guard conditions.hold(for: entry.object) else { throw .preconditionFailed }
            let updated = ObjectFactory.committing(patch, to: entry.object, time: storage.now)
            let stored = entry.with(consume updated)
            if store.replace(path, ifCurrent: entry.object, with: stored) { return stored.object }
        }
    }

    /// Removes an object if `conditions` hold, returning what was removed.
    @discardableResult
    public func remove(
        bucket: String, path: String, conditions: GenerationConditions = GenerationConditions()
    ) throws(AdminWriteFailure) -> StoredObject {
        try validate(path, bucket: bucket)
        let store = storage.createBucket(bucket)
        while true {
            guard let existing = store.object(path) else { throw .notFound }
            guard conditions.hold(for: existing) else { throw .preconditionFailed }
            if store.replace(path, ifCurrent: existing, with: nil) { return existing }
        }
    }

    private func validate(_ path: String, bucket: String) throws(AdminWriteFailure) {
        do {
            try ObjectPath.validate(path, bucket: bucket)
        } catch {
            throw .invalidName(error.message)
        }
    }
}
