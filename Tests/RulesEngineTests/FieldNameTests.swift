import Testing

@testable import RulesEngine

/// The fields of `request` and of `resource` are found by their own
/// names (through `CaseNames`, tested in RulesSyntaxTests), and by no
/// other spelling.
@Suite struct FieldNameTests {
    @Test func requestFields() {
        #expect(RequestField.allCases.map(\.rawValue) == ["auth", "method", "path", "time", "resource", "params"])
        for field in RequestField.allCases { #expect(RequestField(rawValue: field.rawValue) == field) }
        for name in ["Auth", "pith", "tine", "paths", "resource\u{301}", "uid", "token"] { #expect(RequestField(rawValue: name) == nil) }
    }

    @Test func objectFields() {
        #expect(ObjectField.allCases.count == 17)
        for field in ObjectField.allCases { #expect(ObjectField(rawValue: field.rawValue) == field) }
        for name in ["Size", "sizes", "siz", "contenttype", "md5hash", "crc32C", "etag\u{301}", "metadata "] {
            #expect(ObjectField(rawValue: name) == nil)
        }
    }
}
