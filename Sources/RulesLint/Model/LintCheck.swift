import RulesSyntax

/// What a check is about; shown in listings and SARIF tags.
public enum LintCategory: String, Sendable, CaseIterable, Codable {
    /// Rules that do not do what they say (they deny or error where they should not).
    case correctness
    /// Rules that grant more than intended.
    case security
    /// Spelling and structure that mislead readers.
    case style
    /// Rules that cost more than they need to (Firestore lookups).
    case performance
}

/// Where a check's findings come from.
public enum LintDetector: Sendable {
    /// The rules compiler reports it; the check documents a compiler diagnostic id.
    case compiler
    /// The linter finds it in a syntax tree that parsed without errors.
    case tree(@Sendable (LintContext) -> [LintReport])
    /// The linter finds it in the text, so it works even when the file does not parse.
    case text(@Sendable (LintContext) -> [LintReport])
}

/// One lint check, self-describing: its id, category, default severity,
/// documentation and examples (run as tests and printed in the docs), and
/// how it finds problems.
public struct LintCheck: Sendable {
    /// Stable identifier, e.g. `lint.public-write` or `check.invalid-variable`.
    public let id: String
    /// What the check is about.
    public let category: LintCategory
    /// The severity used when the configuration does not say otherwise.
    public let defaultSeverity: Severity
    /// One line saying what is reported.
    public let summary: String
    /// Why it matters, one paragraph.
    public let rationale: String
    /// Rules that trigger the check. A snippet without a `service` block is
    /// placed inside `match /b/{bucket}/o` of a version-2 file (see ``LintExample``).
    public let triggering: [String]
    /// Rules that do not trigger it.
    public let nonTriggering: [String]
    /// Whether `--fix` can repair findings of this check.
    public let fixable: Bool
    /// How findings are produced.
    public let detector: LintDetector

    /// Creates a check.
    public init(
        id: String, category: LintCategory, severity: Severity, summary: String, rationale: String,
        triggering: [String], nonTriggering: [String], fixable: Bool = false, detector: LintDetector
    ) {
        self.id = id
        self.category = category
        self.defaultSeverity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.fixable = fixable
        self.detector = detector
    }
}

/// Expands documentation snippets into whole rules files.
public enum LintExample {
    /// The snippet itself when it declares a service; otherwise the snippet
    /// inside `match /b/{bucket}/o` of a `rules_version = '2'` file.
    public static func file(_ snippet: String) -> String {
        if snippet.contains("service ") { return snippet }
        let body = snippet.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        return "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
    }
}

/// A problem a check found, before the linter gives it an id and a severity.
public struct LintReport: Sendable {
    /// The message: lowercase, user input in backticks.
    public var message: String
    /// Where the problem is.
    public var range: SourceRange
    /// A suggestion, e.g. the rules spelling.
    public var help: String?
    /// A safe automatic repair, if there is one.
    public var fix: LintFix?

    /// Creates a report.
    public init(_ message: String, at range: SourceRange, help: String? = nil, fix: LintFix? = nil) {
        self.message = message
        self.range = range
        self.help = help
        self.fix = fix
    }
}

/// Replaces one range of the source with new text.
public struct TextEdit: Sendable, Hashable {
    /// The bytes replaced.
    public var range: SourceRange
    /// The new text.
    public var replacement: String

    /// Creates an edit.
    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A safe repair: edits that keep the rules' meaning as written by the author.
public struct LintFix: Sendable, Hashable {
    /// The edits, non-overlapping.
    public var edits: [TextEdit]

    /// Creates a fix.
    public init(_ edits: [TextEdit]) {
        self.edits = edits
    }
}

/// A finding: a diagnostic with the check's id and effective severity,
/// the check's category when it is in the catalogue, and an optional fix.
public struct LintFinding: Sendable {
    /// The diagnostic (id, severity, message, range, help).
    public var diagnostic: Diagnostic
    /// The category, `nil` for syntax errors.
    public var category: LintCategory?
    /// The repair `--fix` applies.
    public var fix: LintFix?

    /// Creates a finding.
    public init(diagnostic: Diagnostic, category: LintCategory?, fix: LintFix? = nil) {
        self.diagnostic = diagnostic
        self.category = category
        self.fix = fix
    }
}
