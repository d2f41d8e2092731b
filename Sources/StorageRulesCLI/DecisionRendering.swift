import RulesEngine
import RulesSyntax

/// A decision as text for people: the verdict, the matched blocks, each
/// allow statement considered with its outcome and the values of the
/// sub-expressions it evaluated, nested as they are in the source.
struct DecisionText {
    let ruleset: CompiledRuleset
    let color: Bool

    func render(_ decision: Decision) -> String {
        let source = ruleset.source
        var out = paint(decision.allowed ? "ALLOW" : "DENY", decision.allowed ? "32" : "31")
        out += " \(decision.method.rawValue) \(decision.path)\n"
        if let refusal = decision.refusal {
            out += "  \(refusal)\n"
            return out
        }
        if decision.matches.isEmpty {
            out += "  no match block matches this path\n"
        }
        for match in decision.matches {
            let line = source.location(of: match.range.start).line
            let bindings = match.bindings.map { "\($0.name) = \($0.value.rulesDescription)" }.joined(separator: ", ")
            out += "  match \(match.pattern)  (\(source.path):\(line))\(bindings.isEmpty ? "" : "  \(bindings)")\n"
        }
        if !decision.matches.isEmpty && decision.allows.isEmpty {
            out += "  no allow statement covers `\(decision.method.rawValue)` in the matched blocks\n"
        }
        for allow in decision.allows {
            let location = source.location(of: allow.range.start)
            out += "  \(source.path):\(location.line):\(location.column): \(oneLine(source.text(in: allow.range)))\n"
            out += "    => \(allow.outcome.rulesDescription)\n"
            out += renderTrace(allow.trace)
        }
        return out
    }

    /// Sub-expressions of the condition itself (not inside called functions),
    /// literals left out, each once, indented by nesting.
    private func renderTrace(_ trace: [TraceEntry]) -> String {
        var latest: [Int: TraceEntry] = [:]
        var containers: Set<Int> = []
        for entry in trace where entry.callDepth == 0 {
            guard let expr = ruleset.expression(withID: entry.expressionID), !expr.isLiteral else { continue }
            latest[entry.expressionID] = entry
            // `request.resource.size` says all there is to say about `request.resource`.
            switch expr.kind {
            case .member(let base, _), .index(let base, _), .slice(let base, _, _): containers.insert(base.id)
            case .call(let callee, _): containers.insert(callee.id)
            default: break
            }
        }
        for id in containers { latest[id] = nil }
        let entries = latest.values.sorted {
            ($0.range.start, -($0.range.end - $0.range.start)) < ($1.range.start, -($1.range.end - $1.range.start))
        }
        var out = ""
        var open: [SourceRange] = []
        for entry in entries {
            while let last = open.last, !(last.start <= entry.range.start && entry.range.end <= last.end) { open.removeLast() }
            let indent = String(repeating: "  ", count: open.count + 3)
            out += "\(indent)\(oneLine(ruleset.source.text(in: entry.range))) => \(entry.outcome.rulesDescription)\n"
            open.append(entry.range)
        }
        return out
    }

    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }
}

/// A decision as a JSON object.
struct DecisionJSON {
    let ruleset: CompiledRuleset

    func object(_ decision: Decision) -> [String: Any] {
        let source = ruleset.source
        func location(_ range: SourceRange) -> [String: Any] {
            let start = source.location(of: range.start)
            return ["file": source.path, "line": start.line, "column": start.column, "text": source.text(in: range)]
        }
        func outcome(_ outcome: Outcome) -> [String: Any] {
            switch outcome {
            case .value(let value): ["value": value.rulesDescription]
            case .error(let error): ["error": error.message]
            }
        }
        var object: [String: Any] = [
            "allowed": decision.allowed,
            "method": decision.method.rawValue,
            "path": decision.path.description,
            "matches": decision.matches.map { match in
                ["pattern": match.pattern, "location": location(match.range),
                 "bindings": Dictionary(match.bindings.map { ($0.name, $0.value.rulesDescription) }, uniquingKeysWith: { a, _ in a })]
            },
            "allows": decision.allows.map { allow in
                [
                    "location": location(allow.range),
                    "methods": allow.methods.map(\.rawValue),
                    "pattern": allow.pattern,
                    "outcome": outcome(allow.outcome),
                    "trace": allow.trace.map { entry in
                        ["location": location(entry.range), "outcome": outcome(entry.outcome), "callDepth": entry.callDepth]
                    },
                ] as [String: Any]
            },
        ]
        if let refusal = decision.refusal { object["refusal"] = refusal }
        return object
    }
}

extension Expr {
    /// Whether the node is a literal (its value is its text).
    var isLiteral: Bool {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes: true
        default: false
        }
    }
}
