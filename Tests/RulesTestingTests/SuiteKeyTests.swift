import Testing

@testable import RulesTesting

@Suite("Interned suite keys")
struct SuiteKeyTests {
    @Test("every key interns from its own text, and no two share one")
    func everyKeyInterns() {
        let keys = SuiteKey.allCases.filter { $0 != .other }
        for key in keys {
            #expect(SuiteKey(key.text) == key, "\(key.text)")
        }
        #expect(Set(keys.map(\.text)).count == keys.count)
        // Each key is spelled as its case is named.
        for key in keys { #expect(key.text == "\(key)") }
        // One bit each in a 64-bit set, `other` included.
        #expect(SuiteKey.allCases.allSatisfy { $0.rawValue < 64 })
    }

    @Test(
        "text that only resembles a key is another key",
        arguments: ["", "x", "expext", "gets", "Get", "nam", "names", "metadatas", "contentTypo", "as ", " as", "lisT", "é"])
    func resemblingTextIsOther(text: String) {
        #expect(SuiteKey(text) == .other)
    }

    @Test("a mapping's fields are found by interned key and by text, and repeats of either kind are refused")
    func fieldsLookup() throws {
        let reader = YAMLReader(file: "suite.yaml")
        let fields = try reader.mapping(mapping(["bucket", "rules", "get"]), what: "a case")
        #expect(fields.has(.bucket) && fields.has(.get) && !fields.has(.list))
        #expect(fields.has("rules") && fields.has("bucket") && !fields.has("cases"))
        #expect(scalarText(fields[.get]) == "value of get")
        #expect(scalarText(fields["rules"]) == "value of rules")
        #expect(scalarText(fields["bucket"]) == "value of bucket")
        #expect(fields.hasOnly(SuiteKeys([.bucket, .get])) == false)  // `rules` is another key
        #expect(try reader.mapping(mapping(["bucket", "get"]), what: "a case").hasOnly(SuiteKeys([.bucket, .get, .expect])))

        for repeated in [["get", "expect", "get"], ["rules", "get", "rules"]] {
            #expect {
                _ = try reader.mapping(mapping(repeated), what: "a case")
            } throws: { error in
                (error as? SuiteLoadError)?.message == "duplicate key `\(repeated[0])` in a case"
            }
        }
    }

    @Test("of several exclusive keys, two present are refused in document order")
    func exclusiveKeys() throws {
        let reader = YAMLReader(file: "suite.yaml")
        #expect(try reader.mapping(mapping(["name", "size"]), what: "an upload").exclusive([.content, .size]) == .size)
        #expect(try reader.mapping(mapping(["name"]), what: "an upload").exclusive([.content, .size]) == nil)
        #expect {
            _ = try reader.mapping(mapping(["size", "name", "content"]), what: "an upload").exclusive([.content, .size])
        } throws: { error in
            (error as? SuiteLoadError)?.message == "an upload has both `size` and `content`; give only one"
        }
    }

    private func mapping(_ keys: [String]) -> YAMLNode {
        let mark = YAMLNode.Mark(line: 1, column: 1)
        func scalar(_ text: String) -> YAMLNode { .scalar(YAMLNode.Scalar(string: text, style: .plain, mark: mark)) }
        return .mapping(YAMLNode.Mapping(pairs: keys.map { YAMLNode.Pair(key: scalar($0), value: scalar("value of \($0)")) }, mark: mark))
    }

    private func scalarText(_ node: YAMLNode?) -> String? {
        if case .scalar(let scalar)? = node { return scalar.string }
        return nil
    }
}
