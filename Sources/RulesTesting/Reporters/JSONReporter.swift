import RulesEngine

/// `--format json`: one document with every case, its outcome and the
/// explanation of its rules decision.
public struct JSONReporter: Sendable {
    /// Whether to include run durations (off for reproducible output).
    public var includeTimings: Bool

    /// Creates a reporter.
    public init(includeTimings: Bool = true) {
        self.includeTimings = includeTimings
    }

    /// The document.
    public func report(_ run: RunResult, coverage: CoverageReport? = nil) -> String {
        let explainers = CaseDescriber.Explainers()
        let counts = run.statusCounts
        var root: [(String, JSONValue)] = [
            ("summary", .object([
                ("passed", .int(counts.passed)), ("failed", .int(counts.failed)),
                ("skipped", .int(counts.skipped)), ("loadErrors", .int(run.loadErrors.count)),
                ("exitCode", .int(Int(run.exitCode))),
            ])),
            ("loadErrors", .array(run.loadErrors.map(Self.loadError))),
        ]
        root.append(("suites", .array(run.suites.map { suite in
            var entries: [(String, JSONValue)] = [
                ("file", .string(suite.suite.path)), ("rules", .string(suite.suite.rules.source.path)),
            ]
            if includeTimings { entries.append(("duration", .double(suite.duration))) }
            entries.append(("cases", .array(suite.cases.map { caseJSON($0, suite: suite.suite, explainers: explainers) })))
            return .object(entries)
        })))
        if let coverage {
            root.append(("coverage", Self.coverageJSON(coverage)))
        }
        return JSONValue.object(root).serialized()
    }

    static func loadError(_ error: SuiteLoadError) -> JSONValue {
        var entries: [(String, JSONValue)] = [
            ("file", .string(error.location.file)), ("line", .int(error.location.line)),
            ("column", .int(error.location.column)), ("message", .string(error.message)),
        ]
        if let key = error.key { entries.append(("key", .string(key))) }
        if let details = error.details { entries.append(("details", .string(details))) }
        return .object(entries)
    }

    private func caseJSON(_ result: CaseResult, suite: TestSuite, explainers: CaseDescriber.Explainers) -> JSONValue {
        var entries: [(String, JSONValue)] = [
            ("name", .string(result.testCase.name)), ("line", .int(result.testCase.location.line)),
            ("status", .string(result.status.rawValue)),
        ]
        if let reason = result.testCase.skipReason { entries.append(("skipReason", .string(reason))) }
        if includeTimings { entries.append(("duration", .double(result.duration))) }
        entries.append(("steps", .array(result.steps.map { step in
            stepJSON(step, suite: suite, explainers: explainers)
        })))
        return .object(entries)
    }

    private func stepJSON(_ result: StepResult, suite: TestSuite, explainers: CaseDescriber.Explainers) -> JSONValue {
        let step = result.step
        var entries: [(String, JSONValue)] = [
            ("line", .int(step.location.line)), ("operation", .string(step.operation.keyword)),
            ("summary", .string(step.operation.summary)), ("caller", .string(step.caller.label)),
            ("ran", .bool(result.outcome != nil)), ("passed", .bool(result.passed)),
            ("expected", Self.expectationJSON(step.expectation)),
        ]
        if let outcome = result.outcome {
            var actual: [(String, JSONValue)] = [
                ("decision", .string(outcome.allowed ? "allow" : "deny")),
                ("error", .string(outcome.error ?? "none")),
            ]
            if let message = outcome.errorMessage { actual.append(("errorMessage", .string(message))) }
            if let items = outcome.items { actual.append(("items", .array(items.map(JSONValue.string)))) }
            if let prefixes = outcome.prefixes { actual.append(("prefixes", .array(prefixes.map(JSONValue.string)))) }
            if case .some(let token) = outcome.nextPageToken { actual.append(("nextPageToken", token.map(JSONValue.string) ?? .null)) }
            if let metadata = outcome.metadata { actual.append(("metadata", Self.valueJSON(.map(metadata)))) }
            entries.append(("actual", .object(actual)))
            entries.append(("mismatches", .array(result.mismatches.map { mismatch in
                .object([("field", .string(mismatch.field)), ("expected", .string(mismatch.expected)), ("actual", .string(mismatch.actual))])
            })))
            let explainer = explainers.explainer(for: suite.rules)
            entries.append(("decisions", .array(outcome.decisions.map { Self.explanationJSON(explainer.explain($0)) })))
        }
        return .object(entries)
    }

    static func expectationJSON(_ expectation: Expectation) -> JSONValue {
        var entries: [(String, JSONValue)] = [("decision", .string(expectation.decision.rawValue))]
        if let error = expectation.error { entries.append(("error", .string(error))) }
        if let items = expectation.items { entries.append(("items", .array(items.map(JSONValue.string)))) }
        if let prefixes = expectation.prefixes { entries.append(("prefixes", .array(prefixes.map(JSONValue.string)))) }
        if case .some(let token) = expectation.nextPageToken { entries.append(("nextPageToken", token.map(JSONValue.string) ?? .null)) }
        if let metadata = expectation.metadata { entries.append(("metadata", valueJSON(.map(metadata)))) }
        return .object(entries)
    }

    static func explanationJSON(_ explanation: Explanation) -> JSONValue {
        var entries: [(String, JSONValue)] = [
            ("method", .string(explanation.method.rawValue)), ("path", .string(explanation.path)),
            ("allowed", .bool(explanation.allowed)), ("reason", .string(explanation.headline)),
            ("rules", .string(explanation.file)),
        ]
        if let refusal = explanation.refusal { entries.append(("refusal", .string(refusal))) }
        entries.append(("matches", .array(explanation.matches.map { match in
            .object([
                ("pattern", .string(match.pattern)), ("line", .int(match.line)),
                ("bindings", .object(match.bindings.map { ($0.name, .string($0.value)) })),
            ])
        })))
        entries.append(("allows", .array(explanation.allows.map { allow in
            .object([
                ("line", .int(allow.line)), ("statement", .string(allow.text)), ("outcome", .string(allow.outcome)),
                ("granted", .bool(allow.granted)),
                ("details", .array(allow.details.map { detail in
                    .object([
                        ("depth", .int(detail.depth)), ("line", .int(detail.line)),
                        ("expression", .string(detail.expression)), ("outcome", .string(detail.outcome)),
                        ("kind", .string(detail.absorbedBy != nil ? "absorbed-error" : (detail.isDecision ? "decision" : "value"))),
                    ])
                })),
            ])
        })))
        return .object(entries)
    }

    static func valueJSON(_ value: Value) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(Int(number))
        case .float(let number): .double(number)
        case .string(let text): .string(text)
        case .list(let items): .array(items.map(valueJSON))
        case .map(let map): .object(map.sortedKeys.map { ($0, valueJSON(map[$0] ?? .null)) })
        default: .string(ValueFormatter.format(value, limit: 1000))
        }
    }

    static func coverageJSON(_ report: CoverageReport) -> JSONValue {
        .object([
            ("allowPercent", .double(report.allowPercent)), ("branchPercent", .double(report.branchPercent)),
            ("files", .array(report.files.map { file in
                .object([
                    ("file", .string(file.source.path)),
                    ("allowStatements", .int(file.allows.count)), ("allowStatementsCovered", .int(file.allowsCovered)),
                    ("branches", .int(file.branchCount)), ("branchesCovered", .int(file.branchesCovered)),
                    ("lines", .array(file.lines.map { line in
                        .object([("line", .int(line.line)), ("status", .string(line.status.rawValue)), ("hits", .int(line.hits))])
                    })),
                ])
            })),
        ])
    }
}
