extension Value {
    /// The value as rules source would write it, for explanations:
    /// `'abc'`, `6291456`, `2.5`, `[1, 2]`, `{'a': 1}`, `/b/B/o/x`,
    /// `timestamp(2026-01-01T00:00:00Z)`, `duration(90s)`.
    public var rulesDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .float(let number): return JavaNumber.format(number)
        case .string(let text): return Value.quoted(text)
        case .bytes(let bytes): return "b'" + bytes.map { Value.hexEscape($0) }.joined() + "'"
        case .list(let elements): return "[" + elements.map(\.rulesDescription).joined(separator: ", ") + "]"
        case .map(let map): return Value.describe(map)
        case .set(let set): return "[" + set.elements.map(\.rulesDescription).joined(separator: ", ") + "].toSet()"
        case .mapDiff(let diff): return "\(Value.describe(diff.new)).diff(\(Value.describe(diff.old)))"
        case .path(let path): return path.description
        case .timestamp(let time): return "timestamp(\(time.rfc3339))"
        case .duration(let duration): return "duration(\(duration.text))"
        case .latlng(let point): return "latlng(\(JavaNumber.format(point.latitude)), \(JavaNumber.format(point.longitude)))"
        }
    }

    private static func describe(_ map: RulesMap) -> String {
        "{" + map.entries.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \($0.value.rulesDescription)" }.joined(separator: ", ") + "}"
    }

    private static func quoted(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += hexEscape(UInt8(scalar.value))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}

extension Outcome {
    /// The value's description, or `error: <message>`.
    public var rulesDescription: String {
        switch self {
        case .value(let value): value.rulesDescription
        case .error(let error): "error: \(error.message)"
        }
    }
}
