import RulesEngine

extension CaseExecutor {
    /// Every stated expectation that does not hold.
    static func compare(_ expectation: Expectation, with outcome: StepOutcome) -> [Mismatch] {
        var mismatches: [Mismatch] = []
        let actualDecision = outcome.allowed ? "allow" : "deny"
        if expectation.decision.rawValue != actualDecision {
            mismatches.append(Mismatch(field: "decision", expected: expectation.decision.rawValue, actual: actualDecision))
        }
        let failure = outcome.error.map { "no result (\($0))" } ?? "no result"
        if let error = expectation.error, error != (outcome.error ?? "none") {
            mismatches.append(Mismatch(field: "error", expected: error, actual: outcome.error ?? "none"))
        }
        if let items = expectation.items, items != outcome.items {
            mismatches.append(Mismatch(field: "items", expected: list(items), actual: outcome.items.map(list) ?? failure))
        }
        if let prefixes = expectation.prefixes, prefixes != outcome.prefixes {
            mismatches.append(Mismatch(field: "prefixes", expected: list(prefixes), actual: outcome.prefixes.map(list) ?? failure))
        }
        if case .some(let token) = expectation.nextPageToken {
            if case .some(let actual) = outcome.nextPageToken {
                if actual != token {
                    mismatches.append(Mismatch(field: "nextPageToken", expected: tokenText(token), actual: tokenText(actual)))
                }
            } else {
                mismatches.append(Mismatch(field: "nextPageToken", expected: tokenText(token), actual: failure))
            }
        }
        if let expected = expectation.metadata {
            if let actual = outcome.metadata {
                mismatches += subsetMismatches(expected, actual, prefix: "metadata")
            } else {
                mismatches.append(Mismatch(field: "metadata", expected: ValueFormatter.format(.map(expected)), actual: failure))
            }
        }
        return mismatches
    }

    /// Keys of `expected` whose values differ in `actual`; nested maps are
    /// compared as subsets too, and an expected `null` means absent or null.
    static func subsetMismatches(_ expected: RulesMap, _ actual: RulesMap, prefix: String) -> [Mismatch] {
        var mismatches: [Mismatch] = []
        for key in expected.sortedKeys {
            let field = "\(prefix).\(key)"
            let want = expected[key] ?? .null
            let have = actual[key]
            switch (want, have) {
            case (.null, nil), (.null, .null?):
                continue
            case (_, nil):
                mismatches.append(Mismatch(field: field, expected: ValueFormatter.format(want), actual: "absent"))
            case (.map(let wantMap), .map(let haveMap)?):
                mismatches += subsetMismatches(wantMap, haveMap, prefix: field)
            case (_, let have?):
                if !want.rulesEquals(have) {
                    mismatches.append(Mismatch(field: field, expected: ValueFormatter.format(want), actual: ValueFormatter.format(have)))
                }
            }
        }
        return mismatches
    }

    private static func list(_ paths: [String]) -> String {
        Value.list(paths.map(Value.string)).rulesDescription
    }

    private static func tokenText(_ token: String?) -> String {
        token.map { Value.string($0).rulesDescription } ?? "null"
    }
}
