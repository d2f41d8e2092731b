import RulesSyntax

/// Checks constant patterns of `matches`, `split` and `replace`.
///
/// Constructs RE2 does not support at all (lookaround, backreferences,
/// possessive repetition) reject the ruleset, as production does. A merely
/// malformed constant pattern is a warning: production reports it when the
/// rule runs (golden fact 19: `'abc'.replace('(', 'x')` compiles and fails
/// at run time), so only the condition using it fails.
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
                    diagnostics.append(.error("check.unsupported-regex", CheckMessages.invalidRegex(pattern, reason), at: first.range))
                case .malformed(let reason):
                    diagnostics.append(.warning("check.invalid-regex", CheckMessages.invalidRegex(pattern, reason), at: first.range))
                }
            }
        }
        return diagnostics
    }
}
