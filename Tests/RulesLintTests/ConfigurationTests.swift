import Foundation
import RulesLint
import RulesSyntax
import Testing

/// `.storage-rules.yaml`, inline suppressions and globs.
struct ConfigurationTests {
    static let openUpload = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /up/{f} {
              allow create: if request.auth != null;
            }
          }
        }
        """

    static func ids(_ findings: [LintFinding]) -> [String] { findings.map(\.diagnostic.id) }

    @Test func severitiesCanBeChangedOrSwitchedOff() throws {
        let configuration = try LintConfiguration.parse("""
            checks:
              lint.no-size-limit: off
              lint.no-content-type-check: error
            """, path: "/repo/.storage-rules.yaml")
        let findings = LintFixtures.lint(Self.openUpload, configuration: configuration)
        #expect(!Self.ids(findings).contains("lint.no-size-limit"))
        #expect(findings.first { $0.diagnostic.id == "lint.no-content-type-check" }?.diagnostic.severity == .error)
    }

    @Test func perCheckAndWholeFileIgnoresUseGlobsRelativeToTheConfiguration() throws {
        let configuration = try LintConfiguration.parse("""
            fail-on: warning
            ignore: [legacy/**]
            checks:
              lint.no-size-limit:
                severity: warning
                ignore: ["uploads/*.rules"]
            """, path: "/repo/.storage-rules.yaml")
        #expect(configuration.failOn == .warning)
        #expect(configuration.ignores(path: "/repo/legacy/a/b.rules"))
        #expect(!configuration.ignores(path: "/repo/storage.rules"))
        #expect(!Self.ids(LintFixtures.lint(Self.openUpload, configuration: configuration, path: "/repo/uploads/a.rules")).contains("lint.no-size-limit"))
        #expect(Self.ids(LintFixtures.lint(Self.openUpload, configuration: configuration, path: "/repo/uploads/deep/a.rules")).contains("lint.no-size-limit"))
    }

    @Test(arguments: [
        ("checks:\n  lint.nope: off", "unknown check `lint.nope`"),
        ("checks:\n  lint.public-write: loud", "must be error, warning, note or off, not `loud`"),
        ("colour: red", "unknown key `colour`"),
        ("- a\n- b", "expected a map"),
        ("checks: [", "not valid YAML"),
    ])
    func badConfigurationsAreClearErrors(text: String, message: String) {
        #expect {
            _ = try LintConfiguration.parse(text, path: "/repo/.storage-rules.yaml")
        } throws: { error in
            let description = (error as? LintConfigurationError)?.description ?? ""
            return description.hasPrefix("/repo/.storage-rules.yaml: ") && description.contains(message)
        }
    }

    @Test func theNearestConfigurationAboveTheFileApplies() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-config-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try "checks:\n  lint.public-write: warning\n".write(to: root.appendingPathComponent(".storage-rules.yaml"), atomically: true, encoding: .utf8)
        let loader = LintConfigurationLoader()
        let configuration = try loader.configuration(forFile: nested.appendingPathComponent("x.rules").path)
        #expect(configuration.severity(for: "lint.public-write", default: .error) == .warning)
        #expect(URL(fileURLWithPath: configuration.directory).standardizedFileURL.path == root.standardizedFileURL.path)
    }

    @Test func suppressionCommentsOnTheLineOrTheLineAbove() {
        let above = Self.openUpload.replacingOccurrences(
            of: "      allow create", with: "      // storage-rules-ignore lint.no-size-limit, lint.no-content-type-check: a drop box\n      allow create")
        #expect(!Self.ids(LintFixtures.lint(above)).contains("lint.no-size-limit"))
        #expect(!Self.ids(LintFixtures.lint(above)).contains("lint.no-content-type-check"))
        let trailing = Self.openUpload.replacingOccurrences(
            of: "request.auth != null;", with: "request.auth != null; // storage-rules-ignore lint.no-size-limit")
        #expect(!Self.ids(LintFixtures.lint(trailing)).contains("lint.no-size-limit"))
        #expect(Self.ids(LintFixtures.lint(trailing)).contains("lint.no-content-type-check"))
        let inString = Self.openUpload.replacingOccurrences(
            of: "request.auth != null;", with: "request.auth.uid != '// storage-rules-ignore lint.no-size-limit';")
        #expect(Self.ids(LintFixtures.lint(inString)).contains("lint.no-size-limit"))
    }

    @Test func syntaxWarningsAreConfigurable() throws {
        let text = "rules_version = '2';\nrules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} {\n      allow get: if request.auth != null;\n    }\n  }\n}\n"
        #expect(Self.ids(LintFixtures.lint(text)).contains("syntax.repeated-version"))
        let configuration = try LintConfiguration.parse("checks:\n  syntax.repeated-version: off\n", path: "/repo/.storage-rules.yaml")
        let findings = LintFixtures.linter.lint(SourceFile(path: "x.rules", text: text), configuration: configuration)
        #expect(!Self.ids(findings).contains("syntax.repeated-version"))
    }

    /// A trailing comment covers its own line only; one alone on its line
    /// covers that line and the next.
    @Test func trailingSuppressionDoesNotReachTheNextLine() {
        let rules = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{f=**} {\n"
            + "      allow create: if true; // storage-rules-ignore lint.public-write\n"
            + "      allow delete: if true;\n    }\n  }\n}\n"
        let lines = LintFixtures.lint(rules).filter { $0.diagnostic.id == "lint.public-write" }
            .map { SourceFile(path: "x.rules", text: rules).location(of: $0.diagnostic.range.start).line }
        #expect(lines == [6])
        let alone = rules.replacingOccurrences(of: " // storage-rules-ignore lint.public-write\n", with: "\n      // storage-rules-ignore lint.public-write\n")
        let aloneLines = LintFixtures.lint(alone).filter { $0.diagnostic.id == "lint.public-write" }
            .map { SourceFile(path: "x.rules", text: alone).location(of: $0.diagnostic.range.start).line }
        #expect(aloneLines == [5], "a comment alone on its line covers the next line")
    }

    @Test(arguments: [
        ("legacy/**", "legacy/a/b.rules", true), ("legacy/**", "legacy.rules", false), ("*.rules", "a.rules", true),
        ("*.rules", "a/b.rules", false), ("**/*.rules", "b.rules", true), ("**/*.rules", "a/b/c.rules", true),
        ("a/?.rules", "a/x.rules", true), ("a/?.rules", "a/xy.rules", false), ("legacy/", "legacy/x.rules", true),
    ])
    func globs(glob: String, path: String, matches: Bool) {
        #expect(Glob.matches(glob, path) == matches)
    }
}
