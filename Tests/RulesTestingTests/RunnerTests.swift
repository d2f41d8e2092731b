import Foundation
import RulesEngine
import Synchronization
import Testing

@testable import RulesTesting

@Suite("Runner")
struct RunnerTests {
    static let suiteText = ownerRules + """

        time: 2026-01-01T00:00:00Z
        users:
          alice: {uid: alice}
          bob: {uid: bob}
        objects:
          - {path: files/alice/a.txt, content: "abc", metadata: {k: v}}
        cases:
          - {name: owner reads, as: alice, get: files/alice/a.txt, expect: {decision: allow, metadata: {size: 3, metadata: {k: v}}}}
          - {name: other is denied, as: bob, get: files/alice/a.txt, expect: {decision: deny, error: unauthorized}}
          - {name: wrong expectation, as: bob, get: files/alice/a.txt, expect: allow}
          - {name: skipped one, skip: not ready, as: bob, get: files/alice/a.txt, expect: allow}
          - name: writes are not seen by other cases
            as: alice
            delete: files/alice/a.txt
            expect: allow
          - name: the object is still there
            as: alice
            get: files/alice/a.txt
            expect: {decision: allow, error: none}
        """

    @Test("statuses, counts, the closing line and the exit status")
    func statuses() async throws {
        let result = await run([try loadSuite(Self.suiteText)])
        let statuses = result.suites[0].cases.map(\.status)
        #expect(statuses == [.passed, .passed, .failed, .skipped, .passed, .passed])
        #expect(result.summaryLine == "4 passed, 1 failed, 1 skipped")
        let counts = result.statusCounts
        #expect(counts.passed == 4 && counts.failed == 1 && counts.skipped == 1)
        let statusesCounted: [Int] = [CaseStatus.passed, .failed, .skipped].map { result.count($0) }
        #expect(statusesCounted == [4, 1, 1] as [Int])
        #expect(result.exitCode == 1)
        let failure = try #require(result.suites[0].cases[2].failedStep)
        #expect(failure.mismatches == [Mismatch(field: "decision", expected: "allow", actual: "deny")])
    }

    /// One task runs consecutive cases on one simulator while they leave
    /// the seeded objects as they were: a case after a write must still
    /// see the seeded bucket and get the generation a fresh one gives.
    @Test("a case never sees an earlier case's writes, on one task or several", arguments: [1, 2])
    func casesShareNoWrites(parallelism: Int) async throws {
        let suite = try loadSuite(ownerRules + """

            time: 2026-01-01T00:00:00Z
            users: {alice: {uid: alice}, bob: {uid: bob}}
            objects:
              - {path: files/alice/a.txt, content: "abc"}
            cases:
              - {name: first upload, as: alice, upload: files/alice/n.txt, content: x, expect: {decision: allow, metadata: {generation: 1767225600000001}}}
              - {name: reads the seeded object, as: alice, get: files/alice/a.txt, expect: {decision: allow, metadata: {size: 3}}}
              - {name: denied upload, as: bob, upload: files/alice/n.txt, content: x, expect: deny}
              - {name: the upload is not there, as: alice, listAll: files/alice, expect: {decision: allow, items: [files/alice/a.txt]}}
              - {name: the same upload gets the same generation, as: alice, upload: files/alice/n.txt, content: x, expect: {decision: allow, metadata: {generation: 1767225600000001}}}
              - {name: deletes the seeded object, as: alice, delete: files/alice/a.txt, expect: allow}
              - {name: the seeded object is still there, as: alice, get: files/alice/a.txt, expect: {decision: allow, error: none}}
              - {name: after reads alone a write still gets the first generation, as: alice, upload: files/alice/m.txt, content: y, expect: {decision: allow, metadata: {generation: 1767225600000001}}}
            """)
        var options = Fixtures.options()
        options.parallelism = parallelism
        let results = await TestRunner(options: options).run([suite])
        let failures = results[0].cases.filter { $0.status != .passed }.map { "\($0.testCase.name): \($0.failedStep?.mismatches ?? [])" }
        #expect(failures.isEmpty)
        #expect(results[0].cases.count == 8)
    }

    @Test("a filter selects cases by name, case-insensitively")
    func filter() async throws {
        let result = await run([try loadSuite(Self.suiteText)], filter: "OWNER")
        #expect(result.suites[0].cases.map(\.testCase.name) == ["owner reads"])
        #expect(result.exitCode == 0)
        #expect(result.summaryLine == "1 passed, 0 failed")
    }

    /// One case of three steps whose second fails, so the third does not run.
    static let threeSteps = ownerRules + """

        users: {alice: {uid: alice}}
        cases:
          - name: seq
            as: alice
            steps:
              - {upload: files/alice/n.txt, content: "x", expect: allow}
              - {get: files/alice/n.txt, expect: deny}
              - {delete: files/alice/n.txt, expect: allow}
        """

    @Test("a failing step stops the sequence; later steps are reported as not run")
    func stepsStop() async throws {
        let suite = try loadSuite(Self.threeSteps)
        let result = await run([suite])
        let steps = result.suites[0].cases[0].steps
        #expect(steps.map(\.passed) == [true, false, false])
        #expect(steps[2].outcome == nil)
        #expect(result.suites[0].cases[0].status == .failed)
        let report = HumanReporter().report(result)
        let lines = ownerRules.split(separator: "\n").count
        #expect(report.contains("    not run: step 3 of 3 (line \(lines + 8)): delete files/alice/n.txt as alice\n"), "\(report)")
    }

    @Test("each step's result reads its own step of the case, and changing one changes no other")
    func stepResultsShareTheCasesSteps() async throws {
        let suite = try loadSuite(Self.threeSteps)
        let result = await run([suite])
        let testCase = result.suites[0].cases[0]
        var steps = testCase.steps
        let summaries = testCase.testCase.steps.map(\.operation.summary)
        #expect(summaries.count == 3)
        #expect(steps.map(\.step.operation.summary) == summaries)
        steps[0].step = steps[2].step
        #expect(steps.map(\.step.operation.summary) == [summaries[2], summaries[1], summaries[2]])
        #expect(testCase.steps.map(\.step.operation.summary) == summaries)
        #expect(testCase.testCase.steps.map(\.operation.summary) == summaries)
        let made = StepResult(step: testCase.testCase.steps[1], outcome: nil, mismatches: [])
        #expect(made.step.operation.summary == summaries[1])
    }

    @Test("results keep file order whatever the parallelism")
    func stableOrder() async throws {
        var text = ownerRules + "\nusers: {alice: {uid: alice}}\ncases:\n"
        for index in 0..<200 {
            text += "  - {name: case \(index), as: alice, upload: files/alice/\(index).txt, content: \"\(index)\", expect: allow}\n"
        }
        let suite = try loadSuite(text)
        let result = await TestRunner(options: RunOptions(parallelism: 8, startTime: Fixtures.runTime)).run([suite])
        #expect(result[0].cases.map(\.testCase.name) == (0..<200).map { "case \($0)" })
        #expect(result[0].cases.allSatisfy { $0.status == .passed })
    }

    @Test("progress counts each case once, in order; results stay in their suites in file order", arguments: [1, 3, 8])
    func progressAndOrderAcrossSuites(parallelism: Int) async throws {
        func suite(_ prefix: String, cases: Int) throws -> TestSuite {
            var text = ownerRules + "\nusers: {alice: {uid: alice}}\ncases:" + (cases == 0 ? " []\n" : "\n")
            for index in 0..<cases {
                let expectation = index % 5 == 4 ? "deny" : "allow"
                text += "  - {name: \(prefix) \(index), as: alice, upload: files/alice/\(index).txt, expect: \(expectation)}\n"
            }
            return try loadSuite(text)
        }
        let suites = [try suite("first", cases: 23), try suite("empty", cases: 0), try suite("second", cases: 11)]
        let reported = Mutex<[Int]>([])
        let runner = TestRunner(options: RunOptions(parallelism: parallelism, startTime: Fixtures.runTime))
        let results = await runner.run(suites) { finished, total in
            #expect(total == 34)
            reported.withLock { $0.append(finished) }
        }
        #expect(reported.withLock { $0 } == Array(1...34))
        let names: [[String]] = results.map { $0.cases.map(\.testCase.name) }
        let expectedNames: [[String]] = [(0..<23).map { "first \($0)" }, [], (0..<11).map { "second \($0)" }]
        #expect(names == expectedNames)
        // Every fifth case expects a refusal of an allowed upload: it fails, and only it.
        let failed: [[Bool]] = results.map { $0.cases.map { $0.status == .failed } }
        let expectedFailed: [[Bool]] = [(0..<23).map { $0 % 5 == 4 }, [], (0..<11).map { $0 % 5 == 4 }]
        #expect(failed == expectedFailed)
    }

    @Test("a filter across suites keeps each suite's selected cases, and only them, in file order", arguments: [1, 3])
    func filterAcrossSuites(parallelism: Int) async throws {
        func suite(_ prefix: String, cases: Int) throws -> TestSuite {
            var text = ownerRules + "\nusers: {alice: {uid: alice}}\ncases:\n"
            for index in 0..<cases {
                text += "  - {name: \(prefix) \(index), as: alice, upload: files/alice/\(index).txt, expect: allow}\n"
            }
            return try loadSuite(text)
        }
        let suites = [try suite("first", cases: 23), try suite("other", cases: 5), try suite("last", cases: 13)]
        let runner = TestRunner(options: RunOptions(filter: "ST 1", parallelism: parallelism, startTime: Fixtures.runTime))
        let results = await runner.run(suites)
        let names: [[String]] = results.map { $0.cases.map(\.testCase.name) }
        let expected: [[String]] = [["first 1"] + (10..<20).map { "first \($0)" }, [], ["last 1", "last 10", "last 11", "last 12"]]
        #expect(names == expected)
        #expect(results.allSatisfy { $0.cases.allSatisfy { $0.status == .passed } })
        #expect(RunResult(suites: results, loadErrors: []).summaryLine == "15 passed, 0 failed")
    }

    @Test("request.time comes from the step, the case, the suite or the run, in that order")
    func timePrecedence() async throws {
        let text = """
            rulesSource: |
              rules_version = '2';
              service firebase.storage {
                match /b/{bucket}/o {
                  match /t/{year} {
                    allow get: if request.time.year() == int(year);
                  }
                }
              }
            cases:
              - {name: run time, request: {method: get, path: t/2026}, expect: allow}
              - {name: case time, time: 2030-06-01T00:00:00Z, request: {method: get, path: t/2030}, expect: allow}
            """
        let result = await run([try loadSuite(text)])
        #expect(result.suites[0].cases.map(\.status) == [.passed, .passed])
        let withSuiteTime = try loadSuite(text.replacingOccurrences(of: "cases:", with: "time: 2028-01-01T00:00:00Z\ncases:")
            .replacingOccurrences(of: "path: t/2026", with: "path: t/2028"))
        #expect(await run([withSuiteTime]).exitCode == 0)
    }

    @Test("firestore documents: suite documents, per-case overrides and null removals")
    func firestoreOverlay() async throws {
        let text = """
            rulesSource: |
              rules_version = '2';
              service firebase.storage {
                match /b/{bucket}/o {
                  match /d/{uid} {
                    allow get: if firestore.get(/databases/(default)/documents/users/$(uid)).data.role == 'admin';
                  }
                }
              }
            firestore:
              users/a: {role: admin}
            cases:
              - {name: suite doc, request: {method: get, path: d/a}, expect: allow}
              - {name: removed, firestore: {users/a: null}, request: {method: get, path: d/a}, expect: deny}
              - {name: added, firestore: {users/b: {role: admin}}, request: {method: get, path: d/b}, expect: allow}
            """
        let result = await run([try loadSuite(text)])
        #expect(result.suites[0].cases.map(\.status) == [.passed, .passed, .passed])
    }

    @Test("returned metadata has no custom map when the object has no custom metadata, as in the SDK")
    func absentCustomMetadata() async throws {
        let suite = try loadSuite(ownerRules + """

            users: {alice: {uid: alice}}
            objects:
              - {path: files/alice/a.txt, content: "abc", metadata: {k: v}}
            cases:
              - name: cleared
                as: alice
                updateMetadata: files/alice/a.txt
                set: {metadata: {k: null}}
                expect: {decision: allow, metadata: {metadata: null}}
              - name: still expected
                as: alice
                updateMetadata: files/alice/a.txt
                set: {metadata: {k: null}}
                expect: {decision: allow, metadata: {metadata: {k: v}}}
            """)
        let result = await run([suite])
        #expect(result.suites[0].cases.map(\.status) == [.passed, .failed])
        let outcome = try #require(result.suites[0].cases[0].steps[0].outcome)
        #expect(outcome.metadata?["metadata"] == nil)
    }

    /// A suite of one case at 2026-01-01T00:00:00Z: alice uploads `abc` to
    /// `files/alice/a.txt`, the case's other keys being `fields` (YAML
    /// indented as a case's keys).
    func aliceUploadsABC(_ fields: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TestSuite {
        try loadSuite(ownerRules + """

            users: {alice: {uid: alice}}
            time: 2026-01-01T00:00:00Z
            cases:
              - name: upload
                as: alice
                upload: files/alice/a.txt
                content: abc
            \(fields)
            """, sourceLocation: sourceLocation)
    }

    @Test("an upload's returned metadata, made into a map when read, has every key `expect.metadata` may name")
    func returnedMetadataMap() async throws {
        let suite = try aliceUploadsABC("""
                contentType: text/plain
                metadata: {k: v}
                expect: allow
            """)
        let result = await run([suite])
        var outcome = try #require(result.suites[0].cases[0].steps[0].outcome)
        let map = try #require(outcome.metadata)
        #expect(Set(map.entries.keys) == Set(CaseExecutor.metadataKeys).subtracting(["cacheControl", "contentLanguage"]))
        func value(_ key: String, is expected: Value) -> Bool { map[key]?.rulesEquals(expected) == true }
        #expect(value("fullPath", is: .string("files/alice/a.txt")) && value("name", is: .string("a.txt")))
        #expect(value("size", is: .int(3)) && value("md5Hash", is: .string("kAFQmDzST7DWlj99KOF/cg==")))
        #expect(value("contentType", is: .string("text/plain")) && value("metadata", is: .map(RulesMap(["k": .string("v")]))))
        #expect(value("contentEncoding", is: .string("identity")))
        #expect(value("timeCreated", is: .string("2026-01-01T00:00:00Z")) && value("updated", is: .string("2026-01-01T00:00:00Z")))
        outcome.metadata = RulesMap(["size": .int(1)])
        #expect(outcome.metadata?.entries.count == 1)
    }

    @Test("`expect.metadata` times are instants, matched in any RFC 3339 form", arguments: [
        ("2026-01-01T00:00:00.000Z", true), ("2026-01-01T01:00:00+01:00", true), ("2026-01-01T00:00:00Z", true),
        ("2026-01-01T00:00:01Z", false),
    ])
    func expectedTimesAreInstants(_ written: String, _ passes: Bool) async throws {
        let suite = try aliceUploadsABC("""
                expect: {decision: allow, metadata: {timeCreated: "\(written)", updated: "\(written)"}}
            """)
        let result = await run([suite])
        #expect(result.suites[0].cases[0].status == (passes ? .passed : .failed))
    }

    @Test("every example in rules-examples passes and has at least ten cases, allowed and denied")
    func examplesPass() async throws {
        let root = Fixtures.repositoryRoot + "/rules-examples"
        let result = await TestSession.run(paths: [root], options: Fixtures.options())
        #expect(result.loadErrors.isEmpty, "\(result.loadErrors)")
        #expect(result.suites.count >= 6)
        for suite in result.suites {
            #expect(suite.cases.count >= 10, "\(suite.suite.path)")
            let decisions = Set(suite.suite.cases.flatMap { $0.steps.map(\.expectation.decision) })
            #expect(decisions == [.allow, .deny], "\(suite.suite.path)")
            for failed in suite.cases where failed.status != .passed {
                Issue.record("\(suite.suite.path): \(failed.testCase.name) \(failed.status)")
            }
        }
        #expect(result.exitCode == 0)
    }

    @Test("a broken copy of an example fails with an explanation naming the deciding line and value")
    func brokenExampleIsExplained() async throws {
        let result = await TestSession.run(paths: [Fixtures.path("Fixtures/broken-images")], options: Fixtures.options())
        #expect(result.exitCode == 1)
        let failed = result.suites.flatMap(\.cases).filter { $0.status == .failed }
        #expect(failed.map(\.testCase.name) == ["an upload one byte under 5 MiB is fine"])
        let text = Fixtures.portable(HumanReporter().report(result))
        #expect(text.contains("expected allow, got deny"))
        #expect(text.contains("Fixtures/broken-images/storage.rules:19: allow create: if isSignedInAs(uid) && isSmallImage(); → false"))
        #expect(text.contains("request.resource.size < 1024 * 1024 → false (line 13)"))
        #expect(text.contains("request.resource.size = 5242879 (line 13)"))
        #expect(text.hasSuffix("15 passed, 1 failed\n"))
    }

    @Test("a suite that cannot be loaded makes the exit status 2")
    func loadErrorExitStatus() async throws {
        let result = await TestSession.run(paths: ["/no/such/suite.test.yaml"], options: Fixtures.options())
        #expect(result.exitCode == 2)
        #expect(HumanReporter().report(result).hasSuffix("0 passed, 0 failed\n"))
    }
}
