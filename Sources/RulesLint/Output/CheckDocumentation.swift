/// Documentation generated from the catalogue: `--explain`, `--list-checks`
/// and `docs/lint-checks.md` all come from the same descriptions.
public enum CheckDocumentation {
    /// One check in Markdown: heading, facts, rationale and examples.
    public static func markdown(_ check: LintCheck) -> String {
        var out = "### `\(check.id)`\n\n\(capitalized(check.summary)).\n\n"
        out += "- Category: \(check.category.rawValue)\n- Default severity: \(check.defaultSeverity.rawValue)\n"
        out += "- Found by: \(source(check))\n- Fixable with `--fix`: \(check.fixable ? "yes" : "no")\n\n"
        out += check.rationale + "\n\n"
        if !check.triggering.isEmpty {
            out += "Triggers:\n\n" + check.triggering.map(block).joined() + "Does not trigger:\n\n" + check.nonTriggering.map(block).joined()
        }
        return out
    }

    /// The whole catalogue as one Markdown page.
    public static func catalogue() -> String {
        var out = """
            # Lint checks

            <!-- Generated from Sources/RulesLint by `storage-rules lint --docs`; a test keeps it in step. -->

            `storage-rules lint` reports every compiler diagnostic and the checks below. Examples without a \
            `service` block sit inside `match /b/{bucket}/o` of a `rules_version = '2'` file. Change a check's \
            severity or switch it off in `.storage-rules.yaml`; silence one finding with a comment \
            `// storage-rules-ignore <id>` on its line or the line above.

            | Id | Category | Severity | Fix | Summary |
            |---|---|---|---|---|

            """
        for check in LintRegistry.checks {
            out += "| [`\(check.id)`](#\(anchor(check.id))) | \(check.category.rawValue) | \(check.defaultSeverity.rawValue) | \(check.fixable ? "yes" : "") | \(check.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for category in LintCategory.allCases {
            out += "\n## \(capitalized(category.rawValue))\n\n"
            out += LintRegistry.checks.filter { $0.category == category }.map(markdown).joined(separator: "\n")
        }
        return out
    }

    /// `--explain ID`: the check as plain text.
    public static func explain(_ check: LintCheck) -> String {
        var out = "\(check.id) (\(check.category.rawValue), \(check.defaultSeverity.rawValue)\(check.fixable ? ", fixable" : ""))\n"
        out += capitalized(check.summary) + ".\n\n" + check.rationale
        guard !check.triggering.isEmpty else { return out }
        out += "\n\nTriggers:\n" + check.triggering.map { indent(shortened(LintExample.file($0))) }.joined(separator: "\n")
        out += "\nDoes not trigger:\n" + check.nonTriggering.map { indent(shortened(LintExample.file($0))) }.joined(separator: "\n")
        return out
    }

    /// `--list-checks`: one line per check.
    public static func list() -> String {
        let width = LintRegistry.checks.map(\.id.count).max() ?? 0
        return LintRegistry.checks.map { check in
            let id = check.id + String(repeating: " ", count: width - check.id.count)
            let category = check.category.rawValue + String(repeating: " ", count: 12 - check.category.rawValue.count)
            let severity = check.defaultSeverity.rawValue + String(repeating: " ", count: 8 - check.defaultSeverity.rawValue.count)
            return "\(id)  \(category)\(severity)\(check.summary)\n"
        }.joined()
    }

    private static func source(_ check: LintCheck) -> String {
        switch check.detector {
        case .compiler: "the rules compiler"
        case .tree: "the linter (files that parse)"
        case .text: "the linter (any file, even one that does not parse)"
        }
    }

    /// The longest example printed whole; longer ones (file-size limits) are cut.
    public static let longestPrintedExample = 2_000

    private static func block(_ code: String) -> String { "```\n\(shortened(code))\n```\n\n" }

    /// The example, or its first lines and a note saying how much was left out.
    static func shortened(_ code: String) -> String {
        guard code.utf8.count > longestPrintedExample else { return code }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.prefix(5).joined(separator: "\n") + "\n// ... \(lines.count - 5) more lines (\(code.utf8.count) bytes in all)"
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    private static func anchor(_ id: String) -> String { id.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" } }
}
