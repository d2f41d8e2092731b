import Foundation
import RulesEngine
import Testing

@testable import RulesTesting

/// Paths of the test fixtures, found through `#filePath`.
enum Fixtures {
    /// `Tests/RulesTestingTests` (absolute).
    static let testsDirectory: String = {
        let file = #filePath
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
    }()

    /// The repository root (absolute).
    static var repositoryRoot: String {
        URL(fileURLWithPath: testsDirectory).deletingLastPathComponent().deletingLastPathComponent().path
    }

    static func path(_ relative: String) -> String { testsDirectory + "/" + relative }

    /// Output with the machine-specific prefix removed, so golden files are portable.
    static func portable(_ text: String) -> String {
        text.replacingOccurrences(of: testsDirectory + "/", with: "")
    }

    /// A fixed run time, so no output depends on the clock.
    static let runTime = Timestamp(seconds: 1_767_225_600)

    static func options(filter: String? = nil) -> RunOptions {
        RunOptions(filter: filter, parallelism: 4, startTime: runTime)
    }
}

/// Loads a suite from inline text (rules inline too); fails the test on load errors.
func loadSuite(_ text: String, path: String = "inline.test.yaml", sourceLocation: SourceLocation = #_sourceLocation) throws -> TestSuite {
    do {
        return try SuiteLoader().load(text: text, path: path)
    } catch {
        Issue.record("suite did not load: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The load error of a suite text, or `nil` when it loads.
func loadError(_ text: String, path: String = "inline.test.yaml") -> SuiteLoadError? {
    do {
        _ = try SuiteLoader().load(text: text, path: path)
        return nil
    } catch {
        return error
    }
}

/// Runs suites in-process.
func run(_ suites: [TestSuite], filter: String? = nil) async -> RunResult {
    let results = await TestRunner(options: Fixtures.options(filter: filter)).run(suites)
    return RunResult(suites: results, loadErrors: [])
}

/// Shared rules for inline suites.
let ownerRules = """
    rulesSource: |
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /files/{uid}/{path=**} {
            allow read, write: if request.auth != null && request.auth.uid == uid;
          }
        }
      }
    """
