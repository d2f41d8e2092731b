/// Object-name rules and the SDK's path normalization.
public enum ObjectPath {
    /// The most bytes of UTF-8 an object name may have.
    public static let maximumBytes = 1024

    /// Checks the service's rules for an object name: 1 to 1024 bytes of
    /// UTF-8, no carriage return or line feed. Names are otherwise kept exactly
    /// (`a//b`, `a/` and a leading `/` are all valid and distinct).
    public static func validate(_ name: String, bucket: String? = nil) throws(StorageError) {
        let length = name.utf8.count
        if length == 0 {
            throw .invalidArgument("Object names must be 1 to 1024 bytes of UTF-8; the name is empty.", bucket: bucket, path: name)
        }
        if length > maximumBytes {
            throw .invalidArgument(
                "Object names must be 1 to 1024 bytes of UTF-8; this one has \(length) bytes.", bucket: bucket, path: name)
        }
        if name.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            throw .invalidArgument(
                "Object names must not contain a carriage return or line feed.", bucket: bucket, path: name)
        }
    }

    /// The SDK's normalization of a reference path: empty segments dropped,
    /// so leading, trailing and repeated slashes disappear (`/a//b/` → `a/b`).
    public static func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }

    /// Whether the v0 list API shows this item name: after dropping one
    /// leading `/`, it is non-empty and has no empty segment (so no `//`
    /// anywhere and no trailing `/`).
    static func isListableItem(_ name: String) -> Bool {
        var name = Substring(name)
        if name.hasPrefix("/") { name = name.dropFirst() }
        guard !name.isEmpty else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }

    /// Whether the v0 list API shows this prefix: the item test after
    /// removing at most one trailing `/`.
    static func isListablePrefix(_ prefix: String) -> Bool {
        isListableItem(prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix)
    }
}
