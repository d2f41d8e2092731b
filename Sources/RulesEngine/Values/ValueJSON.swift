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
                        // Lone surrogates are kept as units and become U+FFFD when the string is decoded.
                        units.append(try hexUnit())
                    default:
                        position -= 2
                        throw error("invalid escape")
                    }
                default:
                    guard byte >= 0x20 else {
                        throw SyntaxError(message: "control character in string", offset: position - 1)
                    }
                    raw.append(byte)
                }
            }
            throw error("unterminated string")
        }

        /// The four hex digits of a `\u` escape (exactly four, no sign).
        mutating func hexUnit() throws(SyntaxError) -> UInt16 {
            guard position + 4 <= bytes.count else { throw error("invalid \\u escape") }
            var unit: UInt16 = 0
            for offset in 0..<4 {
                let byte = bytes[position + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("invalid \\u escape")
                }
                unit = unit << 4 | UInt16(digit)
            }
            position += 4
            return unit
        }

        /// A number in RFC 8259 syntax: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?.
        /// Integers are `int` and must fit in 64 bits; numbers with a fraction
        /// or an exponent are `float` and must not overflow a double.
        mutating func number() throws(SyntaxError) -> Value {
            let start = position
            func isDigit(_ index: Int) -> Bool {
                index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            }
            func invalid() -> SyntaxError { SyntaxError(message: "invalid value", offset: start) }
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard isDigit(position) else { throw position == start ? invalid() : error("expected a digit") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if isDigit(position) { throw error("leading zeros are not allowed") }
            } else {
                while isDigit(position) { position += 1 }
            }
            var isFloat = false
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                isFloat = true
                position += 1
                guard isDigit(position) else { throw error("expected a digit after the decimal point") }
                while isDigit(position) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                isFloat = true
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard isDigit(position) else { throw error("expected a digit in the exponent") }
                while isDigit(position) { position += 1 }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if !isFloat {
                // A rules int is 64 bits; an integer beyond it is refused rather than silently becoming a float.
                guard let number = Int64(text) else { throw SyntaxError(message: "integer out of range (64 bits)", offset: start) }
                return .int(number)
            }
            guard let number = Double(text), number.isFinite else {
                throw SyntaxError(message: "number out of range", offset: start)
            }
            return .float(number)
        }
    }
}
