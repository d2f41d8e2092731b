/// The terminal report: one line per failing case (every case with
/// `verbose`), each failure explained, ending with `N passed, N failed`.
public struct HumanReporter: Sendable {
    /// Whether to use ANSI colours.
    public var color: Bool
    /// Whether to list passing and skipped cases too.
    public var verbose: Bool

    /// Creates a reporter.
    public init(color: Bool = false, verbose: Bool = false) {
        self.color = color
        self.verbose = verbose
    }

    /// The whole report, ending with a newline.
    public func report(_ run: RunResult) -> String {
        let style = TextStyle(color: color)
        let describer = CaseDescriber(style: style)
        let explainers = CaseDescriber.Explainers()
        var out = ""
        for error in run.loadErrors {
            out += error.description + "\n"
        }
        for suite in run.suites {
            // Unless verbose, only failures are listed: a passing case is passed
            // over before its result is copied and its location written.
            for index in suite.cases.indices where verbose || suite.cases[index].status == .failed {
                let result = suite.cases[index]
                let location = "\(suite.suite.path):\(result.testCase.location.line)"
                switch result.status {
                case .failed:
                    out += "\(style.bad("✗")) \(result.testCase.name) \(style.dim("(\(location))"))\n"
                    for line in describer.failureLines(result, suite: suite.suite, explainers: explainers) {
                        out += "    \(line)\n"
                    }
                case .passed where verbose:
                    out += "\(style.good("✓")) \(result.testCase.name) \(style.dim("(\(location))"))\n"
                case .skipped where verbose:
                    let reason = result.testCase.skipReason.map { " — \($0)" } ?? ""
                    out += "\(style.warn("-")) \(result.testCase.name) \(style.dim("(\(location))"))\(reason)\n"
                default:
                    break
                }
            }
        }
        if !run.loadErrors.isEmpty {
            let count = run.loadErrors.count
            out += style.bad("\(count) suite file\(count == 1 ? "" : "s") could not be loaded") + "\n"
        }
        // The closing line stays plain so scripts can read it even in colour mode.
        out += run.summaryLine + "\n"
        return out
    }
}
