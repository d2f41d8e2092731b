import RulesSyntax

/// A JSON document with ordered keys, written deterministically; every
/// JSON output of the tool (`test --format json`, `check --format json`,
/// `eval --format json`) goes through it.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys are written in this order.
    case object([(String, JSONValue)])

    /// Pretty-printed with two-space indentation.
    public func serialized() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number):
            out += number.isFinite ? format3(number) : "null"
        case .string(let text): out += JSONStringLiteral.quoted(text)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += index + 1 < items.count ? ",\n" : "\n"
            }
            out += closePad + "]"
        case .object(let entries):
            if entries.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, entry) in entries.enumerated() {
                out += pad + JSONStringLiteral.quoted(entry.0) + ": "
                entry.1.write(into: &out, indent: indent + 1)
                out += index + 1 < entries.count ? ",\n" : "\n"
            }
            out += closePad + "}"
        }
    }

    /// The number rounded to thousandths, so timings do not print fifteen digits.
    private func format3(_ number: Double) -> String {
        let thousandths = (number * 1000).rounded()
        return String(thousandths / 1000)
    }
}
