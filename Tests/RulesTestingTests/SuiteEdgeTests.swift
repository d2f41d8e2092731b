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
}
