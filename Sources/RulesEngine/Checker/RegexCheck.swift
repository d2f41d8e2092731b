import RulesSyntax

/// Checks constant patterns of `matches`, `split` and `replace`.
///
/// Both kinds of bad constant pattern are warnings: constructs RE2 does not
/// support (lookaround, backreferences) and malformed patterns alike.
/// Production reports an invalid pattern when the rule runs (spec §3.5 and
/// golden fact 19: `'abc'.replace('(', 'x')` compiles and errors at run time),
/// and an unsupported construct is just another RE2 parse failure, so the
/// ruleset still compiles and only the condition using it fails.
struct RegexCheck {
    let ruleset: Ruleset

    static let patternMethods: Set<String> = ["matches", "split", "replace"]

    func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for root in ruleset.allExpressions {
            root.forEachNode { node in
                guard case .call(let callee, let arguments) = node.kind, case .member(_, let name) = callee.kind,
                    RegexCheck.patternMethods.contains(name.name), let first = arguments.first,
                    case .string(let pattern) = first.kind
                else { return }
                switch RulesRegex.rejection(of: pattern) {
                case nil:
                    break
                case .unsupported(let reason):
                    diagnostics.append(.warning("check.unsupported-regex", CheckMessages.invalidRegex(pattern, reason), at: first.range))
                case .malformed(let reason):
                    diagnostics.append(.warning("check.invalid-regex", CheckMessages.invalidRegex(pattern, reason), at: first.range))
                }
            }
        }
        return diagnostics
    }
}
