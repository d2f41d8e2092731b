/// `--format junit`: JUnit XML as CI systems import it. One `<testsuite>`
/// per suite file; a failing case carries its explanation as the failure text;
/// a suite that could not be loaded is one `<testcase>` with an `<error>`.
public struct JUnitReporter: Sendable {
    /// Whether to write `time` attributes (off for reproducible output).
    public var includeTimings: Bool

    /// Creates a reporter.
    public init(includeTimings: Bool = true) {
        self.includeTimings = includeTimings
    }

    /// The XML document.
    public func report(_ run: RunResult) -> String {
        let describer = CaseDescriber(style: TextStyle(color: false))
        let explainers = CaseDescriber.Explainers()
        let total = run.suites.reduce(0) { $0 + $1.cases.count } + run.loadErrors.count
        let totalTime = run.suites.reduce(0) { $0 + $1.duration }
        let counts = run.statusCounts
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"storage-rules\" tests=\"\(total)\" failures=\"\(counts.failed)\" errors=\"\(run.loadErrors.count)\" skipped=\"\(counts.skipped)\"\(time(totalTime))>\n"
        for error in run.loadErrors {
            let name = escape(error.location.file)
            out += "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\"\(time(0))>\n"
            out += "    <testcase name=\"load suite\" classname=\"\(name)\"\(time(0))>\n"
            out += "      <error message=\"\(escape(error.message))\" type=\"load\">\(escape(error.description))</error>\n"
            out += "    </testcase>\n  </testsuite>\n"
        }
        for suite in run.suites {
            let name = escape(suite.suite.path)
            let failures = suite.cases.filter { $0.status == .failed }.count
            let skipped = suite.cases.filter { $0.status == .skipped }.count
            out += "  <testsuite name=\"\(name)\" tests=\"\(suite.cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\"\(time(suite.duration))>\n"
            for result in suite.cases {
                out += "    <testcase name=\"\(escape(result.testCase.name))\" classname=\"\(name)\" file=\"\(name)\" line=\"\(result.testCase.location.line)\"\(time(result.duration))"
                switch result.status {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped message=\"\(escape(result.testCase.skipReason ?? "skipped"))\"/>\n    </testcase>\n"
                case .failed:
                    let lines = describer.failureLines(result, suite: suite.suite, explainers: explainers)
                    let message = result.failedStep?.mismatches.first.map { mismatch in
                        (mismatch.field == "decision" ? "" : mismatch.field + ": ") + "expected \(mismatch.expected), got \(mismatch.actual)"
                    } ?? "failed"
                    out += ">\n      <failure message=\"\(escape(message))\" type=\"expectation\">\(escape(lines.joined(separator: "\n")))</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func time(_ seconds: Double) -> String {
        guard includeTimings else { return "" }
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return " time=\"\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)\""
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids other control characters.
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
