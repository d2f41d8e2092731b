/// The language version a ruleset declares with `rules_version`.
public enum RulesVersion: Int, Sendable, Hashable, Codable {
    /// Version 1: the default when no `rules_version` statement is present.
    case v1 = 1
    /// Version 2: recursive wildcards match zero or more segments, `list` is available.
    case v2 = 2
}

/// A whole rules file.
public struct Ruleset: Sendable, Hashable {
    /// The declared version, `.v1` when absent.
    public var version: RulesVersion
    /// The range of the `rules_version` statement, if any.
    public var versionRange: SourceRange?
    /// Functions declared outside the service block.
    public var functions: [FunctionDecl]
    /// The service block; `nil` only when the file had none (a diagnostic says so).
    public var service: ServiceDecl?
    /// The whole file.
    public var range: SourceRange

    /// Creates a ruleset.
    public init(version: RulesVersion, versionRange: SourceRange?, functions: [FunctionDecl], service: ServiceDecl?, range: SourceRange) {
        self.version = version
        self.versionRange = versionRange
        self.functions = functions
        self.service = service
        self.range = range
    }
}

/// `service firebase.storage { ... }`.
public struct ServiceDecl: Sendable, Hashable {
    /// The dotted service name, e.g. `firebase.storage`.
    public var name: String
    /// Where the name is.
    public var nameRange: SourceRange
    /// Functions declared directly in the service block.
    public var functions: [FunctionDecl]
    /// Top-level match blocks.
    public var matches: [MatchBlock]
    /// The whole block.
    public var range: SourceRange

    /// Creates a service declaration.
    public init(name: String, nameRange: SourceRange, functions: [FunctionDecl], matches: [MatchBlock], range: SourceRange) {
        self.name = name
        self.nameRange = nameRange
        self.functions = functions
        self.matches = matches
        self.range = range
    }
}

/// `match /path/{wildcard} { ... }`.
///
/// A value like the other syntax nodes, its contents kept in one shared,
/// immutable box: the checker and the compiler walk the blocks several
/// times, and a copy of a block then retains one reference where it
/// retained each of its fields (a setter replaces the box).
public struct MatchBlock: Sendable, Hashable {
    @usableFromInline
    final class Contents: Sendable {
        @usableFromInline let path: MatchPath
        @usableFromInline let functions: [FunctionDecl]
        @usableFromInline let allows: [AllowStatement]
        @usableFromInline let matches: [MatchBlock]

        init(path: MatchPath, functions: [FunctionDecl], allows: [AllowStatement], matches: [MatchBlock]) {
            self.path = path
            self.functions = functions
            self.allows = allows
            self.matches = matches
        }
    }

    @usableFromInline let contents: Contents
    /// From `match` to the closing brace.
    public var range: SourceRange

    /// The path pattern.
    public var path: MatchPath {
        @inlinable get { contents.path }
        set { self = MatchBlock(path: newValue, functions: functions, allows: allows, matches: matches, range: range) }
    }
    /// Functions declared in this block.
    public var functions: [FunctionDecl] {
        @inlinable get { contents.functions }
        set { self = MatchBlock(path: path, functions: newValue, allows: allows, matches: matches, range: range) }
    }
    /// `allow` statements in this block.
    public var allows: [AllowStatement] {
        @inlinable get { contents.allows }
        set { self = MatchBlock(path: path, functions: functions, allows: newValue, matches: matches, range: range) }
    }
    /// Nested match blocks.
    public var matches: [MatchBlock] {
        @inlinable get { contents.matches }
        set { self = MatchBlock(path: path, functions: functions, allows: allows, matches: newValue, range: range) }
    }

    /// Creates a match block.
    public init(path: MatchPath, functions: [FunctionDecl], allows: [AllowStatement], matches: [MatchBlock], range: SourceRange) {
        contents = Contents(path: path, functions: functions, allows: allows, matches: matches)
        self.range = range
    }

    /// Structural equality, field by field.
    public static func == (lhs: MatchBlock, rhs: MatchBlock) -> Bool {
        lhs.range == rhs.range
            && (lhs.contents === rhs.contents
                || (lhs.path == rhs.path && lhs.functions == rhs.functions && lhs.allows == rhs.allows
                    && lhs.matches == rhs.matches))
    }

    /// Hashes every field, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(functions)
        hasher.combine(allows)
        hasher.combine(matches)
        hasher.combine(range)
    }
}

/// The path pattern of a `match` statement.
public struct MatchPath: Sendable, Hashable {
    /// The segments, in order.
    public var segments: [MatchSegment]
    /// The pattern as written.
    public var range: SourceRange

    /// Creates a match path.
    public init(segments: [MatchSegment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// The pattern as text, e.g. `/users/{uid}/{rest=**}`.
    public var text: String { text(after: "") }

    /// `prefix` followed by the pattern as text: a nested block's full
    /// pattern from its parent's.
    ///
    /// The bytes are written into the string's own storage, counted first:
    /// appending each piece cost a compile about a thousand instructions
    /// per block.
    public func text(after prefix: String) -> String {
        var count = prefix.utf8.count
        for segment in segments {
            let delimiters = segment.kind.delimiters
            count += 1 + delimiters.opening.utf8CodeUnitCount + segment.kind.body.utf8.count + delimiters.closing.utf8CodeUnitCount
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            Self.write(prefix, to: buffer, at: &offset)
            for segment in segments {
                let delimiters = segment.kind.delimiters
                Self.write("/", to: buffer, at: &offset)
                Self.write(delimiters.opening, to: buffer, at: &offset)
                Self.write(segment.kind.body, to: buffer, at: &offset)
                Self.write(delimiters.closing, to: buffer, at: &offset)
            }
            return offset
        }
    }

    /// Copies `text`'s bytes into `buffer` at `offset`, moving it past them.
    private static func write(_ text: StaticString, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) {
        guard let target = buffer.baseAddress else { return }
        (target + offset).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        offset += text.utf8CodeUnitCount
    }

    /// Copies `text`'s UTF-8 bytes into `buffer` at `offset`, moving it past them.
    private static func write(_ text: String, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            (target + offset).update(from: source, count: bytes.count)
            offset += bytes.count
        }
        guard copied == nil else { return }
        for byte in text.utf8 {
            buffer[offset] = byte
            offset += 1
        }
    }
}

/// One segment of a match path.
public struct MatchSegment: Sendable, Hashable {
    /// What the segment matches.
    public enum Kind: Sendable, Hashable {
        /// A literal segment, matched exactly.
        case literal(String)
        /// `{name}`: exactly one segment, bound as a string.
        case single(String)
        /// `{name=**}`: a run of segments, bound as a path.
        case recursive(String)

        /// The segment as written.
        public var text: String {
            "\(delimiters.opening)\(body)\(delimiters.closing)"
        }

        /// The literal text, or the wildcard's name.
        var body: String {
            switch self {
            case .literal(let text): text
            case .single(let name), .recursive(let name): name
            }
        }

        /// What is written around ``body``: nothing for a literal, `{` and
        /// `}` for a wildcard, `{` and `=**}` for a recursive one.
        var delimiters: (opening: StaticString, closing: StaticString) {
            switch self {
            case .literal: ("", "")
            case .single: ("{", "}")
            case .recursive: ("{", "=**}")
            }
        }
    }

    /// What the segment matches.
    public var kind: Kind
    /// Where it is.
    public var range: SourceRange

    /// Creates a segment.
    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A method named in an `allow` statement.
public enum RuleMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// `get` + `list`.
    case read
    /// `create` + `update` + `delete`.
    case write
    /// Read one object (download or metadata).
    case get
    /// List a folder.
    case list
    /// Upload an object (new or overwrite).
    case create
    /// Change an object's metadata.
    case update
    /// Delete an object.
    case delete

    /// The method named `rawValue` (`get`, `write`, ...), byte for byte, or `nil`.
    public init?(rawValue: String) {
        guard let position = Self.names.position(of: rawValue) else { return nil }
        self = Self.allCases[position]
    }

    /// The methods by name (see ``CaseNames``): each `request:` step of a
    /// suite names one.
    private static let names = CaseNames(allCases.map(\.rawValue))

    /// The granular methods this method grants.
    public var granular: [RuleMethod] {
        switch self {
        case .read: [.get, .list]
        case .write: [.create, .update, .delete]
        default: [self]
        }
    }

    /// Whether granting `self` grants the granular request method `method`.
    public func covers(_ method: RuleMethod) -> Bool {
        switch self {
        case .read: method == .read || method == .get || method == .list
        case .write: method == .write || method == .create || method == .update || method == .delete
        default: self == method
        }
    }
}

/// `allow read, write: if condition;`.
public struct AllowStatement: Sendable, Hashable {
    /// The methods with their ranges.
    public var methods: [(method: RuleMethod, range: SourceRange)]
    /// The condition; `nil` means the statement always grants.
    public var condition: Expr?
    /// From `allow` to the end of the statement.
    public var range: SourceRange

    /// Creates an allow statement.
    public init(methods: [(method: RuleMethod, range: SourceRange)], condition: Expr?, range: SourceRange) {
        self.methods = methods
        self.condition = condition
        self.range = range
    }

    /// Whether any listed method covers the granular request method.
    public func covers(_ method: RuleMethod) -> Bool {
        methods.contains { $0.method.covers(method) }
    }

    /// Equal when methods, condition and range are.
    public static func == (lhs: AllowStatement, rhs: AllowStatement) -> Bool {
        lhs.methods.map(\.method) == rhs.methods.map(\.method) && lhs.condition == rhs.condition
            && lhs.range == rhs.range
    }

    /// Hashes methods, condition and range, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(methods.map(\.method))
        hasher.combine(condition)
        hasher.combine(range)
    }
}

/// `function name(params) { let x = e; return e; }`.
///
/// Like ``MatchBlock``, a value whose name, parameters, lets and body sit
/// in one shared, immutable box: the checker and the compiler copy each
/// declaration several times, and a copy then retains one reference.
public struct FunctionDecl: Sendable, Hashable {
    @usableFromInline
    final class Contents: Sendable {
        @usableFromInline let name: String
        @usableFromInline let parameters: [Identifier]
        @usableFromInline let lets: [LetBinding]
        @usableFromInline let body: Expr

        init(name: String, parameters: [Identifier], lets: [LetBinding], body: Expr) {
            self.name = name
            self.parameters = parameters
            self.lets = lets
            self.body = body
        }
    }

    @usableFromInline let contents: Contents
    /// Where the name is.
    public var nameRange: SourceRange
    /// From `function` to the closing brace.
    public var range: SourceRange

    /// The function's name.
    public var name: String {
        @inlinable get { contents.name }
        set { self = FunctionDecl(name: newValue, nameRange: nameRange, parameters: parameters, lets: lets, body: body, range: range) }
    }
    /// Parameter names.
    public var parameters: [Identifier] {
        @inlinable get { contents.parameters }
        set { self = FunctionDecl(name: name, nameRange: nameRange, parameters: newValue, lets: lets, body: body, range: range) }
    }
    /// `let` bindings, in order.
    public var lets: [LetBinding] {
        @inlinable get { contents.lets }
        set { self = FunctionDecl(name: name, nameRange: nameRange, parameters: parameters, lets: newValue, body: body, range: range) }
    }
    /// The returned expression.
    public var body: Expr {
        @inlinable get { contents.body }
        set { self = FunctionDecl(name: name, nameRange: nameRange, parameters: parameters, lets: lets, body: newValue, range: range) }
    }

    /// Creates a function declaration.
    public init(name: String, nameRange: SourceRange, parameters: [Identifier], lets: [LetBinding], body: Expr, range: SourceRange) {
        contents = Contents(name: name, parameters: parameters, lets: lets, body: body)
        self.nameRange = nameRange
        self.range = range
    }

    /// Structural equality, field by field.
    public static func == (lhs: FunctionDecl, rhs: FunctionDecl) -> Bool {
        lhs.nameRange == rhs.nameRange && lhs.range == rhs.range
            && (lhs.contents === rhs.contents
                || (lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.lets == rhs.lets && lhs.body == rhs.body))
    }

    /// Hashes every field, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(nameRange)
        hasher.combine(parameters)
        hasher.combine(lets)
        hasher.combine(body)
        hasher.combine(range)
    }
}

/// An identifier with its position.
public struct Identifier: Sendable, Hashable {
    /// The name.
    public var name: String
    /// Where it is.
    public var range: SourceRange

    /// Creates an identifier.
    public init(name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// `let name = value;` inside a function.
public struct LetBinding: Sendable, Hashable {
    /// The bound name.
    public var name: Identifier
    /// The bound expression.
    public var value: Expr
    /// From `let` to the semicolon.
    public var range: SourceRange

    /// Creates a let binding.
    public init(name: Identifier, value: Expr, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}
