/// Writes one JSON object, two-space indented and in the order its fields
/// are added, as `JSON.stringify(value, null, 2)` lays it out.
struct JSONObjectWriter {
    private var text = "{"
    private var isEmpty = true

    mutating func string(_ key: String, _ value: String) {
        field(key, Self.quoted(value))
    }

    mutating func optionalString(_ key: String, _ value: String?) {
        if let value { string(key, value) }
    }

    mutating func number(_ key: String, _ value: Int64) {
        field(key, String(value))
    }

    mutating func stringArray(_ key: String, _ values: [String]) {
        guard !values.isEmpty else { return field(key, "[]") }
        field(key, "[\n" + values.map { "    " + Self.quoted($0) }.joined(separator: ",\n") + "\n  ]")
    }

    mutating func stringMap(_ key: String, _ values: [String: String]) {
        guard !values.isEmpty else { return field(key, "{}") }
        let members = values.keys.sorted().map { "    " + Self.quoted($0) + ": " + Self.quoted(values[$0] ?? "") }
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
        text += (isEmpty ? "\n  " : ",\n  ") + Self.quoted(key) + ": " + json
        isEmpty = false
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
