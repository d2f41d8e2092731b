import Foundation
import StorageSimulator

/// What a GCS JSON API path addresses, parsed from the raw (still
/// percent-encoded) request path so that `%2F` inside a name stays part of
/// the name. The `/storage/v1` prefix is optional, as §1.7 describes.
enum CloudStoragePath: Equatable, Sendable {
    case buckets
    case bucket(String)
    case objects(bucket: String)
    case object(bucket: String, name: String)
    case acl(bucket: String, name: String)
    case copy(bucket: String, name: String, toBucket: String, toName: String, rewrite: Bool)
    /// `/upload/storage/v1/b/{bucket}/o`.
    case upload(bucket: String)
    /// `/download/storage/v1/b/{bucket}/o/{name}`.
    case download(bucket: String, name: String)

    /// Parses a raw path; `nil` when it is not a GCS JSON API path.
    static func parse(_ rawPath: String) throws(EmulatorHTTPError) -> CloudStoragePath? {
        var path = Substring(rawPath)
        var mode = ""
        for prefix in ["/upload/storage/v1", "/download/storage/v1", "/storage/v1"] where path.hasPrefix(prefix + "/") {
            mode = prefix
            path = path.dropFirst(prefix.count)
            break
        }
        let raw = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let segments = Array(raw)
        guard segments.first == "b" else { return nil }
        switch mode {
        case "/upload/storage/v1":
            guard segments.count == 3, segments[2] == "o" else { return nil }
            return .upload(bucket: try decode(segments[1]))
        case "/download/storage/v1":
            guard segments.count >= 4, segments[2] == "o" else { return nil }
            return .download(bucket: try decode(segments[1]), name: try decode(segments[3...].joined(separator: "/")))
        default:
            break
        }
        switch segments.count {
        case 1: return .buckets
        case 2: return segments[1].isEmpty ? .buckets : .bucket(try decode(segments[1]))
        case 3: return segments[2] == "o" ? .objects(bucket: try decode(segments[1])) : nil
        default:
            guard segments[2] == "o" else { return nil }
            let bucket = try decode(segments[1])
            if segments.count == 9, segments[4] == "copyTo" || segments[4] == "rewriteTo", segments[5] == "b",
                segments[7] == "o"
            {
                return .copy(
                    bucket: bucket, name: try decode(segments[3]), toBucket: try decode(segments[6]),
                    toName: try decode(segments[8]), rewrite: segments[4] == "rewriteTo")
            }
            if segments.count == 5, segments[4] == "acl" { return .acl(bucket: bucket, name: try decode(segments[3])) }
            return .object(bucket: bucket, name: try decode(segments[3...].joined(separator: "/")))
        }
    }

    /// Percent-decodes one path part; a bad encoding or a NUL is a 400.
    static func decode<S: StringProtocol>(_ text: S) throws(EmulatorHTTPError) -> String {
        guard let decoded = PercentEncoding.decode(text) else {
            throw EmulatorHTTPError(.badRequest, "Invalid percent-encoding in the request path.")
        }
        if decoded.utf8.contains(0) { throw EmulatorHTTPError(.badRequest, "Names must not contain NUL.") }
        return decoded
    }
}

/// The generation preconditions of a request's query string.
enum GenerationConditionsParsing {
    /// `ifGenerationMatch` and friends, for the object itself (or with
    /// `source: true`, `ifSourceGenerationMatch` and friends of a copy).
    static func conditions(_ query: QueryParameters, source: Bool = false) throws(EmulatorHTTPError) -> GenerationConditions {
        let prefix = source ? "ifSource" : "if"
        func number(_ name: String) throws(EmulatorHTTPError) -> Int64? {
            guard let text = query[prefix + name] else { return nil }
            guard let value = Int64(text) else {
                throw EmulatorHTTPError(.badRequest, "Invalid value for \(prefix + name): \(text)")
            }
            return value
        }
        return GenerationConditions(
            ifGenerationMatch: try number("GenerationMatch"), ifGenerationNotMatch: try number("GenerationNotMatch"),
            ifMetagenerationMatch: try number("MetagenerationMatch"),
            ifMetagenerationNotMatch: try number("MetagenerationNotMatch"))
    }
}
