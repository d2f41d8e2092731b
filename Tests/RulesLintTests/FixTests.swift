import Foundation
import RulesLint
import RulesSyntax
import Testing

/// `--fix`: the safe rewrites, repeated until the file settles, written atomically.
struct FixTests {
    static let before = """
        service firebase.storage {
          match /b/{bucket}/o {
            match /u/{name} {
              allow read: if name.toLowerCase() === 'readme' && name.length < 10 && request.auth.uid !== null;
            }
          }
        }
        """

    static let after = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /u/{name} {
              allow read: if name.lower() == 'readme' && name.size() < 10 && request.auth.uid != null;
            }
          }
        }
        """

    @Test func safeFixesAreAppliedUntilTheFileSettles() {
        let fixed = FixApplier.fixRepeatedly(SourceFile(path: "x.rules", text: Self.before), linter: LintFixtures.linter, configuration: LintConfiguration(), path: nil)
        #expect(fixed.text == Self.after)
        #expect(fixed.applied == 5)
        let remaining = LintFixtures.lint(fixed.text).map(\.diagnostic.id)
        #expect(!remaining.contains { $0.hasPrefix("lint.js-") || $0.hasPrefix("syntax.") || $0 == "lint.missing-rules-version" })
    }

    @Test func unsafeProblemsStayReported() {
        let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /u/{f} {\n      allow read: if ['a'].includes(f);\n    }\n  }\n}\n"
        let fixed = FixApplier.fixRepeatedly(SourceFile(path: "x.rules", text: text), linter: LintFixtures.linter, configuration: LintConfiguration(), path: nil)
        #expect(fixed.text == text)
        #expect(LintFixtures.lint(fixed.text).contains { $0.diagnostic.id == "lint.js-includes" })
    }

    @Test func writesReplaceTheFileWholeAndLeaveNoTemporaryFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("storage.rules")
        try Self.before.write(to: file, atomically: false, encoding: .utf8)
        try FixApplier.writeAtomically(Self.after, to: file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.after)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["storage.rules"])
    }
}
