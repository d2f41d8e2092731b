import RulesSyntax

/// A lexical scope of the ruleset: the file's top level, the service block,
/// or one match block. Functions are visible in the scope that declares them
/// and every scope nested in it.
final class Scope: Sendable {
    /// The enclosing scope.
    let parent: Scope?
    /// 0 for the file, 1 for the service, 2+ for match blocks.
    let depth: Int
    /// Functions declared directly in this scope, by name: the first
    /// declaration of each name, in source order.
    let functions: FunctionTable<CompiledFunction>
    /// Where this scope's wildcards start in a match's flat capture list
    /// (every level's wildcards, outermost first).
    let captureOffset: Int
    /// Every wildcard name of depths `0...depth`, in the flat capture
    /// order: the names of a match's bindings. Shared with the parent
    /// when this scope binds none.
    let captureNames: [String]

    /// The wildcard names this scope's block binds, in pattern order: the
    /// end of ``captureNames``.
    var wildcards: ArraySlice<String> { captureNames[captureOffset...] }

    /// A scope declaring `functions`, whose block's path is `path` (none
    /// for the file and the service).
    init(parent: Scope?, functions: [FunctionDecl], path: MatchPath? = nil) {
        self.parent = parent
        let depth = (parent?.depth ?? -1) + 1
        self.depth = depth
        let outerNames = parent?.captureNames ?? []
        captureOffset = outerNames.count
        var names = outerNames
        let segments = path?.segments ?? []
        for segment in segments {
            switch segment.kind {
            case .literal: continue
            case .single(let name), .recursive(let name):
                // The copy of the outer names gets room for this block's at once.
                if names.count == outerNames.count { names.reserveCapacity(outerNames.count + segments.count) }
                names.append(name)
            }
        }
        captureNames = names
        // Only the first declaration of a name is compiled.
        var table = FunctionTable<CompiledFunction>()
        for function in functions {
            _ = table.first(for: function.name) { CompiledFunction(declaration: function, scopeDepth: depth) }
        }
        self.functions = table
    }

    /// The position in a match's flat capture list of the wildcard `name`
    /// refers to, searching outward from the innermost scope at or above
    /// `visibleDepth`; `nil` when no such scope binds it.
    func capturePosition(of name: String, visibleDepth: Int) -> Int? {
        // Most names looked up (`request`, `resource`, locals) are no
        // wildcard at all: one scan of the names every level binds rejects
        // them without walking the scopes.
        guard captureNames.contains(name) else { return nil }
        return boundPosition(of: name, visibleDepth: visibleDepth)
    }

    private func boundPosition(of name: String, visibleDepth: Int) -> Int? {
        // Recursion through the `let` parent retains nothing; a loop's
        // variable would retain every scope it passes.
        if depth <= visibleDepth, let index = wildcards.firstIndex(of: name) { return index }
        return parent?.boundPosition(of: name, visibleDepth: visibleDepth)
    }

    /// The function a call by this name resolves to, searching outward
    /// (the name's length is counted once for every scope on the way).
    func function(named name: String) -> (CompiledFunction, Scope)? {
        function(named: name, length: name.utf8.count)
    }

    private func function(named name: String, length: Int) -> (CompiledFunction, Scope)? {
        if let function = functions.value(forName: name, length: length) { return (function, self) }
        // As in `capturePosition(of:visibleDepth:)`, recursion retains no scope on the way.
        return parent?.function(named: name, length: length)
    }
}

/// A function together with the depth of the scope that declares it.
///
/// A class: every call site and every check of a call looks one up, and a
/// reference is copied with one retain where the declaration's fields would
/// each be retained. Like ``FunctionCode``, it is filled in only while the
/// ruleset is being compiled, and read only afterwards.
final class CompiledFunction: @unchecked Sendable {
    /// Depth of the declaring scope: the function sees wildcards bound at
    /// this depth and above.
    let scopeDepth: Int
    /// The body compiled for untraced evaluation (filled in by ``Program``
    /// once every scope exists, so calls may refer to it before it is built).
    let code: FunctionCode
    /// A call of this function without arguments as a test, made at its
    /// first call site and shared by the others: every such call compiles
    /// to the same closure. In a box, as a closure kept in an optional
    /// could come back wrapped in conversion thunks.
    var argumentlessCallTest: TestBox?

    init(declaration: FunctionDecl, scopeDepth: Int) {
        self.scopeDepth = scopeDepth
        code = FunctionCode(declaration: declaration)
    }

    /// The declaration, which the compiled code keeps (an arity error
    /// writes its signature).
    var declaration: FunctionDecl { code.declaration }

    var name: String { declaration.name }

    /// `name(a, b)`, as arity errors print it.
    var signatureText: String { code.signatureText }
}

/// A match block ready for path matching.
final class CompiledMatch: Sendable {
    /// This block's own path, as written.
    let path: MatchPath
    /// The full pattern from the service root, for explanations.
    let pattern: String
    /// The range of the block's path.
    var pathRange: SourceRange { path.range }
    /// The block's allow statements.
    let allows: [AllowStatement]
    /// Each allow ready to run, in ``allows`` order.
    let compiledAllows: [CompiledAllow]
    /// Nested blocks.
    let children: [CompiledMatch]
    /// The block's scope (its functions).
    let scope: Scope

    init(block: MatchBlock, parentPattern: String, parentScope: Scope, options: EngineOptions, folding: ConstantFolding) {
        path = block.path
        let pattern = block.path.text(after: parentPattern)
        self.pattern = pattern
        allows = block.allows
        let scope = Scope(parent: parentScope, functions: block.functions, path: block.path)
        self.scope = scope
        let compiler = ExprCompiler(scope: scope, options: options, folding: folding)
        // Each test goes into its box where it is made: a closure kept in an
        // array or passed through a generic function (`Optional.map`) is
        // wrapped in two conversion thunks, which every decision would call.
        var compiledAllows: [CompiledAllow] = []
        compiledAllows.reserveCapacity(block.allows.count)
        for index in block.allows.indices {
            let coverage = MethodSet(covering: block.allows[index].methods)
            // The condition alone is read: a copy of the whole statement retains its methods too.
            guard let condition = block.allows[index].condition else {
                compiledAllows.append(CompiledAllow(coverage: coverage, condition: nil, test: nil))
                continue
            }
            let compiled = compiler.compileCondition(condition)
            compiledAllows.append(CompiledAllow(coverage: coverage, condition: compiled.value, test: TestBox(compiled.test)))
        }
        self.compiledAllows = compiledAllows
        children = block.matches.map {
            CompiledMatch(block: $0, parentPattern: pattern, parentScope: scope, options: options, folding: folding)
        }
        compiler.compileFunctions()
    }
}

/// An allow statement ready to run.
struct CompiledAllow: Sendable {
    /// The request methods it covers.
    let coverage: MethodSet
    /// The condition compiled for untraced evaluation (`nil` for an
    /// unconditional allow).
    let condition: CompiledExpr?
    /// The condition compiled as a test, for decisions without an
    /// explanation (`nil` for an unconditional allow).
    let test: TestBox?
}

/// The evaluable form of a ruleset: its scopes and match tree.
struct Program: Sendable {
    let version: RulesVersion
    let fileScope: Scope
    let serviceScope: Scope
    let matches: [CompiledMatch]
    /// Every block laid out for path matching.
    let tree: MatchTree

    init(ruleset: Ruleset, options: EngineOptions) {
        version = ruleset.version
        let fileScope = Scope(parent: nil, functions: ruleset.functions)
        let serviceScope = Scope(parent: fileScope, functions: ruleset.service?.functions ?? [])
        self.fileScope = fileScope
        self.serviceScope = serviceScope
        let folding = ConstantFolding(options: options)
        matches = (ruleset.service?.matches ?? []).map {
            CompiledMatch(block: $0, parentPattern: "", parentScope: serviceScope, options: options, folding: folding)
        }
        tree = MatchTree(topLevel: matches)
        ExprCompiler(scope: fileScope, options: options, folding: folding).compileFunctions()
        ExprCompiler(scope: serviceScope, options: options, folding: folding).compileFunctions()
    }
}

/// The request methods an `allow` statement covers, one bit per method.
struct MethodSet: Sendable {
    private let bits: UInt8

    /// The methods the listed ones cover (`read` covers `get` and `list`, ...).
    init(covering methods: [(method: RuleMethod, range: SourceRange)]) {
        var bits: UInt8 = 0
        for listed in methods { bits |= Self.coverage(of: listed.method) }
        self.bits = bits
    }

    /// The bits of the methods `method` covers, from a table made once from
    /// each method's `covers`, where every call asked `covers` of every method.
    private static func coverage(of method: RuleMethod) -> UInt8 {
        coverageByPosition[Int(position(of: method))]
    }

    /// Each method's coverage, by ``position(of:)``.
    private static let coverageByPosition: [UInt8] = {
        let methods = RuleMethod.allCases
        var table = [UInt8](repeating: 0, count: methods.count)
        for method in methods {
            for covered in methods where method.covers(covered) { table[Int(position(of: method))] |= 1 << position(of: covered) }
        }
        return table
    }()

    /// Whether a request for `method` is covered.
    @inline(__always)
    func contains(_ method: RuleMethod) -> Bool {
        bits & (1 << Self.position(of: method)) != 0
    }

    private static func position(of method: RuleMethod) -> UInt8 {
        switch method {
        case .read: 0
        case .write: 1
        case .get: 2
        case .list: 3
        case .create: 4
        case .update: 5
        case .delete: 6
        }
    }
}

/// A literal path segment, which matches a request segment of exactly the
/// same code units.
struct LiteralSegment: Sendable {
    let text: String
    private let byteCount: Int
    private let isASCII: Bool

    init(_ text: String) {
        self.text = text
        byteCount = text.utf8.count
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether a request path segment is this literal.
    @inline(__always)
    func matches(_ segment: String) -> Bool {
        guard segment.utf8.count == byteCount else { return false }
        // For an ASCII literal and a segment of as many bytes, `==` (which
        // is canonical equivalence, and fast on ASCII) says the same as
        // comparing code units: a non-ASCII character is at least two
        // bytes and no canonical decomposition turns it into several ASCII
        // characters, so a non-ASCII segment of this length is never
        // equivalent to the literal.
        return isASCII ? segment == text : segment.sameCodeUnits(as: text)
    }
}
