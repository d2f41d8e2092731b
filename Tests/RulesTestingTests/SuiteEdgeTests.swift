import Foundation
import RulesEngine
import Testing

@testable import RulesTesting

/// Suite behaviour at the edges a newcomer hits: empty page tokens, steps that did not run, exact object names.
@Suite("Suite edges")
struct SuiteEdgeTests {
    @Test("pageToken \"\" lists the first page, as Cloud Storage and the SDKs do")
    func emptyPageToken() async throws {
        let suite = try loadSuite(ownerRules + """

            users: {alice: {uid: alice}}
            objects:
              - {path: files/alice/a.txt, content: a}
              - {path: files/alice/b.txt, content: b}
            cases:
              - name: empty token
                as: alice
                list: files/alice
                maxResults: 1
                pageToken: ""
                expect: {decision: allow, error: none, items: [files/alice/a.txt]}
            """)
        let result = await run([suite])
        #expect(result.summaryLine == "1 passed, 0 failed")
    }

    @Test("control characters in object paths are escaped in explanation headers")
    func controlCharactersInPaths() async throws {
        let suite = try loadSuite(ownerRules + """

            users: {alice: {uid: alice}}
            cases:
              - {name: newline, as: alice, get: "files/bob/a\\tb\\u001B", expect: allow}
            """)
        let report = HumanReporter().report(await run([suite]))
        #expect(report.contains("rules: get /b/default-bucket/o/files/bob/a\\tb\\u001B → denied"))
        #expect(report.contains("    get files/bob/a\\tb\\u001B as alice\n"))
        #expect(!report.contains("\u{1B}"))
    }

    @Test("a seeded object reachable only by its exact name is named in the error")
    func exactNames() async throws {
        let suite = try loadSuite(ownerRules + """

            users: {alice: {uid: alice}}
            objects:
              - {path: files/alice/a//b, content: x}
            cases:
              - {name: double slash, as: alice, get: files/alice/a//b, expect: allow}
            """)
        let result = await run([suite])
        let outcome = try #require(result.suites.first?.cases.first?.steps.first?.outcome)
        #expect(outcome.error == "objectNotFound")
        #expect(outcome.errorMessage?.contains(
            "an object named exactly `files/alice/a//b` is seeded, but operations normalize paths like the SDK, so this step addressed `files/alice/a/b`") == true)
    }

    @Test("the HTML coverage page leaves out the blank lines that pad inline rules")
    func htmlInlineRules() async throws {
        let suite = try loadSuite(ownerRules + """

            users: {alice: {uid: alice}}
            cases:
              - {name: a, as: alice, get: files/alice/x, expect: {decision: allow, error: objectNotFound}}
            """)
        let html = HTMLCoverageWriter.write(CoverageCollector.collect(await run([suite])))
        #expect(!html.contains("<td class=\"ln\">1</td>"))
        #expect(html.contains("<td class=\"ln\">2</td>"))
    }
}
