import RulesSyntax

/// `a?.b`.
enum JSOptionalChaining {
    static let check = LintCheck(
        id: "lint.js-optional-chaining", category: .style, severity: .error,
        summary: "JavaScript's optional chaining `?.`, which rules do not have",
        rationale: """
            Rules have no `?.`; it is a syntax error. Reading a field of null is an error that denies, so guard \
            explicitly: `x != null && x.y == ...`, or for maps `m.get('key', default)`.
            """,
        triggering: ["match /a/{f} {\n  allow read: if resource?.metadata.owner == request.auth.uid;\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if resource != null && resource.metadata.owner == request.auth.uid;\n  allow write: if request.auth != null ? .5 < 1 : false;\n}"],
        detector: .text(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        context.scan.occurrences(of: "?.").compactMap { offset in
            // `cond ? .5 : 1` is a ternary with a float, not optional chaining.
            let next = offset + 2 < context.scan.code.count ? context.scan.code[offset + 2] : 0
            guard !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) else { return nil }
            return LintReport(
                "`?.` is JavaScript: rules have no optional chaining", at: SourceRange(start: offset, end: offset + 2),
                help: "guard with `x != null && x.field`, or use `map.get('field', default)`")
        }
    }
}
