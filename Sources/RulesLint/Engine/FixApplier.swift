import Foundation
import RulesSyntax

/// Applies the safe fixes of findings to text, and writes files atomically.
public enum FixApplier {
    /// The text with every fix applied; edits overlapping an earlier one are
    /// skipped (they are reported again on the next run). Also returns how many fixes were applied.
    public static func apply(_ findings: [LintFinding], to source: SourceFile) -> (text: String, applied: Int) {
        var edits: [TextEdit] = []
        var applied = 0
        for fix in findings.compactMap(\.fix) {
            let overlaps = fix.edits.contains { edit in
                edits.contains { other in
                    edit.range.start < other.range.end && other.range.start < edit.range.end
                        || (edit.range.start == other.range.start && edit.range == other.range)
                }
            }
            guard !overlaps else { continue }
            edits += fix.edits
            applied += 1
        }
        var bytes = source.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            let start = min(edit.range.start, bytes.count)
            let end = min(max(start, edit.range.end), bytes.count)
            bytes.replaceSubrange(start..<end, with: Array(edit.replacement.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), applied)
    }

    /// Lints and fixes until nothing more can be fixed (fixing one problem can
    /// let the file parse and reveal the next), at most a few rounds.
    public static func fixRepeatedly(
        _ source: SourceFile, linter: Linter, configuration: LintConfiguration, path: String?
    ) -> (text: String, applied: Int) {
        var current = source
        var total = 0
        for _ in 0..<4 {
            let findings = linter.lint(current, configuration: configuration, path: path)
            let (text, applied) = apply(findings, to: current)
            guard applied > 0, text != current.text else { break }
            total += applied
            current = SourceFile(path: source.path, text: text)
        }
        return (current.text, total)
    }
}
