import RulesEngine
import FuzzSupport
import Testing

/// `ValueJSON.parse` (the CLI's `--auth`, `--resource`, `--existing` and
/// `--firestore`): RFC 8259 exactly, integers kept as `int`, and every bad
/// input a ``ValueJSON/SyntaxError`` pointing into the text.
@Suite("ValueJSON")
struct ValueJSONTests {
    /// A canonical rendering that keeps `int` and `float` apart.
    static func render(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .int(let int): "int(\(int))"
        case .float(let double): "float(\(double))"
        case .string(let string): "str(\(string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")))"
        case .list(let items): "[" + items.map(render).joined(separator: ",") + "]"
        case .map(let map): "{" + map.sortedKeys.map { "\($0):" + render(map[$0] ?? .null) }.joined(separator: ",") + "}"
        default: "other"
        }
    }

    static func string(_ text: String) -> String { render(.string(text)) }

    @Test("valid JSON", arguments: [
        ("0", "int(0)"), ("-0", "int(0)"), ("42", "int(42)"), ("-17", "int(-17)"),
        ("9223372036854775807", "int(9223372036854775807)"), ("-9223372036854775808", "int(-9223372036854775808)"),
        ("9223372036854775808.0", "float(9.223372036854776e+18)"), ("1.5", "float(1.5)"), ("-0.25", "float(-0.25)"),
        ("1e3", "float(1000.0)"), ("1E+2", "float(100.0)"), ("2e-1", "float(0.2)"), ("1.0", "float(1.0)"),
        ("0.0e0", "float(0.0)"), ("1e308", "float(1e+308)"), ("1e-400", "float(0.0)"),
        ("true", "true"), ("false", "false"), ("null", "null"),
        ("\"\"", string("")), ("\"a\\\"b\\\\c\\/d\"", string("a\"b\\c/d")), ("\"\\b\\f\\n\\r\\t\"", string("\u{8}\u{C}\n\r\t")),
        ("\"\\u00e9\\u00E9\"", string("éé")), ("\"\\ud83d\\ude00\"", string("😀")), ("\"😀é\"", string("😀é")),
        ("\"\\u0000\"", string("\u{0}")), ("\"\\ud800\"", string("\u{FFFD}")), ("\"\\udc00x\"", string("\u{FFFD}x")),
        ("\"\u{7F}\"", string("\u{7F}")),
        ("{}", "{}"), ("[]", "[]"), (" \t\r\n[ ] \n", "[]"), ("[1, 2.0, \"x\"]", "[int(1),float(2.0),\(string("x"))]"),
        ("{\"a\": {\"b\": [null, true, {}]}}", "{a:{b:[null,true,{}]}}"), ("{\"a\": 1, \"a\": 2}", "{a:int(2)}"),
        ("[[[[[[[[[[1]]]]]]]]]]", "[[[[[[[[[[int(1)]]]]]]]]]]"),
    ])
    func valid(_ example: (String, String)) throws {
        let value = try ValueJSON.parse(example.0)
        #expect(Self.render(value) == example.1, "\(example.0)")
    }

    @Test("invalid JSON is a syntax error inside the text", arguments: [
        ("", 0), (" ", 1), ("1 2", 2), ("{} x", 3), ("[1,]", 3), ("[,1]", 1), ("{\"a\" 1}", 5), ("{\"a\":1,}", 7),
        ("{a: 1}", 1), ("{\"a\":}", 5), ("[1", 2), ("{\"a\":1", 6), ("\"abc", 4), ("\"a\nb\"", 2), ("\"a\u{1}b\"", 2),
        ("\"\\x\"", 1), ("\"\\", 2), ("\"\\u12\"", 3), ("\"\\u+fff\"", 3), ("\"\\u-000\"", 3), ("\"\\uGGGG\"", 3),
        ("-", 1), ("+1", 0), ("01", 1), ("-01", 2), ("00", 1), ("1.", 2), (".5", 0), ("1.e3", 2), ("1e", 2), ("1e+", 3),
        ("--1", 1), ("1-2", 1), ("0x10", 1), ("1e400", 0), ("-1e999", 0), ("9223372036854775808", 0), ("-99999999999999999999999", 0), ("NaN", 0), ("Infinity", 0), ("-Infinity", 1),
        ("tru", 0), ("nul", 0), ("True", 0), ("'a'", 0), ("[1 2]", 3), ("\u{FEFF}1", 0), ("/* c */ 1", 0),
    ])
    func invalid(_ example: (String, Int)) {
        let (text, offset) = example
        #expect(throws: ValueJSON.SyntaxError.self, "\(text)") { try ValueJSON.parse(text) }
        do {
            _ = try ValueJSON.parse(text)
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
            #expect(error.offset <= text.utf8.count)
            #expect(error.description.hasSuffix("at offset \(error.offset)"))
        }
    }

    @Test("deep nesting is an error, not a stack overflow", arguments: ["[", "{\"a\":", "[{\"a\":"])
    func deepNesting(_ opener: String) {
        let text = String(repeating: opener, count: 10_000) + "1"
        #expect(throws: ValueJSON.SyntaxError.self) { try ValueJSON.parse(text) }
        // Nesting that stays under the limit still parses.
        let shallow = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
        #expect(throws: Never.self) { try ValueJSON.parse(shallow) }
    }

    @Test("random mutations parse or fail inside the text")
    func fuzz() {
        let seeds = [
            "{\"uid\": \"alice\", \"token\": {\"admin\": true, \"n\": -1.5e3, \"l\": [1, 2, {\"x\": null}]}}",
            "[\"\\ud83d\\ude00\", \"\\u00e9\\n\", 0, -0.0, 123456789012345678901234567890, false]",
            "{\"name\": \"a/b.png\", \"size\": 1024, \"metadata\": {\"k\": \"v\"}, \"timeCreated\": \"2026-01-01T00:00:00Z\"}",
        ]
        let pieces = ["{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "-", "+", ".", "e", "E", "0", "1", "9",
                      "true", "null", " ", "\n", "\u{0}", "é", "😀", "1e999", "01"]
        var random = SplitMix64(seed: 0x150_4E)
        var parsed = 0
        for iteration in 0..<10_000 {
            var bytes = Array(seeds[iteration % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where position < bytes.count:
                    bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...4, using: &random)))
                case 1 where position < bytes.count:
                    bytes[position] = UInt8.random(in: 0...127, using: &random)
                default:
                    bytes.insert(contentsOf: Array(pieces.randomElement(using: &random)!.utf8), at: position)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try ValueJSON.parse(text)
                parsed += 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= text.utf8.count, "\(text)")
            }
        }
        #expect(parsed > 100)
    }
}
