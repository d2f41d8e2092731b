import RulesSyntax

/// The compiler's diagnostics as catalogue entries (one file per check in
/// this folder): the checker finds them, the entries give them a category,
/// documentation and examples. Also builds the long examples of the limit checks.
enum CompilerChecks {
    static let all: [LintCheck] = [
        InvalidVariable.check, InvalidFunction.check, UnusedFunction.check, UnusedVariable.check, NotComparable.check,
        InvalidRegex.check, UnsupportedRegex.check, GlobNotLast.check, MultipleGlobs.check, UnreachableMatch.check,
        CallDepth.check, TooManyLets.check, TooComplex.check, Recursion.check, DuplicateFunction.check,
        OldVersion.check, NestedQuantifier.check,
    ]

    /// Functions `f1` → `f2` → … → `fN` called from one rule.
    static func callChain(_ count: Int) -> String {
        var lines = (1..<count).map { "function f\($0)() { return f\($0 + 1)(); }" }
        lines.append("function f\(count)() { return true; }")
        lines.append("match /a/{p} {\n  allow read: if f1();\n}")
        return lines.joined(separator: "\n")
    }

    /// A function with `count` `let` bindings, all used.
    static func letFunction(_ count: Int) -> String {
        let lets = (1...count).map { "  let v\($0) = \($0);" }.joined(separator: "\n")
        let sum = (1...count).map { "v\($0)" }.joined(separator: " + ")
        return "function f() {\n\(lets)\n  return \(sum) > 0;\n}\nmatch /a/{p} {\n  allow read: if f();\n}"
    }

    /// A condition inside `depth` pairs of parentheses.
    static func nested(_ depth: Int) -> String {
        "match /a/{p} {\n  allow read: if \(String(repeating: "(", count: depth))request.auth != null\(String(repeating: ")", count: depth));\n}"
    }
}
