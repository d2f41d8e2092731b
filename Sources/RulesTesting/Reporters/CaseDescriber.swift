import RulesEngine
import RulesSyntax

/// Text shared by the reporters: what a step did, what was expected, and why.
struct CaseDescriber {
    var style: TextStyle

    /// Explainers by ruleset, built once per report.
    final class Explainers {
        private var byRules: [ObjectIdentifier: Explainer] = [:]

        func explainer(for rules: CompiledRuleset) -> Explainer {
            let key = ObjectIdentifier(rules)
            if let existing = byRules[key] { return existing }
            let created = Explainer(rules: rules)
            byRules[key] = created
            return created
        }
    }

    /// The lines under a failing case's headline (no trailing newline).
    func failureLines(_ result: CaseResult, suite: TestSuite, explainers: Explainers) -> [String] {
        guard let failed = result.failedStep, let outcome = failed.outcome else { return [] }
        var lines: [String] = []
        let stepIndex = (result.steps.firstIndex { !$0.passed } ?? 0) + 1
        let who = failed.step.caller.label
        if result.testCase.isSequence {
            lines.append("step \(stepIndex) of \(result.steps.count) (line \(failed.step.location.line)): \(Self.escapingControlCharacters(failed.step.operation.summary)) as \(who)")
        } else {
            lines.append("\(Self.escapingControlCharacters(failed.step.operation.summary)) as \(who)")
        }
        for mismatch in failed.mismatches {
            let label = mismatch.field == "decision" ? "" : "\(mismatch.field): "
            lines.append("\(label)expected \(style.good(mismatch.expected)), got \(style.bad(mismatch.actual))")
        }
        if let message = outcome.errorMessage, outcome.error != nil {
            lines.append(style.dim("the operation ended with \(outcome.error ?? ""): \(Self.escapingControlCharacters(message))"))
        }
        if let decision = outcome.decidingDecision {
            let explanation = explainers.explainer(for: suite.rules).explain(decision)
            lines += explanationLines(explanation)
        } else {
            lines.append(style.dim("the operation never reached the rules"))
        }
        for (index, step) in result.steps.enumerated() where index + 1 > stepIndex && step.outcome == nil {
            lines.append(style.dim(
                "not run: step \(index + 1) of \(result.steps.count) (line \(step.step.location.line)): \(step.step.operation.summary) as \(step.step.caller.label)"))
        }
        return lines
    }

    /// An explanation as indented lines.
    func explanationLines(_ explanation: Explanation) -> [String] {
        var lines: [String] = []
        let verdict = explanation.allowed ? style.good("allowed") : style.bad("denied")
        lines.append("rules: \(explanation.method.rawValue) \(Self.escapingControlCharacters(explanation.path)) → \(verdict)")
        if let refusal = explanation.refusal {
            lines.append("  \(refusal)")
            return lines
        }
        if explanation.matches.isEmpty {
            lines.append("  no match block matches the path")
            return lines
        }
        for match in explanation.matches {
            var text = "  match \(match.pattern) \(style.dim("(\(explanation.file):\(match.line))"))"
            if !match.bindings.isEmpty {
                text += " " + match.bindings.map { "\($0.name) = \(Self.escapingControlCharacters($0.value))" }.joined(separator: ", ")
            }
            lines.append(text)
        }
        if explanation.allows.isEmpty {
            lines.append("  no allow statement in the matched blocks covers `\(explanation.method.rawValue)`")
        }
        for allow in explanation.allows {
            lines.append("  \(style.dim("\(explanation.file):\(allow.line):")) \(allow.text) → \(paint(Self.escapingControlCharacters(allow.outcome)))")
            for detail in allow.details {
                let indent = String(repeating: "  ", count: detail.depth + 1)
                let arrow = detail.isDecision ? "→" : "="
                let absorbed = detail.absorbedBy.map { " " + style.dim("(absorbed by `\($0)`)") } ?? ""
                let outcome = paint(Self.escapingControlCharacters(detail.outcome))
                lines.append("\(indent)\(detail.expression) \(arrow) \(outcome)\(absorbed) \(style.dim("(line \(detail.line))"))")
            }
        }
        return lines
    }

    /// The text with control characters escaped (`\n`, `\t`, `\r`, else
    /// `\u001B`), as string values show them, so a path never splits a line
    /// or sends terminal escapes.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private func paint(_ outcome: String) -> String {
        if outcome == "true" { return style.good(outcome) }
        if outcome == "false" || outcome.hasPrefix("error") { return style.bad(outcome) }
        return outcome
    }
}

/// ANSI styling, or none.
struct TextStyle: Sendable {
    var color: Bool

    func good(_ text: String) -> String { paint(text, "32") }
    func bad(_ text: String) -> String { paint(text, "31") }
    func warn(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
