import Foundation
import RulesEngine
import RulesSyntax
import Testing

/// The real-world corpus beside the project: `../shared/corpus/real-world`.
enum Corpus {
    static let directory: URL = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/real-world")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: "/work/shared/corpus/real-world")
    }()

    /// File name → MANIFEST notes.
    static let manifest: [String: String] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [:] }
        var notes: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if columns.count >= 9 { notes[columns[0]] = columns[8] }
        }
        return notes
    }()

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".rules") }.sorted()
    }

    static func source(_ name: String) -> SourceFile {
        let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return SourceFile(path: name, text: text)
    }

    /// Files the MANIFEST calls invalid, non-standard or fragments.
    static func isMarkedInvalid(_ name: String) -> Bool {
        let note = manifest[name] ?? ""
        return ["INVALID", "NON-STANDARD", "FRAGMENT"].contains { note.contains($0) }
    }
}

struct CorpusTests {
    @Test func corpusIsPresent() {
        #expect(Corpus.files.count > 50)
    }

    @Test(arguments: Corpus.files)
    func compiles(_ name: String) {
        let result = CompiledRuleset.compile(Corpus.source(name))
        let rendered = DiagnosticRenderer(style: .plain).render(result.diagnostics, in: result.source)
        let note = Corpus.manifest[name] ?? ""
        if note.contains("NON-STANDARD") || note.contains("FRAGMENT") {
            #expect(result.diagnostics.containsErrors, "\(name) must be rejected: \(note)")
        } else if note.contains("INVALID") {
            #expect(result.diagnostics.contains { $0.id == "check.unreachable-match" }, "\(name): \(rendered)")
        } else {
            #expect(!result.diagnostics.containsErrors, "\(name):\n\(rendered)")
        }
        for diagnostic in result.diagnostics {
            #expect(diagnostic.range.end <= result.source.bytes.count)
        }
    }
}
