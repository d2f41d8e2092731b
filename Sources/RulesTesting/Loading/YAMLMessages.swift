import Yams

/// Our own words for what libyaml and Yams report, so their wording (and
/// names like `yaml_set_max_nest_level()`) never reaches the user.
enum YAMLMessages {
    /// Our message (after `invalid YAML:`) for a libyaml problem we
    /// recognise, or `nil` to keep the (already clear) libyaml text.
    static func ourWording(_ problem: String) -> String? {
        if problem.contains("another document") || problem.contains("single document") {
            return "invalid YAML: a suite file holds one YAML document; a second one (after `---` or `...`) starts here"
        }
        if problem.contains("nest") && problem.contains("level") {
            return "invalid YAML: nested deeper than 1,000 levels"
        }
        return nil
    }

    /// Whether the text is a rules file (its first word is `rules_version`
    /// or `service`, after comments), which `test` was given by mistake.
    static func looksLikeRules(_ text: String) -> Bool {
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        for word in ["rules_version", "service"] where rest.hasPrefix(word) {
            let after = rest.dropFirst(word.count).first
            if after == nil || after == " " || after == "=" || after == "\t" { return true }
        }
        return false
    }

    /// Where `key` appears a second time in the mapping whose first key
    /// occurrence is at `first`: a later line holding it at the same column
    /// (block style), else the next `key:` after it (flow style), else `first`.
    static func secondOccurrence(of key: String, after first: Mark, in text: String) -> (line: Int, column: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let spellings = [key, "\"\(key)\"", "'\(key)'"]
        func keyStarts(_ text: Substring) -> Bool {
            spellings.contains { spelling in
                guard text.hasPrefix(spelling) else { return false }
                return text.dropFirst(spelling.count).drop { $0 == " " || $0 == "\t" }.first == ":"
            }
        }
        let column = first.column - 1
        if first.line < lines.count {
            for index in first.line..<lines.count {
                let characters = Array(lines[index])
                guard characters.count > column else { continue }
                let before = characters[..<column]
                guard before.allSatisfy({ $0 == " " || $0 == "-" }) else { continue }
                if keyStarts(Substring(String(characters[column...]))) { return (index + 1, first.column) }
            }
        }
        // Flow style: the next occurrence on the first line or after it.
        for index in max(0, first.line - 1)..<lines.count {
            let characters = Array(lines[index])
            let start = index == first.line - 1 ? min(characters.count, column + key.count) : 0
            for position in start..<characters.count where keyStarts(Substring(String(characters[position...]))) {
                let previous = characters[..<position].last { $0 != " " && $0 != "\t" }
                if previous == nil || previous == "{" || previous == "," { return (index + 1, position + 1) }
            }
        }
        return (first.line, first.column)
    }
}
