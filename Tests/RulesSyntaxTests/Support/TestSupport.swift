import Foundation
import Testing

@testable import RulesSyntax

/// Helpers shared by the RulesSyntax tests.
enum Fixtures {
    /// The package root, found from this file's path (`<root>/Tests/RulesSyntaxTests/Support/`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directory of golden files.
    static let goldenDirectory = packageRoot.appendingPathComponent("Tests/RulesSyntaxTests/Golden")

    /// The real-world corpus: beside the project root for the main checkout
    /// (`/work/main` -> `/work/shared/...`), else the shared absolute path
    /// used by worktrees; `nil` when neither exists (a fresh clone).
    static let corpusDirectory: URL? = {
        let candidates = [
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/real-world"),
            URL(fileURLWithPath: "/work/shared/corpus/real-world"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("MANIFEST.tsv").path) }
    }()

    /// The `.rules` files of a directory, sorted by name.
    static func rulesFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".rules") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Parses text as a file named `name`.
    static func parse(_ text: String, name: String = "test.rules") -> ParseResult {
        Parser.parse(SourceFile(path: name, text: text))
    }

    /// Wraps an expression as the condition of an allow statement, so a
    /// table can test expressions alone. The condition starts at `prefix.utf8.count`.
    static let prefix = "rules_version = '2'; service firebase.storage { match /x { allow read: if "
    static let suffix = "; } }"

    /// Parses an expression (in an allow condition) and returns it with the diagnostics.
    static func parseExpression(_ source: String) -> (expr: Expr?, diagnostics: [Diagnostic]) {
        let result = parse(prefix + source + suffix)
        let condition = result.ruleset.service?.matches.first?.allows.first?.condition
        return (condition, result.diagnostics)
    }

    /// Renders diagnostics one per line as `line:col id: message`.
    static func describe(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        diagnostics.map { "\(source.location(of: $0.range.start)) \($0.id): \($0.message)" }.joined(separator: "\n")
    }
}

/// A test source with position markers (`1️⃣`, `2️⃣`, ...) removed, and the
/// byte offset where each marker was.
struct MarkedSource {
    /// The source without markers.
    let text: String
    /// Marker -> byte offset in ``text``.
    let markers: [String: Int]

    static let markerScalars: [String] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    init(_ marked: String) {
        var text = ""
        var markers: [String: Int] = [:]
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let marker = Self.markerScalars.first(where: { rest.hasPrefix($0) }) {
                markers[marker] = text.utf8.count
                rest = rest.dropFirst(marker.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.markers = markers
    }
}
