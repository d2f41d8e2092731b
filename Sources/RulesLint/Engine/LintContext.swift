import Foundation
import RulesSyntax

/// Everything a check may look at for one file: the text, the syntax tree
/// (when it parsed without errors), the code regions of the text and the
/// current time (for date guards).
public struct LintContext: Sendable {
    /// The file.
    public let source: SourceFile
    /// The syntax tree; `nil` when the file has syntax errors.
    public let ruleset: Ruleset?
    /// Comments and the code outside strings and comments.
    public let scan: SourceScan
    /// Now, for checks about dates.
    public let now: Date

    /// Creates a context.
    public init(source: SourceFile, ruleset: Ruleset?, now: Date) {
        self.source = source
        self.ruleset = ruleset
        self.scan = SourceScan(source.bytes)
        self.now = now
        let functions = ruleset.map(Self.functions(in:)) ?? []
        var byName: [String: [FunctionDecl]] = [:]
        for entry in functions { byName[entry.function.name, default: []].append(entry.function) }
        self.functionsByName = byName
        self.functions = functions
        var allows: [(allow: AllowStatement, blocks: [MatchBlock])] = []
        Self.forEachBlock(in: ruleset) { block, chain in
            if Self.canMatchStoragePath(chain) { allows += block.allows.map { ($0, chain) } }
        }
        self.allows = allows
    }

    /// Function declarations by name (every scope; rules files rarely reuse a name).
    public let functionsByName: [String: [FunctionDecl]]

    /// Every allow statement that can apply to a Storage request, with the
    /// chain of match blocks around it, outermost first. Statements under a
    /// match that never applies (`check.unreachable-match`) grant nothing,
    /// so checks leave them alone.
    public let allows: [(allow: AllowStatement, blocks: [MatchBlock])]

    /// Whether the first three segments of the chain's path fit `/b/<bucket>/o`
    /// (a recursive wildcard among them fits anything).
    public static func canMatchStoragePath(_ chain: [MatchBlock]) -> Bool {
        let expected: [String?] = ["b", nil, "o"]
        for (index, segment) in chain.flatMap(\.path.segments).prefix(3).enumerated() {
            switch segment.kind {
            case .recursive: return true
            case .single: continue
            case .literal(let text): if let required = expected[index], text != required { return false }
            }
        }
        return true
    }

    /// Every function declaration with the chain of match blocks around it.
    public let functions: [(function: FunctionDecl, blocks: [MatchBlock])]

    private static func functions(in ruleset: Ruleset) -> [(function: FunctionDecl, blocks: [MatchBlock])] {
        var result = (ruleset.functions + (ruleset.service?.functions ?? [])).map { (function: $0, blocks: [MatchBlock]()) }
        func visit(_ block: MatchBlock, _ chain: [MatchBlock]) {
            let chain = chain + [block]
            result += block.functions.map { ($0, chain) }
            for child in block.matches { visit(child, chain) }
        }
        for block in ruleset.service?.matches ?? [] { visit(block, []) }
        return result
    }

    /// Calls `visit` for every match block with its chain (the block itself last).
    public func forEachBlock(_ visit: (MatchBlock, [MatchBlock]) -> Void) {
        Self.forEachBlock(in: ruleset, visit)
    }

    private static func forEachBlock(in ruleset: Ruleset?, _ visit: (MatchBlock, [MatchBlock]) -> Void) {
        func walk(_ block: MatchBlock, _ chain: [MatchBlock]) {
            let chain = chain + [block]
            visit(block, chain)
            for child in block.matches { walk(child, chain) }
        }
        for block in ruleset?.service?.matches ?? [] { walk(block, []) }
    }

    /// Every root expression: allow conditions, let values and function bodies.
    public var rootExpressions: [Expr] {
        allows.compactMap(\.allow.condition) + functions.flatMap { $0.function.lets.map(\.value) + [$0.function.body] }
    }

    /// The expression and the bodies of every function it calls, transitively
    /// (functions are found by name): what a condition really evaluates.
    public func reachable(from root: Expr) -> [Expr] {
        var result = [root]
        var seen: Set<String> = []
        var index = 0
        while index < result.count {
            result[index].forEachNode { node in
                guard case .call(let callee, _) = node.kind, case .identifier(let name) = callee.kind,
                    seen.insert(name).inserted
                else { return }
                for function in functionsByName[name] ?? [] {
                    result += function.lets.map(\.value) + [function.body]
                }
            }
            index += 1
        }
        return result
    }

    /// Whether any node of the expressions satisfies `test`.
    public func contains(_ roots: [Expr], where test: (Expr) -> Bool) -> Bool {
        var found = false
        for root in roots where !found {
            root.forEachNode { if !found && test($0) { found = true } }
        }
        return found
    }

    /// The text of an expression as written.
    public func text(_ expr: Expr) -> String { source.text(in: expr.range) }

    /// The capture names bound along a chain of match blocks.
    public static func captures(_ blocks: [MatchBlock]) -> [(name: String, segment: MatchSegment)] {
        blocks.flatMap { block in
            block.path.segments.compactMap { segment in
                switch segment.kind {
                case .single(let name), .recursive(let name): (name, segment)
                case .literal: nil
                }
            }
        }
    }
}

extension LintContext {
    /// Every root expression with the local names that hide `request` or
    /// `resource` there (function parameters and `let` bindings).
    public var scopedRoots: [(expr: Expr, locals: Set<String>)] {
        var result = allows.compactMap { entry in
            entry.allow.condition.map { ($0, Set(Self.captures(entry.blocks).map(\.name))) }
        }
        for entry in functions {
            let locals = Set(entry.function.parameters.map(\.name) + entry.function.lets.map(\.name.name))
            result += (entry.function.lets.map(\.value) + [entry.function.body]).map { ($0, locals) }
        }
        return result
    }

    /// The names a check may suggest for `name`: those within two edits, or
    /// equal ignoring case, closest first.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased())
            if distance <= 2, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, with adjacent transpositions counted as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}

extension AllowStatement {
    /// `allow read, write`: where allow-level findings point, so the caret stays on one line.
    public var head: SourceRange {
        SourceRange(start: range.start, end: methods.last?.range.end ?? range.start + 5)
    }
}
