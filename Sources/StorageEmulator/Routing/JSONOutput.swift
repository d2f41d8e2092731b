import RulesSyntax

/// A JSON value with ordered keys, written compactly: the emulator's
/// response bodies keep the field order of the Firebase emulator.
public enum JSONOutput: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONOutput])
    /// An object, keys in this order.
    case object([(String, JSONOutput)])

    /// The compact JSON text.
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .string(let text): JSONStringLiteral.append(text, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let entries):
            out += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += "," }
                JSONStringLiteral.append(entry.0, to: &out)
                out += ":"
                entry.1.write(into: &out)
            }
            out += "}"
        }
    }

    /// Two values are equal when they write the same text (key order included).
    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.text == rhs.text }
}
