import Foundation
import Hummingbird
import StorageSimulator

/// A request's query, parsed strictly: a bad percent-encoding is a 400.
struct QueryParameters: Sendable {
    private var values: [(String, String)] = []

    init(_ query: String?) throws(EmulatorHTTPError) {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            values.append((key, value))
        }
    }

    /// The first value of `key`.
    subscript(_ key: String) -> String? { values.first { $0.0 == key }?.1 }

    /// Whether `key` is present at all.
    func contains(_ key: String) -> Bool { values.contains { $0.0 == key } }

    private static func decode(_ text: Substring) throws(EmulatorHTTPError) -> String {
        let spaced = text.utf8.contains(UInt8(ascii: "+")) ? text.replacingOccurrences(of: "+", with: " ") : String(text)
        guard let decoded = PercentEncoding.decode(spaced) else {
            throw EmulatorHTTPError(.badRequest, "Invalid percent-encoding in the query string.")
        }
        return decoded
    }
}

/// A v0 object address from the raw request path: `/v0/b/{bucket}/o` or
/// `/v0/b/{bucket}/o/{percent-encoded name}`.
struct ObjectAddress: Sendable {
    var bucket: String
    /// The object name from the path (decoded once), `nil` for the bucket's `/o`.
    var name: String?

    init(path: String, apiPrefix: String = "/v0/b/") throws(EmulatorHTTPError) {
        guard path.hasPrefix(apiPrefix) else { throw EmulatorHTTPError(.notFound, "Not Found.") }
        let rest = path.dropFirst(apiPrefix.count)
        let parts = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[1] == "o", !parts[0].isEmpty else { throw EmulatorHTTPError(.notFound, "Not Found.") }
        bucket = try Self.decode(parts[0], what: "bucket name")
        if parts.count == 3, !parts[2].isEmpty {
            let name = try Self.decode(parts[2], what: "object name")
            try Self.check(name)
            self.name = name
        }
    }

    /// Refuses names no client should send: NUL, and `.`/`..` segments (a
    /// path that climbs out of its folder).
    static func check(_ name: String) throws(EmulatorHTTPError) {
        if name.utf8.contains(0) { throw EmulatorHTTPError(.badRequest, "Object names must not contain NUL.") }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." }) {
            throw EmulatorHTTPError(.badRequest, "Object names must not contain '.' or '..' path segments.")
        }
    }

    private static func decode(_ text: Substring, what: String) throws(EmulatorHTTPError) -> String {
        guard let decoded = PercentEncoding.decode(text) else {
            throw EmulatorHTTPError(.badRequest, "Invalid percent-encoding in the \(what).")
        }
        return decoded
    }
}
