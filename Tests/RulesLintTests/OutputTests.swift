import Foundation
import RulesLint
import RulesSyntax
import Testing

/// The four output formats.
struct OutputTests {
    static let text = "service firebase.storage {\n  match /b/{bucket}/o {\n    match /up/{f} {\n      allow write: if true;\n    }\n  }\n}\n"

    static var results: [LintFileResult] {
        let source = SourceFile(path: "dir/storage.rules", text: text)
        return [LintFileResult(source: source, findings: LintFixtures.linter.lint(source))]
    }

    @Test func humanShowsPositionCaretIdHelpAndSummary() {
        let out = LintOutput.render(Self.results, format: .human)
        #expect(out.contains("dir/storage.rules:4:7: error: public write: anyone may write objects under `/b/{bucket}/o/up/{f}` [lint.public-write]"))
        #expect(out.contains("4 |       allow write: if true;\n  |       ^~~~~~~~~~~"))
        #expect(out.contains("  help: require a signed-in user"))
        #expect(out.contains("help: add `rules_version = '2';` as the first line (fixable with --fix)"))
        #expect(out.hasSuffix("1 file linted: 1 error, 1 warning, 0 notes (1 fixable with --fix)\n"))
    }

    @Test func jsonHasIdsSeveritiesAndPositions() throws {
        let data = Data(LintOutput.render(Self.results, format: .json).utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["errors"] as? Int == 1)
        let files = try #require(root["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        let publicWrite = try #require(findings.first { $0["id"] as? String == "lint.public-write" })
        #expect(publicWrite["line"] as? Int == 4)
        #expect(publicWrite["column"] as? Int == 7)
        #expect(publicWrite["category"] as? String == "security")
        #expect(publicWrite["severity"] as? String == "error")
    }

    @Test func sarifListsEveryRuleAndPointsResultsAtThem() throws {
        let data = Data(LintOutput.render(Self.results, format: .sarif).utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(Set(rules.compactMap { $0["id"] as? String }).isSuperset(of: LintRegistry.checks.map(\.id)))
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let first = try #require(results.first { $0["ruleId"] as? String == "lint.public-write" })
        #expect(first["level"] as? String == "error")
        let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "dir/storage.rules")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 4)
    }

    /// `tool.driver.rules` is the registry, whatever the input: syntax ids
    /// included with their real severity and a summary.
    @Test func sarifRulesAreTheRegistryOnEveryRun() throws {
        func rules(_ text: String) throws -> [[String: Any]] {
            let source = SourceFile(path: "x.rules", text: text)
            let data = Data(LintOutput.render([LintFileResult(source: source, findings: LintFixtures.linter.lint(source))], format: .sarif).utf8)
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let run = try #require((root["runs"] as? [[String: Any]])?.first)
            return try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        }
        let clean = try rules(Self.text)
        let broken = try rules("service firebase.storage { match /b/{bucket}/o { allow read: if ; } }")
        let twoServices = try rules(Self.text + "service other.service {\n  match /x {\n    allow read: if true;\n  }\n}\n")
        let ids = clean.compactMap { $0["id"] as? String }
        #expect(ids == LintRegistry.all.map(\.id))
        #expect(broken.compactMap { $0["id"] as? String } == ids)
        #expect(twoServices.compactMap { $0["id"] as? String } == ids)
        for id in ["syntax.extra-service", "syntax.repeated-version"] {
            let rule = try #require(clean.first { $0["id"] as? String == id })
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
    }

    /// Every `syntax.*` id the parser can emit is registered with the severity it is emitted with.
    @Test func everySyntaxIdIsRegisteredWithItsSeverity() throws {
        let folder = LintFixtures.packageRoot.appendingPathComponent("Sources/RulesSyntax")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        let pattern = try Regex(#"\.(error|warning|note)\(\s*"(syntax\.[a-z-]+)""#)
        var emitted: [String: String] = [:]
        for file in files where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: pattern) {
                emitted[String(match.output[2].substring ?? "")] = String(match.output[1].substring ?? "")
            }
        }
        #expect(emitted.count > 20)
        for (id, severity) in emitted {
            #expect(LintRegistry.check(id)?.defaultSeverity.rawValue == severity, "\(id) (\(severity)) is not registered with that severity")
        }
    }

    @Test func sarifURIsAreRelativeOrFileURLs() throws {
        let source = SourceFile(path: "/tmp/my rules/storage.rules", text: Self.text)
        let out = LintOutput.render([LintFileResult(source: source, findings: LintFixtures.linter.lint(source))], format: .sarif)
        #expect(out.contains("\"uri\" : \"file:///tmp/my%20rules/storage.rules\""))
    }

    @Test func githubAnnotationsAreEscaped() {
        let out = LintOutput.render(Self.results, format: .github)
        #expect(out.contains("::error file=dir/storage.rules,line=4,col=7,endLine=4,endColumn=18,title=lint.public-write::public write"))
        #expect(out.contains("%0Ahelp: "))
        #expect(out.contains("::warning file=dir/storage.rules,line=1,"))
        #expect(!out.split(separator: "\n").contains { !$0.hasPrefix("::") })
    }
}
