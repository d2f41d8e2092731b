import Foundation
import RulesEngine
import RulesSyntax

/// Runs the compiler and every check of the catalogue over one file and
/// turns the results into findings: configured severities applied, checks
/// switched off or ignored for the path dropped, suppression comments honoured.
public struct Linter: Sendable {
    /// The time date-guard checks compare with.
    public var now: Date

    /// Creates a linter.
    public init(now: Date = Date()) {
        self.now = now
    }

    /// Lints one file. `path` is the file's location on disk, used for
    /// per-path ignores of the configuration (`nil` for standard input).
    public func lint(_ source: SourceFile, configuration: LintConfiguration = LintConfiguration(), path: String? = nil) -> [LintFinding] {
        let parsed = Parser.parse(source)
        let tree = parsed.diagnostics.containsErrors ? nil : parsed.ruleset
        var compiler = parsed.diagnostics
        if let tree {
            compiler += CompiledRuleset.checkerDiagnostics(for: tree)
            // A missing statement is reported, with a fix, as lint.missing-rules-version.
            if tree.versionRange == nil { compiler.removeAll { $0.id == "check.old-version" } }
        }
        var findings = compiler.map { diagnostic -> LintFinding in
            let check = LintRegistry.check(diagnostic.id)
            var diagnostic = diagnostic
            if let check { diagnostic.severity = check.defaultSeverity }
            return LintFinding(diagnostic: diagnostic, category: check?.category)
        }
        let context = LintContext(source: source, ruleset: tree, now: now)
        for check in LintRegistry.checks {
            let reports: [LintReport]
            switch check.detector {
            case .compiler: continue
            case .text(let detect): reports = detect(context)
            case .tree(let detect): reports = tree == nil ? [] : detect(context)
            }
            findings += reports.map { report in
                LintFinding(
                    diagnostic: Diagnostic(
                        id: check.id, severity: check.defaultSeverity, message: report.message, range: report.range, help: report.help),
                    category: check.category, fix: report.fix)
            }
        }
        findings = Self.removingDuplicates(findings)
        findings = findings.compactMap { finding in
            guard finding.category != nil else { return finding }
            guard let severity = configuration.severity(for: finding.diagnostic.id, default: finding.diagnostic.severity),
                !configuration.ignores(check: finding.diagnostic.id, path: path)
            else { return nil }
            var finding = finding
            finding.diagnostic.severity = severity
            return finding
        }
        let suppressions = Suppressions(context.scan, source: source)
        findings.removeAll { suppressions.suppresses($0.diagnostic, in: source) }
        return findings.enumerated().sorted { lhs, rhs in
            (lhs.element.diagnostic.range.start, lhs.offset) < (rhs.element.diagnostic.range.start, rhs.offset)
        }.map(\.element)
    }

    /// The compiler's "invalid function" warning for `.includes()` and the
    /// like says less than the JavaScript-habit check at the same place.
    private static func removingDuplicates(_ findings: [LintFinding]) -> [LintFinding] {
        let habits = findings.filter { $0.diagnostic.id.hasPrefix("lint.js-") }.map(\.diagnostic.range)
        return findings.filter { finding in
            guard finding.diagnostic.id == "check.invalid-function" else { return true }
            let range = finding.diagnostic.range
            return !habits.contains { $0.start < range.end && range.start < $0.end }
        }
    }
}

/// Inline suppressions: a comment `storage-rules-ignore ID[, ID...]`
/// silences those checks on its own line; a comment alone on its line
/// also silences the line below it.
public struct Suppressions: Sendable {
    /// The marker that starts a suppression inside a comment.
    public static let marker = "storage-rules-ignore"
    private var idsByLine: [Int: Set<String>] = [:]

    /// Collects the suppressions of a file.
    public init(_ scan: SourceScan, source: SourceFile) {
        for comment in scan.comments {
            guard let markerRange = comment.text.range(of: Self.marker) else { continue }
            let rest = comment.text[markerRange.upperBound...]
            let ids = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "*" || $0 == "/" || $0 == ":" })
                .map(String.init).prefix { $0.contains(".") }
            let line = source.location(of: comment.range.start).line
            let alone = Self.isAloneOnItsLine(comment.range.start, in: source.bytes)
            for target in alone ? [line, line + 1] : [line] { idsByLine[target, default: []].formUnion(ids) }
        }
    }

    /// Whether only blanks precede `offset` on its line, so a comment there
    /// is not trailing code.
    private static func isAloneOnItsLine(_ offset: Int, in bytes: [UInt8]) -> Bool {
        var index = offset - 1
        while index >= 0, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t"), bytes[index] != UInt8(ascii: "\r") { return false }
            index -= 1
        }
        return true
    }

    /// Whether a suppression comment covers the diagnostic's first line.
    public func suppresses(_ diagnostic: Diagnostic, in source: SourceFile) -> Bool {
        guard !idsByLine.isEmpty else { return false }
        let line = source.location(of: diagnostic.range.start).line
        return idsByLine[line]?.contains(diagnostic.id) ?? false
    }
}
