/// What a bucket's name must be to stand as one segment of `request.path`
/// (`/b/{bucket}/o/...`): the check `eval --bucket` and the suites' `bucket:` share.
public enum BucketNames {
    /// Why `name` cannot be a bucket's name, worded to follow the option or
    /// key that gave it (`must not be empty`), or `nil` when it can.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.contains("/") { return "must be a bucket name without `/` (got `\(name)`)" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "must not contain control characters"
        }
        return nil
    }
}
