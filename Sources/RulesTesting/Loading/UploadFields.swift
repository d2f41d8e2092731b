import Foundation
import RulesEngine
import StorageSimulator

/// Object paths as suites write them: inside the bucket, no leading slash.
enum ObjectPaths {
    /// `what` names the field in messages; it is built only for a message.
    static func object(
        _ node: YAMLNode, reader: YAMLReader, what: @autoclosure () -> String, allowRoot: Bool = false
    ) throws(SuiteLoadError) -> String {
        let path = try reader.string(node, what: what())
        if path.hasPrefix("/") {
            throw reader.error("\(what()) is an object path inside the bucket and takes no leading `/`: `\(path)`", at: node)
        }
        if path.isEmpty && !allowRoot {
            throw reader.error("\(what()) must name an object", at: node)
        }
        return path
    }

    /// A `bucket:` value, when given, checked as `eval --bucket` is
    /// (``BucketNames``): a `gs://` URL or a path would add segments to
    /// `request.path`.
    static func bucket(_ node: YAMLNode?, reader: YAMLReader) throws(SuiteLoadError) -> String? {
        guard let node else { return nil }
        let name = try reader.string(node, what: "`bucket`")
        if let problem = BucketNames.problem(with: name) { throw reader.error("`bucket` \(problem)", at: node, key: "bucket") }
        return name
    }
}

/// The content and metadata fields shared by `objects:` entries and uploads.
enum UploadFields {
    static let contentKeys = ["content", "contentBase64", "size", "file"]
    static let metadataKeys = ["contentType", "metadata", "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage"]
    /// The largest `size:` accepted, so a typo cannot exhaust memory.
    static let maximumSize: Int64 = 256 * 1024 * 1024

    /// An upload's or a seeded object's content as the suite gives it.
    enum Content {
        case bytes([UInt8])
        /// `size:`: that many zero bytes, made only when sent.
        case zeros(Int)

        /// The bytes themselves.
        var bytes: [UInt8] {
            switch self {
            case .bytes(let bytes): bytes
            case .zeros(let count): [UInt8](repeating: 0, count: count)
            }
        }
    }

    static func read(_ fields: Fields, reader: YAMLReader, path: String, directory: String) throws(SuiteLoadError) -> (Content, WritableFields) {
        var content = Content.bytes([])
        // The name a missing content type is inferred from: the local file's
        // for `file:` (the SDK's putFile reads the file URL's extension),
        // the object's otherwise.
        var typedName = path
        switch try fields.exclusive([.content, .contentBase64, .size, .file]) {
        case .content?:
            content = .bytes(Array(try reader.string(try fields.required(.content), what: "`content`").utf8))
        case .contentBase64?:
            let node = try fields.required(.contentBase64)
            let text = try reader.string(node, what: "`contentBase64`")
            guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
                throw reader.error("`contentBase64` is not valid base64", at: node, key: "contentBase64")
            }
            content = .bytes(Array(data))
        case .size?:
            let node = try fields.required(.size)
            let size = try reader.int(node, what: "`size`")
            guard size >= 0, size <= maximumSize else {
                throw reader.error("`size` must be between 0 and \(maximumSize), found \(size)", at: node, key: "size")
            }
            content = .zeros(Int(size))
        case .file?:
            let node = try fields.required(.file)
            let file = SuiteLoader.resolve(try reader.string(node, what: "`file`"), in: directory)
            switch TextFile.readBytes(file, limit: Int(maximumSize)) {
            case .success(let bytes):
                content = .bytes(bytes)
                typedName = file
            case .failure(let error):
                throw reader.error("file `\(file)` \(error.reasonAfterName)", at: node, key: "file")
            }
        default:
            break
        }
        var writable = WritableFields()
        writable.contentType = try fields.optionalString(.contentType) ?? ContentTypes.type(forName: typedName) ?? "application/octet-stream"
        writable.cacheControl = try fields.optionalString(.cacheControl)
        writable.contentDisposition = try fields.optionalString(.contentDisposition)
        writable.contentEncoding = try fields.optionalString(.contentEncoding)
        writable.contentLanguage = try fields.optionalString(.contentLanguage)
        if let node = fields[.metadata], !reader.isNull(node) {
            writable.metadata = try reader.stringMap(node, what: "`metadata`")
        }
        return (content, writable)
    }
}
