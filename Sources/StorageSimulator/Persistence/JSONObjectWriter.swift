import RulesSyntax

/// Writes one JSON object, two-space indented and in the order its fields
/// are added, as `JSON.stringify(value, null, 2)` lays it out.
struct JSONObjectWriter {
    private var text = "{"
    private var isEmpty = true

    mutating func string(_ key: String, _ value: String) {
        field(key, JSONStringLiteral.quoted(value))
    }

    mutating func optionalString(_ key: String, _ value: String?) {
        if let value { string(key, value) }
    }

    mutating func number(_ key: String, _ value: Int64) {
        field(key, String(value))
    }

    mutating func stringArray(_ key: String, _ values: [String]) {
        guard !values.isEmpty else { return field(key, "[]") }
        field(key, "[\n" + values.map { "    " + JSONStringLiteral.quoted($0) }.joined(separator: ",\n") + "\n  ]")
    }

    mutating func stringMap(_ key: String, _ values: [String: String]) {
        guard !values.isEmpty else { return field(key, "{}") }
        let members = values.keys.sorted().map { "    " + JSONStringLiteral.quoted($0) + ": " + JSONStringLiteral.quoted(values[$0] ?? "") }
        field(key, "{\n" + members.joined(separator: ",\n") + "\n  }")
    }

    mutating func raw(_ key: String, _ json: String) {
        field(key, json)
    }

    /// The finished object as UTF-8.
    func finish() -> [UInt8] {
        Array((text + (isEmpty ? "}" : "\n}")).utf8)
    }

    private mutating func field(_ key: String, _ json: String) {
        text += (isEmpty ? "\n  " : ",\n  ") + JSONStringLiteral.quoted(key) + ": " + json
        isEmpty = false
    }
}
