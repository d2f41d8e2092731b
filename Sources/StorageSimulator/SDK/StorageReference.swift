/// A location in a bucket: the root, a folder or an object.
///
/// Navigation follows the SDK: `child` normalizes slashes, `parent()` is
/// `nil` at the root.
public struct StorageReference: Sendable, Hashable, CustomStringConvertible {
    /// The simulator this reference belongs to.
    public let storage: StorageSimulator
    /// The bucket.
    public let bucket: String
    /// The full path inside the bucket (`""` at the root).
    public let fullPath: String

    init(storage: StorageSimulator, bucket: String, fullPath: String) {
        self.storage = storage
        self.bucket = bucket
        self.fullPath = fullPath
    }

    /// The last path segment (`""` at the root).
    public var name: String {
        ObjectPath.segments(fullPath).last.map(String.init) ?? ""
    }

    /// The root of the same bucket.
    public func root() -> StorageReference {
        StorageReference(storage: storage, bucket: bucket, fullPath: "")
    }

    /// The enclosing folder; `nil` at the root.
    public func parent() -> StorageReference? {
        guard !fullPath.isEmpty else { return nil }
        var segments = ObjectPath.segments(fullPath)
        segments.removeLast()
        return StorageReference(storage: storage, bucket: bucket, fullPath: segments.joined(separator: "/"))
    }

    /// A reference below this one; empty segments of `path` are dropped
    /// (`child("a//b/")` is `child("a/b")`).
    public func child(_ path: String) -> StorageReference {
        if fullPath.isEmpty, ObjectPath.isNormalizedRelative(path) {
            return StorageReference(storage: storage, bucket: bucket, fullPath: path)
        }
        let joined = ObjectPath.normalized(fullPath + "/" + path)
        return StorageReference(storage: storage, bucket: bucket, fullPath: joined)
    }

    /// `gs://<bucket>/<path>`.
    public var description: String { "gs://\(bucket)/\(fullPath)" }

    /// Same simulator, bucket and path.
    public static func == (lhs: StorageReference, rhs: StorageReference) -> Bool {
        lhs.storage === rhs.storage && lhs.bucket == rhs.bucket && UTF8Order.equal(lhs.fullPath, rhs.fullPath)
    }

    /// Hashes the simulator's identity, bucket and path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storage))
        hasher.combine(bucket)
        hasher.combine(ObjectName(fullPath))
    }
}
