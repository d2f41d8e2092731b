import RulesEngine
import Testing

/// Audit of §2.7/§3.5 string identity: the service compares Java strings
/// code unit by code unit, so canonically equivalent spellings differ.
struct AuditStringsTests {
    static let cases: [(String, Expected)] = [
        ("'e\\u0301' != '\\u00e9'", .true),
        ("'\\u00e9' == 'é'", .true),
        ("!('e\\u0301' in ['\\u00e9'])", .true),
        ("!('e\\u0301' in ['\\u00e9'].toSet())", .true),
        ("['e\\u0301', '\\u00e9'].toSet().size() == 2", .true),
        ("!('e\\u0301' in {'\\u00e9': 1})", .true),
        ("{'\\u00e9': 1}['e\\u0301'] == 1", .error("Property e\u{301} is undefined on object.")),
        ("{'\\u00e9': 1} != {'e\\u0301': 1}", .true),
        ("{'\\u00e9': 1}.get('e\\u0301', 0) == 0", .true),
        ("path('a/\\u00e9') != path('a/e\\u0301')", .true),
        ("['\\u00e9'].hasAny(['e\\u0301']) == false", .true),
        ("{'k': '\\u00e9'}.diff({'k': 'e\\u0301'}).changedKeys() == ['k'].toSet()", .true),
        ("'\\u00e9' > 'e\\u0301'", .true),
        ("'😀' < '\\uff61'", .true),
    ]

    @Test func mapLookupIsExact() {
        let map = RulesMap(["\u{e9}": 1])
        #expect(map["e\u{301}"] == nil)
        #expect(map["\u{e9}"] != nil)
    }

    @Test func literalMatchSegmentsCompareCodeUnits() {
        let rules = Engine.storageRules("match /caf\u{e9}/{f} { allow get; }")
        #expect(Engine.decide(rules, .get, "caf\u{e9}/a")?.allowed == true)
        #expect(Engine.decide(rules, .get, "cafe\u{301}/a")?.allowed == false)
    }

    @Test(arguments: cases)
    func identity(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }
}
