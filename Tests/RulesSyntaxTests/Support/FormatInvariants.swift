@testable import RulesSyntax

/// The promises the formatter makes about any file that parses: its output
/// parses cleanly to the same tree, keeps every comment in order, and
/// formatting it again changes nothing.
enum FormatInvariants {
    /// The comments of a parse, as text without trailing blanks.
    static func commentTexts(_ result: ParseResult) -> [String] {
        result.comments.map { range in
            var text = result.source.text(in: range)
            while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
                text.unicodeScalars.removeLast()
            }
            return text
        }
    }

    /// What is wrong with formatting `text`, or an empty list. A file that
    /// does not parse must be refused.
    static func violations(of text: String, name: String = "test.rules") -> [String] {
        let original = Parser.parse(SourceFile(path: name, text: text))
        switch RulesFormatter.format(original) {
        case .unparseable(let diagnostics):
            if diagnostics.isEmpty { return ["\(name): refused without a diagnostic"] }
            let blocking = original.diagnostics.contains { $0.severity == .error || RulesFormatter.lossyWarnings.contains($0.id) }
            return blocking ? [] : ["\(name): refused although it parses"]
        case .formatted(let output):
            var problems: [String] = []
            let reparsed = Parser.parse(SourceFile(path: name, text: output))
            let errors = reparsed.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                problems.append("\(name): output does not parse: \(errors.map(\.message))\n\(output)")
                return problems
            }
            if reparsed.ruleset.dump() != original.ruleset.dump() {
                problems.append("\(name): output parses to a different tree\n\(output)")
            }
            if commentTexts(reparsed) != commentTexts(original) {
                problems.append("\(name): comments changed: \(commentTexts(original)) -> \(commentTexts(reparsed))")
            }
            if case .formatted(let again) = RulesFormatter.format(reparsed), again != output {
                problems.append("\(name): not idempotent\n--- first\n\(output)--- second\n\(again)")
            }
            return problems
        }
    }
}
