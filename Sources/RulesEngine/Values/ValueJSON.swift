/// Reads JSON text into rules values: integers stay `int`, numbers with a
/// fraction or exponent become `float`, objects become maps.
public enum ValueJSON {
    /// A JSON syntax error with its byte offset.
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// Byte offset into the text.
        public var offset: Int

        /// `message at offset N`.
        public var description: String { "\(message) at offset \(offset)" }
    }

    /// Parses one JSON document.
    public static func parse(_ text: String) throws(SyntaxError) -> Value {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == reader.bytes.count else { throw reader.error("unexpected trailing characters") }
        return value
    }

    /// Converts the `timeCreated` and `updated` fields of an object map from
    /// RFC 3339 strings to timestamps, as object resources carry them.
    public static func convertingObjectTimes(_ value: Value) -> Value {
        guard case .map(var map) = value else { return value }
        for key in ["timeCreated", "updated"] {
            if case .string(let text)? = map[key], let time = Timestamp(rfc3339: text) {
                map[key] = .timestamp(time)
            }
        }
        return .map(map)
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        static let maximumDepth = 512

        func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: position) }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func expect(_ literal: String) throws(SyntaxError) {
            let expected = Array(literal.utf8)
            guard position + expected.count <= bytes.count, Array(bytes[position..<(position + expected.count)]) == expected else {
                throw error("expected `\(literal)`")
            }
            position += expected.count
        }

        mutating func value(depth: Int) throws(SyntaxError) -> Value {
            guard depth < Reader.maximumDepth else { throw error("nesting too deep") }
            guard position < bytes.count else { throw error("unexpected end of input") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> Value {
            position += 1
            var entries: [String: Value] = [:]
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .map(RulesMap(entries))
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                entries[key] = try value(depth: depth + 1)
                skipSpace()
                guard position < bytes.count else { throw error("unterminated object") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("}")
                return .map(RulesMap(entries))
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> Value {
            position += 1
            var elements: [Value] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .list(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw error("unterminated array") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("]")
                return .list(elements)
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            position += 1
            var units: [UInt16] = []
            var raw: [UInt8] = []
            func flush() {
                units.append(contentsOf: String(decoding: raw, as: UTF8.self).utf16)
                raw.removeAll()
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(decoding: units, as: UTF16.self)
                case UInt8(ascii: "\\"):
                    flush()
                    guard position < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): units.append(0x22)
                    case UInt8(ascii: "\\"): units.append(0x5C)
                    case UInt8(ascii: "/"): units.append(0x2F)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "u"):
                        guard position + 4 <= bytes.count,
                            let unit = UInt16(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
                        else { throw error("invalid \\u escape") }
                        units.append(unit)
                        position += 4
                    default: throw error("invalid escape")
                    }
                default:
                    guard byte >= 0x20 else { throw error("control character in string") }
                    raw.append(byte)
                }
            }
            throw error("unterminated string")
        }

        mutating func number() throws(SyntaxError) -> Value {
            let start = position
            var isFloat = false
            while position < bytes.count {
                let byte = bytes[position]
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                    position += 1
                } else if [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte) {
                    isFloat = true
                    position += 1
                } else {
                    break
                }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if !isFloat, let number = Int64(text) { return .int(number) }
            guard !text.isEmpty, let number = Double(text) else {
                position = start
                throw error("invalid value")
            }
            return .float(number)
        }
    }
}
