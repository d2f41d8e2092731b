import RulesSyntax

/// A rules file larger than production accepts.
enum RulesetSize {
    /// Production's limit on the source of a ruleset: 256 KiB of UTF-8 (spec §5.1).
    static let maximumBytes = 256 * 1024

    static let check = LintCheck(
        id: "lint.ruleset-size", category: .correctness, severity: .error,
        summary: "a rules file larger than the 256 KiB production accepts",
        rationale: """
            Production rejects a ruleset whose source is larger than 256 KiB of UTF-8 text, so such a file \
            never deploys. Generated rules in particular grow past it; factor repeated conditions into functions.
            """,
        triggering: ["match /a/{f} {\n  allow read: if request.auth != null;\n}\n" + String(repeating: "// padding padding padding padding padding padding padding padding padding\n", count: 3_600)],
        nonTriggering: ["match /a/{f} {\n  allow read: if request.auth != null;\n}"],
        detector: .text(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        let count = context.source.bytes.count
        guard count > maximumBytes else { return [] }
        return [LintReport(
            "the file has \(count) bytes; production accepts at most \(maximumBytes) (256 KiB)", at: SourceRange(start: 0, end: 0),
            help: "move repeated conditions into functions")]
    }
}
