/// A bucket's name behind one reference, so that the records of a bucket
/// share it in 8 bytes, where each would keep a 16-byte string (and, for a
/// name such as `my-project.appspot.com` parsed from each request's URL,
/// an allocation of its own).
///
/// Compared and hashed by its text: records of the same bucket are equal
/// whichever instance they hold.
final class BucketName: Hashable, Sendable {
    /// The name.
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: BucketName, rhs: BucketName) -> Bool {
        lhs === rhs || lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
