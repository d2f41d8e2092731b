import Foundation
import Synchronization
import RulesEngine
import RulesSyntax
import Yams

/// Loads suite files (test-format.md) strictly: unknown keys, wrong types,
/// missing rules files and rules that do not compile are errors naming the
/// file and line.
public struct SuiteLoader: Sendable {
    /// The default bucket when a suite names none.
    public static let defaultBucket = "default-bucket"

    /// Shared compile cache.
    public let cache: RulesCache

    /// Creates a loader.
    public init(cache: RulesCache = RulesCache()) {
        self.cache = cache
    }

    static let topLevelKeys = ["rules", "rulesSource", "bucket", "time", "users", "firestore", "objects", "cases"]

    /// Reads and loads the suite file at `path`.
    public func load(path: String) throws(SuiteLoadError) -> TestSuite {
        switch TextFile.read(path) {
        case .success(let text):
            return try load(text: text, path: path)
        case .failure(let error):
            throw SuiteLoadError(
                location: SuiteLocation(file: path, line: error.line ?? 1, column: error.column ?? 1),
                message: "the suite file \(error.reason)")
        }
    }

    /// Loads a suite from its text; `path` is used in messages and to resolve
    /// the relative paths inside it.
    public func load(text: String, path: String) throws(SuiteLoadError) -> TestSuite {
        let (suite, caseNodes) = try loadTree(text: text, path: path)
        // The rest of the tree is gone with `loadTree`'s scope.
        if let caseNodes { YAMLTeardown.release(caseNodes) }
        return suite
    }

    /// ``load(text:path:)``, and the nodes of the cases, held apart so that
    /// they are freed over the cores rather than with the tree.
    private func loadTree(text: String, path: String) throws(SuiteLoadError) -> (TestSuite, [YAMLNode]?) {
        // YAML allows a byte-order mark before the stream (editors on Windows
        // write one), but libyaml, told the text is UTF-8, takes it for content.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let reader = YAMLReader(file: path)
        if YAMLMessages.looksLikeRules(text) {
            throw SuiteLoadError(
                location: SuiteLocation(file: path, line: 1, column: 1),
                message: "this is a rules file, not a suite: give the suite (*.test.yaml) that names it with `rules:`")
        }
        try YAMLLimits.check(text, file: path)
        let root: YAMLNode
        do {
            guard let composed = try YAMLComposer.compose(text) else {
                throw SuiteLoadError(location: SuiteLocation(file: path, line: 1, column: 1), message: "the suite file is empty")
            }
            root = composed
        } catch let error as SuiteLoadError {
            throw error
        } catch {
            throw Self.yamlError(error, file: path, text: text).clamped(to: text)
        }
        let top = try reader.mapping(root, what: "the suite", allowed: Self.topLevelKeys)
        let directory = Self.directory(of: path)
        let source = try rulesSource(top, reader: reader, directory: directory, suiteText: text)
        // A compile is worth a thread of its own only beside a load that
        // takes as long: the cases a load spreads over the cores.
        var caseNodes: [YAMLNode]?
        if case .sequence(let cases)? = top["cases"] { caseNodes = cases.items }
        let manyCases = (caseNodes?.count ?? 0) >= CaseContext.casesPerRun
        let (result, rest) = compiling(source, overlapping: manyCases) { () throws(SuiteLoadError) in
            try loadAllButRules(top, reader: reader, directory: directory)
        }
        // Rules errors come first, as a load in file order meets them.
        let rules = try ruleset(result, source: source, top: top, reader: reader)
        let parts = try rest.get()
        let suite = TestSuite(
            path: path, rules: rules, bucket: parts.bucket, time: parts.time, users: parts.users,
            firestore: parts.firestore, objects: parts.objects, cases: parts.cases)
        return (suite, caseNodes)
    }

    /// The rules' compile result and `load`'s; with `overlapping`, the
    /// compile runs on a thread of its own while `load` runs (a large
    /// ruleset takes milliseconds, as long as loading a thousand cases). A
    /// thread rather than a queue's: the loader may itself run on a pool
    /// thread, which waits for the compile.
    private func compiling<Parts>(
        _ source: RulesSource, overlapping: Bool, while load: () throws(SuiteLoadError) -> Parts
    ) -> (CompileResult, Result<Parts, SuiteLoadError>) {
        guard overlapping else {
            return (cache.compile(path: source.path, text: source.text, indentation: source.indentation), Result(catching: load))
        }
        let finished = DispatchSemaphore(value: 0)
        let compiled = Mutex<CompileResult?>(nil)
        ParallelParts.startThread { [cache] in
            let result = cache.compile(path: source.path, text: source.text, indentation: source.indentation)
            compiled.withLock { $0 = result }
            finished.signal()
        }
        let loaded = Result(catching: load)
        finished.wait()
        guard let result = compiled.withLock({ $0 }) else { preconditionFailure("the rules compile finished without a result") }
        return (result, loaded)
    }

    /// Everything a suite holds but its rules.
    private struct SuiteParts {
        var bucket: String
        var time: Timestamp?
        var users: [String: AuthIdentity]
        var firestore: [String: RulesMap]
        var objects: [SeedObject]
        var cases: [TestCase]
    }

    private func loadAllButRules(_ top: Fields, reader: YAMLReader, directory: String) throws(SuiteLoadError) -> SuiteParts {
        let bucket = try ObjectPaths.bucket(top["bucket"], reader: reader) ?? Self.defaultBucket
        let time = try top["time"].map { node throws(SuiteLoadError) in try reader.timestamp(node, what: "`time`") }
        let users = try top["users"].map { node throws(SuiteLoadError) in try loadUsers(node, reader: reader) } ?? [:]
        var firestore: [String: RulesMap] = [:]
        if let node = top["firestore"] {
            for (key, document) in try Self.loadDocuments(node, reader: reader) {
                if let document { firestore[key] = document }
            }
        }
        let objects = try top["objects"].map { node throws(SuiteLoadError) in
            try loadObjects(node, reader: reader, bucket: bucket, directory: directory)
        } ?? []
        let context = CaseContext(reader: reader, bucket: bucket, users: users, directory: directory)
        let cases = try context.loadCases(try top.required("cases"))
        return SuiteParts(bucket: bucket, time: time, users: users, firestore: firestore, objects: objects, cases: cases)
    }

    /// A suite's rules: a file's, or the inline text of `rulesSource`.
    struct RulesSource {
        /// The rules file, or for inline rules the suite file, whose
        /// positions the rules' are: a literal block's lines are the
        /// suite's. Quoted or folded text has lines of its own, told apart
        /// as `suite.test.yaml (rulesSource)`.
        var path: String
        var text: String
        /// A literal block's indentation (``SourceFile/indentation``).
        var indentation = 0
        /// Where an inline text whose lines are its own starts in the suite.
        var inlineValue: YAMLNode?
    }

    /// The rules' path (the suite's own for `rulesSource`) and text.
    private func rulesSource(
        _ top: Fields, reader: YAMLReader, directory: String, suiteText: String
    ) throws(SuiteLoadError) -> RulesSource {
        switch try top.exclusive(["rules", "rulesSource"]) {
        case "rules"?:
            let node = try top.required("rules")
            let relative = try reader.string(node, what: "`rules`")
            let path = Self.resolve(relative, in: directory)
            switch TextFile.read(path) {
            case .success(let text):
                return RulesSource(path: path, text: text)
            case .failure(let error) where error.line == nil:
                throw reader.error("rules file `\(path)` \(error.reasonAfterName)", at: node, key: "rules")
            case .failure(let error):
                // The position of the bad byte is in the rules file, so the error points there.
                throw SuiteLoadError(
                    location: SuiteLocation(file: path, line: error.line ?? 1, column: error.column ?? 1),
                    message: "rules file `\(path)` \(error.reason), used by suite `\(reader.file)`", key: "rules")
            }
        case "rulesSource"?:
            let node = try top.required("rulesSource")
            let text = try reader.string(node, what: "`rulesSource`")
            guard case .scalar(let scalar) = node, scalar.style == .literal else {
                return RulesSource(path: "\(reader.file) (rulesSource)", text: text, inlineValue: node)
            }
            // A literal block's lines follow its `|` line. Leading newlines
            // keep the rules' line numbers equal to the suite file's, and the
            // block's indentation their columns.
            let firstLine = node.mark.line + 1
            return RulesSource(
                path: reader.file, text: String(repeating: "\n", count: max(0, firstLine - 1)) + text,
                indentation: Self.blockIndentation(in: suiteText, from: firstLine))
        default:
            throw reader.error("the suite needs `rules` (a rules file) or `rulesSource` (rules text)", at: top.node, key: "rules")
        }
    }

    /// The compiled rules, or the load error that reports their diagnostics.
    private func ruleset(
        _ result: CompileResult, source: RulesSource, top: Fields, reader: YAMLReader
    ) throws(SuiteLoadError) -> CompiledRuleset {
        guard let ruleset = result.ruleset else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            let first = errors.first.map { result.source.location(of: $0.range.start) } ?? SourceLocation(line: 1, column: 1)
            let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
            let location =
                source.inlineValue.map(reader.location(of:))
                ?? SuiteLocation(file: source.path, line: first.line, column: first.column)
            throw SuiteLoadError(
                location: location,
                message: "rules do not compile (\(count)), used by suite `\(reader.file)`",
                key: top.has("rules") ? "rules" : "rulesSource",
                details: DiagnosticRenderer(style: .human).render(result.diagnostics, in: result.source))
        }
        return ruleset
    }

    /// The indentation of a literal block whose content starts at
    /// `firstLine` (1-based) of `text`: its first line that is not blank.
    static func blockIndentation(in text: String, from firstLine: Int) -> Int {
        var line = 1
        var spaces = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                line += 1
                spaces = 0
            } else if line >= firstLine {
                if byte == UInt8(ascii: " ") { spaces += 1 } else if byte != UInt8(ascii: "\r") { return spaces }
            }
        }
        return 0
    }

    private func loadUsers(_ node: YAMLNode, reader: YAMLReader) throws(SuiteLoadError) -> [String: AuthIdentity] {
        var users: [String: AuthIdentity] = [:]
        for entry in try reader.mapping(node, what: "`users`").entries {
            users[entry.key] = try Self.identity(entry.value, reader: reader, what: "user `\(entry.key)`")
        }
        return users
    }

    static func identity(_ node: YAMLNode, reader: YAMLReader, what: String) throws(SuiteLoadError) -> AuthIdentity {
        let fields = try reader.mapping(node, what: what, allowed: ["uid", "token"])
        let uid = try reader.string(try fields.required("uid"), what: "`uid`")
        var token: [String: Value] = [:]
        if let tokenNode = fields["token"], !reader.isNull(tokenNode) {
            token = try reader.map(tokenNode, what: "`token`").entries
        }
        return AuthIdentity(uid: uid, token: token)
    }

    /// Documents by full path; `nil` marks a document that does not exist.
    static func loadDocuments(_ node: YAMLNode, reader: YAMLReader) throws(SuiteLoadError) -> [String: RulesMap?] {
        var documents: [String: RulesMap?] = [:]
        // The key each document was first given by: the short and the full
        // form of one path are the same document.
        var firstKeys: [String: (key: String, node: YAMLNode)] = [:]
        for entry in try reader.mapping(node, what: "`firestore`").entries {
            let path = InMemoryDocuments.fullPath(entry.key)
            let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count >= 5, segments.count % 2 == 1, segments[0] == "databases", segments[2] == "documents",
                !segments.contains(where: \.isEmpty)
            else {
                throw reader.error(
                    "`\(entry.key)` is not a document path (collection/document pairs, e.g. `users/alice`)",
                    at: entry.keyNode, key: entry.key)
            }
            if let first = firstKeys[path] {
                throw reader.error(
                    "`\(entry.key)` is the document `\(first.key)` already names (line \(reader.location(of: first.node).line))",
                    at: entry.keyNode, key: entry.key)
            }
            firstKeys[path] = (entry.key, entry.keyNode)
            documents[path] = reader.isNull(entry.value) ? .some(nil) : try reader.map(entry.value, what: "document `\(entry.key)`")
        }
        return documents
    }

    private func loadObjects(_ node: YAMLNode, reader: YAMLReader, bucket: String, directory: String) throws(SuiteLoadError) -> [SeedObject] {
        var objects: [SeedObject] = []
        // Where each object was first seeded, by bucket and path: a second
        // entry would silently replace it.
        var seeded: [String: YAMLNode] = [:]
        for item in try reader.sequence(node, what: "`objects`") {
            let fields = try reader.mapping(
                item, what: "an object",
                allowed: ["path", "bucket"] + UploadFields.contentKeys + UploadFields.metadataKeys)
            let pathNode = try fields.required("path")
            let path = try ObjectPaths.object(pathNode, reader: reader, what: "`path`")
            let objectBucket = try ObjectPaths.bucket(fields["bucket"], reader: reader) ?? bucket
            if let first = seeded.updateValue(item, forKey: objectBucket + "\u{0}" + path) {
                throw reader.error("object `\(path)` is already seeded (line \(reader.location(of: first).line))", at: pathNode, key: "path")
            }
            let (content, writable) = try UploadFields.read(fields, reader: reader, path: path, directory: directory)
            objects.append(SeedObject(bucket: objectBucket, path: path, content: content.bytes, fields: writable))
        }
        return objects
    }

    static func yamlError(_ error: any Error, file: String, text: String) -> SuiteLoadError {
        func located(_ problem: String, _ mark: Mark) -> SuiteLoadError {
            SuiteLoadError(
                location: SuiteLocation(file: file, line: mark.line, column: mark.column),
                message: YAMLMessages.ourWording(problem) ?? "invalid YAML: \(problem)")
        }
        switch error {
        case YamlError.scanner(let context, let problem, let mark, _),
            YamlError.parser(let context, let problem, let mark, _),
            YamlError.composer(let context, let problem, let mark, _):
            return located(context.map { "\(problem) \($0.text)" } ?? problem, mark)
        case YamlError.reader(let problem, let offset, let value, _):
            // libyaml's reader refuses characters YAML does not allow (control characters, U+FFFE...).
            let position = SourceFile(path: file, text: text).location(of: min(max(0, offset ?? 0), text.utf8.count))
            let character = value >= 0 ? String(format: " (U+%04X)", value) : ""
            return SuiteLoadError(
                location: SuiteLocation(file: file, line: position.line, column: position.column),
                message: "invalid YAML: \(problem)\(character)")
        case YamlError.duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the first occurrence; the user needs the second.
            let key = duplicates.first ?? ""
            let position = YAMLMessages.secondOccurrence(of: key, after: context.mark, in: text)
            return SuiteLoadError(
                location: SuiteLocation(file: file, line: position.line, column: position.column),
                message: "duplicate key `\(duplicates.joined(separator: "`, `"))`: the key appears earlier in the same mapping (line \(context.mark.line))")
        default:
            return SuiteLoadError(location: SuiteLocation(file: file, line: 1, column: 1), message: "invalid YAML: \(error)")
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Joins a suite-relative path onto the suite's folder, dropping `./`.
    static func resolve(_ relative: String, in directory: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty || directory == "." { return relative }
        var parts = directory.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for piece in relative.split(separator: "/") {
            if piece == "." { continue }
            if piece == "..", let last = parts.last, last != "..", last != ".", !last.isEmpty {
                parts.removeLast()
            } else {
                parts.append(String(piece))
            }
        }
        let joined = parts.joined(separator: "/")
        return joined.hasPrefix("./") ? String(joined.dropFirst(2)) : joined
    }
}
