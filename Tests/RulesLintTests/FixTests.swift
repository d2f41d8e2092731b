import Foundation
import RulesEngine
import RulesLint
import RulesSyntax
import Testing

/// `--fix`: the safe rewrites, repeated until the file settles.
struct FixTests {
    static let before = """
        service firebase.storage {
          match /b/{bucket}/o {
            match /u/{name} {
              allow get: if name.toLowerCase() === 'readme' && name.length < 10 && request.auth.uid !== null;
            }
          }
        }
        """

    static let after = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /u/{name} {
              allow get: if name.lower() == 'readme' && name.size() < 10 && request.auth.uid != null;
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

    /// Version 2 lets `{x=**}` match zero segments and enables `list`, so
    /// adding `rules_version` is only safe when neither can change a decision.
    @Test(arguments: [
        ("match /private/{uid}/{all=**} { allow get: if request.auth != null; }", RuleMethod.get, "private/bob", false),
        ("match /pub/{f} { allow read: if true; }", RuleMethod.list, "pub/", false),
        ("match /pub/{f} { allow list: if true; }", RuleMethod.list, "pub/", false),
        ("match /pub/{f} { allow get: if true; }", RuleMethod.get, "pub/a", true),
    ])
    func missingVersionIsFixedOnlyWhenTheMeaningStays(body: String, method: RuleMethod, path: String, fixable: Bool) throws {
        let text = "service firebase.storage {\n  match /b/{bucket}/o {\n    \(body)\n  }\n}\n"
        let fixed = FixApplier.fixRepeatedly(SourceFile(path: "x.rules", text: text), linter: LintFixtures.linter, configuration: LintConfiguration(), path: nil)
        let finding = try #require(LintFixtures.lint(text).first { $0.diagnostic.id == "lint.missing-rules-version" })
        #expect((finding.fix != nil) == fixable)
        #expect((fixed.text != text) == fixable)
        if !fixable { #expect(finding.diagnostic.help?.contains("changes what the rules allow") == true) }
        func allowed(_ rules: String) throws -> Bool {
            let compiled = try #require(CompiledRuleset.compile(rules).ruleset)
            let auth = AuthIdentity(uid: "bob")
            return compiled.authorize(AuthorizationRequest(method: method, bucket: "B", objectPath: path, auth: auth, time: Timestamp(seconds: 0))).allowed
        }
        #expect(try allowed(fixed.text) == allowed(text))
    }

    /// The reviewer's case: with the statement added, `get private/bob` goes from denied to allowed.
    @Test func addingTheVersionWouldChangeTheDecision() throws {
        let body = "service firebase.storage {\n  match /b/{bucket}/o {\n    match /private/{uid}/{all=**} { allow read: if request.auth != null; }\n  }\n}\n"
        func allowed(_ rules: String) throws -> Bool {
            let compiled = try #require(CompiledRuleset.compile(rules).ruleset)
            return compiled.authorize(AuthorizationRequest(method: .get, bucket: "B", objectPath: "private/bob", auth: AuthIdentity(uid: "bob"), time: Timestamp(seconds: 0))).allowed
        }
        #expect(try !allowed(body))
        #expect(try allowed("rules_version = '2';\n" + body))
        let fixed = FixApplier.fixRepeatedly(SourceFile(path: "x.rules", text: body), linter: LintFixtures.linter, configuration: LintConfiguration(), path: nil)
        #expect(try !allowed(fixed.text))
    }
}
