import Foundation
import RulesLint
import RulesSyntax
import Testing

/// Paths and helpers shared by the lint tests.
enum LintFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The real-world corpus beside the project, or the shared copy.
    static let corpusDirectory: URL? = {
        let beside = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/real-world")
        for candidate in [beside, URL(fileURLWithPath: "/work/shared/corpus/real-world")]
        where FileManager.default.fileExists(atPath: candidate.path) {
            return candidate
        }
        return nil
    }()

    /// `*.rules` files under a folder, sorted.
    static func rulesFiles(in directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "rules" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The corpus MANIFEST's notes column by file name.
    static let manifest: [String: String] = {
        guard let corpusDirectory,
            let text = try? String(contentsOf: corpusDirectory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [:] }
        var notes: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if columns.count >= 9 { notes[columns[0]] = columns[8] }
        }
        return notes
    }()

    /// Files the MANIFEST calls invalid, non-standard or fragments.
    static func isMarkedIncorrect(_ name: String) -> Bool {
        let note = manifest[name] ?? ""
        return ["INVALID", "NON-STANDARD", "FRAGMENT"].contains { note.contains($0) }
    }

    /// A fixed "now" so date checks are reproducible.
    static let linter = Linter(now: Date(timeIntervalSince1970: 1_790_000_000))

    static func lint(_ text: String, configuration: LintConfiguration = LintConfiguration(), path: String? = nil) -> [LintFinding] {
        linter.lint(SourceFile(path: "test.rules", text: text), configuration: configuration, path: path)
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Compares with a golden file; `UPDATE_GOLDEN=1` rewrites it and fails the test so a rewrite is never silent.
    static func checkGolden(_ actual: String, _ file: URL) throws {
        let expected = try? String(contentsOf: file, encoding: .utf8)
        if expected == actual { return }
        if updating {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(file.lastPathComponent); review the diff and run again without UPDATE_GOLDEN")
        } else if let expected {
            #expect(actual == expected, "\(file.lastPathComponent) differs; run with UPDATE_GOLDEN=1 to rewrite it")
        } else {
            Issue.record("missing \(file.lastPathComponent); run with UPDATE_GOLDEN=1 to create it")
        }
    }
}
