import RulesSyntax

/// The static checks the Firebase rules compiler performs, as ordered passes
/// over a parsed ruleset. Errors reject the ruleset; warnings do not.
struct Checker {
    /// Longest allowed chain of function calls (a chain of 21 functions compiles).
    static let maximumCallChain = 21
    /// `let` bindings per function the service accepts (its message says 10).
    static let maximumLets = 11
    /// Parameters per function.
    static let maximumParameters = 7
    /// Deepest expression nesting accepted (parentheses count as a level).
    static let maximumExpressionDepth = 99

    let ruleset: Ruleset
    let options: EngineOptions

    func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        diagnostics += checkHeader()
        diagnostics += checkMatchPaths()
        diagnostics += MatchLimits(ruleset: ruleset).run()
        diagnostics += checkFunctionDeclarations()
        let scopes = FunctionScopes(ruleset)
        let resolution = NameResolution(ruleset: ruleset, scopes: scopes, options: options).run()
        diagnostics += resolution.findings.depth
        diagnostics += resolution.diagnostics
        diagnostics += CallGraph(scopes: scopes, calledNames: resolution.calledNames).run()
        diagnostics += resolution.findings.patterns
        diagnostics += resolution.findings.comparisons
        return diagnostics
    }

    // MARK: Passes

    private func checkHeader() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Version 1, whether written out or implied by a missing statement.
        if ruleset.version == .v1 {
            diagnostics.append(.warning("check.old-version", CheckMessages.oldVersion, at: ruleset.versionRange ?? SourceRange.at(0)))
        }
        if let service = ruleset.service, service.name != "firebase.storage" {
            diagnostics.append(.error(
                "check.unknown-service", CheckMessages.unknownService(service.name), at: service.nameRange,
                help: "write `service firebase.storage`"))
        }
        return diagnostics
    }

    private func checkMatchPaths() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func visit(_ block: MatchBlock, prefix: [MatchSegment.Kind]) {
            // The first two recursive wildcards, found without collecting them.
            var firstGlob: MatchSegment?
            var secondGlob: MatchSegment?
            for segment in block.path.segments {
                guard case .recursive = segment.kind else { continue }
                if firstGlob == nil {
                    firstGlob = segment
                } else {
                    secondGlob = segment
                    break
                }
            }
            if ruleset.version == .v1, let glob = firstGlob,
                block.path.segments.last.map({ $0 != glob }) ?? false || secondGlob != nil
            {
                diagnostics.append(.error("check.glob-not-last", CheckMessages.globNotLast, at: glob.range))
            } else if let second = secondGlob {
                diagnostics.append(.error("check.multiple-globs", CheckMessages.multipleGlobs(block.path.text), at: second.range))
            }
            // Only the first three segments decide, so only they are kept.
            var full = prefix
            for segment in block.path.segments.prefix(3 - full.count) { full.append(segment.kind) }
            if !Checker.canMatchStoragePath(full) {
                diagnostics.append(.warning("check.unreachable-match", CheckMessages.unreachableMatch(block.path.text), at: block.path.range))
                return
            }
            for child in block.matches { visit(child, prefix: full) }
        }
        for block in ruleset.service?.matches ?? [] { visit(block, prefix: []) }
        return diagnostics
    }

    /// Whether a pattern's leading segments are compatible with `/b/<bucket>/o`.
    /// Only the first three segments are checked, and a recursive wildcard
    /// among them can absorb anything.
    static func canMatchStoragePath(_ pattern: [MatchSegment.Kind]) -> Bool {
        for (index, segment) in pattern.prefix(3).enumerated() {
            switch segment {
            case .recursive: return true
            case .single: continue
            case .literal(let text):
                if index == 0 && text != "b" || index == 2 && text != "o" { return false }
            }
        }
        return true
    }

    private func checkFunctionDeclarations() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func checkScope(_ functions: [FunctionDecl]) {
            var seen: Set<String> = []
            // A name repeats only among two or more: most blocks declare none or one.
            let mayRepeat = functions.count > 1
            for function in functions {
                if mayRepeat && !seen.insert(function.name).inserted {
                    diagnostics.append(.error("check.duplicate-function", CheckMessages.duplicateFunction(function.name), at: function.nameRange))
                }
                if function.lets.count > Checker.maximumLets {
                    diagnostics.append(.error("check.too-many-lets", CheckMessages.tooManyLets, at: function.lets[Checker.maximumLets].range))
                }
                if function.parameters.count > Checker.maximumParameters {
                    diagnostics.append(.error(
                        "check.too-many-parameters", CheckMessages.tooManyParameters(function.name, function.parameters.count),
                        at: function.parameters[Checker.maximumParameters].range))
                }
            }
        }
        func visit(_ block: MatchBlock) {
            checkScope(block.functions)
            block.matches.forEach(visit)
        }
        checkScope(ruleset.functions)
        checkScope(ruleset.service?.functions ?? [])
        ruleset.service?.matches.forEach(visit)
        return diagnostics
    }
}
