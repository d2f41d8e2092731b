/// Parsing of the URLs a reference can be made from.
enum StorageURL {
    /// `(bucket, path)` from `gs://<bucket>/<path>` or
    /// `http(s)://<host>/v0/b/<bucket>/o/<percent-encoded path>[?query]`.
    static func parse(_ url: String) -> (String, String)? {
        if url.hasPrefix("gs://") {
            let rest = url.dropFirst("gs://".count)
            let bucket = rest.prefix { $0 != "/" }
            guard !bucket.isEmpty else { return nil }
            return (String(bucket), String(rest.dropFirst(bucket.count)))
        }
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return nil }
        let withoutQuery = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let range = withoutQuery.range(of: "/v0/b/") else { return nil }
        let rest = withoutQuery[range.upperBound...]
        let bucket = rest.prefix { $0 != "/" }
        guard !bucket.isEmpty, let decodedBucket = PercentEncoding.decode(String(bucket)) else { return nil }
        let afterBucket = rest.dropFirst(bucket.count)
        if afterBucket.isEmpty || afterBucket == "/o" || afterBucket == "/o/" { return (decodedBucket, "") }
        guard afterBucket.hasPrefix("/o/"), let path = PercentEncoding.decode(String(afterBucket.dropFirst(3))) else {
            return nil
        }
        return (decodedBucket, path)
    }

    /// `<base>/v0/b/<bucket>/o/<percent-encoded name>?alt=media&token=<token>`.
    static func downloadURL(base: String, bucket: String, name: String, token: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/v0/b/\(PercentEncoding.component(bucket))/o/\(PercentEncoding.component(name))"
            + "?alt=media&token=\(PercentEncoding.component(token))"
    }
}
