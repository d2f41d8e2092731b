import Foundation
import RulesSyntax

/// SARIF 2.1.0: one run whose `tool.driver.rules` lists every registered
/// id (the same list on every run), results pointing at rules by id and index,
/// and files that could not be read as tool execution notifications.
enum SARIFOutput {
    static func render(_ results: [LintFileResult], unreadable: [LintUnreadableFile] = []) -> String {
        let rules = LintRegistry.all.map(rule)
        let index = Dictionary(LintRegistry.all.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sarifResults = results.flatMap { result in
            result.findings.map { finding -> [String: Any] in
                let diagnostic = finding.diagnostic
                let start = result.source.location(of: diagnostic.range.start)
                let end = result.source.location(of: diagnostic.range.end)
                let text = diagnostic.message + (diagnostic.help.map { " (help: \($0))" } ?? "")
                var entry: [String: Any] = [
                    "ruleId": diagnostic.id, "level": level(diagnostic.severity),
                    "message": ["text": text],
                    "locations": [[
                        "physicalLocation": [
                            "artifactLocation": ["uri": uri(result.source.path)],
                            "region": ["startLine": start.line, "startColumn": start.column, "endLine": end.line, "endColumn": end.column],
                        ],
                    ]],
                ]
                if let ruleIndex = index[diagnostic.id] { entry["ruleIndex"] = ruleIndex }
                return entry
            }
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "storage-rules", "informationUri": "https://firebase.google.com/docs/storage/security", "rules": rules]],
                "results": sarifResults,
                "invocations": [[
                    "executionSuccessful": unreadable.isEmpty,
                    "toolExecutionNotifications": unreadable.map { file -> [String: Any] in
                        [
                            "level": "error", "message": ["text": file.error],
                            "locations": [["physicalLocation": ["artifactLocation": ["uri": uri(file.path)]]]],
                        ]
                    },
                ]],
            ]],
        ]
        return LintOutput.serialize(document)
    }

    static func rule(_ check: LintCheck) -> [String: Any] {
        [
            "id": check.id, "name": check.id,
            "shortDescription": ["text": check.summary],
            "fullDescription": ["text": check.rationale],
            "help": ["text": check.rationale, "markdown": CheckDocumentation.markdown(check)],
            "defaultConfiguration": ["level": level(check.defaultSeverity)],
            "properties": ["category": check.category.rawValue, "tags": [check.category.rawValue]],
        ]
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative path stays relative (SARIF resolves it against the checkout,
    /// `./` dropped); an absolute one becomes a `file://` URI.
    static func uri(_ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? trimmed
        return trimmed.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
