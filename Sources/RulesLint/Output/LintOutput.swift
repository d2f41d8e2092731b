import Foundation
import RulesSyntax

/// The findings of one file.
public struct LintFileResult: Sendable {
    /// The file as read.
    public var source: SourceFile
    /// Its findings, in source order.
    public var findings: [LintFinding]

    /// Creates a result.
    public init(source: SourceFile, findings: [LintFinding]) {
        self.source = source
        self.findings = findings
    }
}

/// A file named for linting that could not be read, with the reason.
public struct LintUnreadableFile: Sendable {
    /// The path as shown to the user.
    public var path: String
    /// Why it could not be read.
    public var error: String

    /// Creates an entry.
    public init(path: String, error: String) {
        self.path = path
        self.error = error
    }
}

/// How `lint` reports.
public enum LintOutputFormat: String, Sendable, CaseIterable {
    /// For people: position, message with the check id, source line, caret and help.
    case human
    /// One JSON document.
    case json
    /// SARIF 2.1.0, for code-scanning uploads.
    case sarif
    /// GitHub Actions workflow commands (`::error file=...::message`).
    case github
}

/// Turns findings into text in each output format.
public enum LintOutput {
    /// The report in the given format. Unreadable files are part of the
    /// JSON and SARIF documents; the other formats leave them to standard error.
    public static func render(
        _ results: [LintFileResult], format: LintOutputFormat, color: Bool = false, unreadable: [LintUnreadableFile] = []
    ) -> String {
        switch format {
        case .human: human(results, color: color)
        case .json: json(results, unreadable: unreadable)
        case .sarif: SARIFOutput.render(results, unreadable: unreadable)
        case .github: github(results)
        }
    }

    /// Counts of findings per severity.
    public static func counts(_ results: [LintFileResult]) -> (errors: Int, warnings: Int, notes: Int, fixable: Int) {
        let findings = results.flatMap(\.findings)
        return (
            findings.filter { $0.diagnostic.severity == .error }.count,
            findings.filter { $0.diagnostic.severity == .warning }.count,
            findings.filter { $0.diagnostic.severity == .note }.count,
            findings.filter { $0.fix != nil }.count
        )
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// `file:line:col: severity: message [id]`, the line with a caret, the help line; then a summary.
    public static func human(_ results: [LintFileResult], color: Bool) -> String {
        let renderer = DiagnosticRenderer(style: .human, color: color)
        var out = ""
        for result in results {
            for finding in result.findings {
                var diagnostic = finding.diagnostic
                diagnostic.message += " [\(diagnostic.id)]"
                if finding.fix != nil { diagnostic.help = (diagnostic.help.map { $0 + " " } ?? "") + "(fixable with --fix)" }
                out += renderer.render(diagnostic, in: result.source)
            }
        }
        let counts = counts(results)
        out += "\(plural(results.count, "file")) linted: \(plural(counts.errors, "error")), \(plural(counts.warnings, "warning")), \(plural(counts.notes, "note"))"
        if counts.fixable > 0 { out += " (\(counts.fixable) fixable with --fix)" }
        return out + "\n"
    }

    /// `{"files": [{"file", "findings": [...]} or {"file", "error"}], "errors", "warnings", "notes", "unreadable"}`.
    public static func json(_ results: [LintFileResult], unreadable: [LintUnreadableFile] = []) -> String {
        let counts = counts(results)
        let files = results.map { result -> [String: Any] in
            ["file": result.source.path, "findings": result.findings.map { finding(json: $0, in: result.source) }]
        }
        let document: [String: Any] = [
            "files": files + unreadable.map { ["file": $0.path, "error": $0.error] },
            "errors": counts.errors, "warnings": counts.warnings, "notes": counts.notes, "unreadable": unreadable.count,
        ]
        return serialize(document)
    }

    static func finding(json finding: LintFinding, in source: SourceFile) -> [String: Any] {
        let start = source.location(of: finding.diagnostic.range.start)
        let end = source.location(of: finding.diagnostic.range.end)
        var object: [String: Any] = [
            "id": finding.diagnostic.id, "severity": finding.diagnostic.severity.rawValue,
            "message": finding.diagnostic.message, "line": start.line, "column": start.column,
            "endLine": end.line, "endColumn": end.column, "fixable": finding.fix != nil,
        ]
        if let category = finding.category { object["category"] = category.rawValue }
        if let help = finding.diagnostic.help { object["help"] = help }
        return object
    }

    static func serialize(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=ID::message`, one per finding.
    public static func github(_ results: [LintFileResult]) -> String {
        var out = ""
        for result in results {
            for finding in result.findings {
                let diagnostic = finding.diagnostic
                let start = result.source.location(of: diagnostic.range.start)
                let end = result.source.location(of: diagnostic.range.end)
                let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
                let properties = [
                    "file=\(escapeProperty(result.source.path))", "line=\(start.line)", "col=\(start.column)",
                    "endLine=\(end.line)", "endColumn=\(end.column)", "title=\(escapeProperty(diagnostic.id))",
                ].joined(separator: ",")
                let message = diagnostic.message + (diagnostic.help.map { "\nhelp: \($0)" } ?? "")
                out += "::\(command) \(properties)::\(escapeData(message))\n"
            }
        }
        return out
    }

    /// Workflow-command data escaping: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property escaping adds `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
