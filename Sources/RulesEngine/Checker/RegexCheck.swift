import RulesSyntax

/// Checks constant patterns of `matches`, `split` and `replace`.
///
/// Constructs RE2 does not support at all (lookaround, backreferences,
/// possessive repetition) reject the ruleset, as production does. A merely
/// malformed constant pattern is a warning: production reports it when the
/// rule runs (golden fact 19: `'abc'.replace('(', 'x')` compiles and fails
/// at run time), so only the condition using it fails. A group that repeats
/// and holds a repetition (`(a+)+`) is a warning: this engine and RE2 answer
/// it in linear time, backtracking engines (and tools built on them) may not.
enum RegexCheck {
    /// Whether a method takes a pattern: `matches`, `split`, `replace`
    /// (three comparisons of short strings cost less than hashing the name).
    static func isPatternMethod(_ name: String) -> Bool {
        name == "matches" || name == "split" || name == "replace"
    }

    /// Checks a call if it calls a pattern method with a constant pattern.
    static func check(callee: Expr, arguments: [Expr], into diagnostics: inout [Diagnostic]) {
        guard case .member(_, let name) = callee.kind,
            isPatternMethod(name.name), let first = arguments.first,
            case .string(let pattern) = first.kind
        else { return }
        switch RulesRegex.rejection(of: pattern) {
        case nil:
            if RulesRegex.hasNestedQuantifiers(pattern) {
                diagnostics.append(.warning("check.nested-quantifier", CheckMessages.nestedQuantifiers(pattern), at: first.range))
            }
        case .unsupported(let reason):
            diagnostics.append(.error("check.unsupported-regex", CheckMessages.invalidRegex(pattern, reason), at: first.range))
        case .malformed(let reason):
            diagnostics.append(.warning("check.invalid-regex", CheckMessages.invalidRegex(pattern, reason), at: first.range))
        }
    }
}
