import RulesEngine

/// Compact, deterministic text for rules values in explanations:
/// strings quoted, maps with sorted keys, long values shortened.
public enum ValueFormatter {
    /// The value as rules-like text, at most `limit` characters.
    public static func format(_ value: Value, limit: Int = 120) -> String {
        var text = ""
        write(value, into: &text, budget: limit + 1)
        if text.count > limit {
            return String(text.prefix(max(1, limit - 1))) + "…"
        }
        return text
    }

    /// An outcome: the value, or `error: message`.
    public static func format(_ outcome: Outcome, limit: Int = 120) -> String {
        switch outcome {
        case .value(let value): format(value, limit: limit)
        case .error(let error): "error: \(error.message)"
        }
    }

    /// A string in double quotes with escapes.
    public static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A float the way the rules language prints it (`1.0`, `0.5`, `1.0E10`).
    public static func formatFloat(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value)) + ".0"
        }
        return "\(value)"
    }

    private static func write(_ value: Value, into text: inout String, budget: Int) {
        guard text.count < budget else { return }
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .float(let number): text += formatFloat(number)
        case .string(let string): text += quote(string)
        case .bytes(let bytes):
            text += "b\"" + bytes.map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }.joined() + "\""
        case .list(let items):
            writeList(items, open: "[", close: "]", into: &text, budget: budget)
        case .set(let set):
            text += "set("
            writeList(set.elements, open: "[", close: "]", into: &text, budget: budget)
            text += ")"
        case .map(let map):
            writeMap(map, into: &text, budget: budget)
        case .mapDiff(let diff):
            text += "map_diff(added: \(diff.addedKeys), removed: \(diff.removedKeys), changed: \(diff.changedKeys))"
        case .path(let path): text += "path(\(quote(path.description)))"
        case .timestamp(let timestamp): text += "timestamp(\(quote(timestamp.rfc3339)))"
        case .duration(let duration): text += "duration(\(duration.text))"
        case .latlng(let point): text += "latlng(\(formatFloat(point.latitude)), \(formatFloat(point.longitude)))"
        }
    }

    private static func writeList(_ items: [Value], open: String, close: String, into text: inout String, budget: Int) {
        text += open
        for (index, item) in items.enumerated() {
            if text.count >= budget { break }
            if index > 0 { text += ", " }
            write(item, into: &text, budget: budget)
        }
        text += close
    }

    private static func writeMap(_ map: RulesMap, into text: inout String, budget: Int) {
        text += "{"
        for (index, key) in map.sortedKeys.enumerated() {
            if text.count >= budget { break }
            if index > 0 { text += ", " }
            text += quote(key) + ": "
            if let item = map[key] { write(item, into: &text, budget: budget) }
        }
        text += "}"
    }
}
