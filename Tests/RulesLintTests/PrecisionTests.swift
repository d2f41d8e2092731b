import Foundation
import RulesLint
import RulesSyntax
import Testing

/// Precision: the example rule sets get no error-severity finding, and every
/// error-severity finding on the real-world corpus was reviewed by hand and
/// is listed, with the reason it is a real problem, in `Golden/corpus-errors.txt`.
struct PrecisionTests {
    @Test(arguments: LintFixtures.rulesFiles(in: LintFixtures.packageRoot.appendingPathComponent("rules-examples")).map(\.path))
    func examplesHaveNoErrors(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let errors = LintFixtures.linter.lint(SourceFile(path: path, text: text)).filter { $0.diagnostic.severity == .error }
        #expect(errors.isEmpty, "\(path): \(errors.map { "\($0.diagnostic.id): \($0.diagnostic.message)" })")
    }

    /// `file:line:col id` of every error-severity finding on the corpus.
    static func corpusErrors() throws -> [String] {
        guard let corpus = LintFixtures.corpusDirectory else { return [] }
        var lines: [String] = []
        for url in LintFixtures.rulesFiles(in: corpus) {
            let source = SourceFile(path: url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8))
            for finding in LintFixtures.linter.lint(source) where finding.diagnostic.severity == .error {
                let location = source.location(of: finding.diagnostic.range.start)
                lines.append("\(source.path):\(location.line):\(location.column) \(finding.diagnostic.id)")
            }
        }
        return lines
    }

    @Test func everyCorpusErrorIsReviewedWithAReason() throws {
        try #require(LintFixtures.corpusDirectory != nil, "the real-world corpus is missing")
        let golden = try String(contentsOf: LintFixtures.goldenDirectory.appendingPathComponent("corpus-errors.txt"), encoding: .utf8)
        var reviewed: [String] = []
        for line in golden.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.components(separatedBy: " — ")
            #expect(parts.count == 2 && parts[1].count > 10, "no reason given: \(line)")
            reviewed.append(parts[0])
        }
        let actual = try Self.corpusErrors()
        let unreviewed = Set(actual).subtracting(reviewed).sorted()
        let gone = Set(reviewed).subtracting(actual).sorted()
        #expect(unreviewed.isEmpty, "error findings not in Golden/corpus-errors.txt:\n\(unreviewed.joined(separator: "\n"))")
        #expect(gone.isEmpty, "reviewed findings no longer reported:\n\(gone.joined(separator: "\n"))")
    }

    @Test func correctCorpusFilesGetNoCompileErrors() throws {
        let corpus = try #require(LintFixtures.corpusDirectory, "the real-world corpus is missing")
        for url in LintFixtures.rulesFiles(in: corpus) where !LintFixtures.isMarkedIncorrect(url.lastPathComponent) {
            let source = SourceFile(path: url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8))
            let compileErrors = LintFixtures.linter.lint(source).filter {
                $0.diagnostic.severity == .error && ($0.diagnostic.id.hasPrefix("syntax.") || $0.diagnostic.id.hasPrefix("check."))
            }
            #expect(compileErrors.isEmpty, "\(source.path): \(compileErrors.map(\.diagnostic.message))")
        }
    }
}
