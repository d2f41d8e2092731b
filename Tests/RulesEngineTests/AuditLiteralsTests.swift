import RulesEngine
import Testing

/// Audit of §1.2 literals as the engine sees them, plus §2.6 number corners
/// and §3.1 conversions not covered elsewhere.
struct AuditLiteralsTests {
    static let cases: [(String, Expected)] = [
        // String escapes.
        ("'\\\\'.size() == 1 && '\\''.size() == 1 && \"\\\"\".size() == 1", .true),
        ("'\\n'.size() == 1 && '\\r' != '\\n' && '\\t'.size() == 1 && '\\b'.size() == 1 && '\\f'.size() == 1", .true),
        ("'\\x41' == 'A' && '\\x411' == 'A1' && '\\xe9' == 'é'", .true),
        ("'\\u00e9' == 'é' && '\\u00E9' == 'é'", .true),
        ("'\\101' == 'A' && '\\377' == '\\xff' && '\\000'.size() == 1", .true),
        ("'a\tb'.size() == 3", .true),
        ("\"it's\" == 'it\\'s'", .true),
        ("'\"' == \"\\\"\"", .true),
        // Bytes literals.
        ("b'*' == b'\\x2A' && b'\\x2A' == b'\\052' && B'*' == b\"*\"", .true),
        ("b'\\xe9' != 'é'.toUtf8() && b'\\xe9'.size() == 1 && b'é'.size() == 2", .true),
        ("b'€'.size() == 3 && b'€' == '€'.toUtf8()", .true),
        ("b'\\n\\t'.size() == 2 && b'' == ''.toUtf8()", .true),
        ("b'\\\\'.size() == 1 && b'\\''.size() == 1", .true),
        // Numbers.
        ("-9223372036854775808 == -9223372036854775807 - 1", .true),
        ("9223372036854775807 > 0", .true),
        ("1.0 == 1 && 0.5 + 0.5 == 1 && 10.0 / 4 == 2.5 && 3.33 > 3", .true),
        ("-2.0 is float && -(2.0) == -2.0", .true),
        ("1 is number && 1.5 is number && !('1' is number) && !(null is number)", .true),
        ("1 is int && !(1 is float) && 1.0 is float && !(1.0 is int)", .true),
        ("true is bool && !(1 is bool) && !(null is bool)", .true),
        ("[] is list && {} is map && !({} is list) && !([] is map)", .true),
        ("duration.value(1, 's') is duration && latlng.value(0.0, 0.0) is latlng && timestamp.value(0) is timestamp", .true),
        ("'x' is string && !(b'x' is string) && b'x' is bytes && !('x' is bytes)", .true),
        ("!(null is string) && !(null is map)", .true),
        // Collections.
        ("[1, 2, 3].size() == 3 && [].size() == 0", .true),
        ("{'a': 1, 'b': 2,}.size() == 2", .true),
        ("{\"a\": 1}.a == 1", .true),
        // Comments.
        ("true /* block */ && // line\n true", .true),
    ]

    @Test(arguments: cases)
    func literal(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }
}
