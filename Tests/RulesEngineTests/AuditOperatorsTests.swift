import RulesEngine
import Testing

/// Audit of §1.3 precedence and §2.6/§2.7/§3.3 operator tables, checked
/// against the spec's stated production behaviour.
struct AuditOperatorsTests {
    static let plusExpected = "int + int, float + float, string + string, duration + duration, duration + timestamp, timestamp + duration"
    static let minusExpected = "int - int, float - float, duration - duration, timestamp - duration, timestamp - timestamp"
    static let orderExpected = "string < string, bytes < bytes, int < int, float < float, duration < duration, timestamp < timestamp, constraint < any, any < constraint"

    static let precedenceCases: [(String, Expected)] = [
        // `in` binds tighter than `==`: a single CEL-style level would read `(true == 'a') in ['a']`.
        ("true == 'a' in ['a']", .true),
        ("'a' in ['a'] == true", .true),
        // `is` binds tighter than `==`.
        ("true == 1 is int", .true),
        ("1 is int == true", .true),
        // `in` binds tighter than `is`; relational tighter than `in`.
        ("'a' in ['a'] is bool", .true),
        ("1 < 2 in [true]", .true),
        ("1 < 2 is bool", .true),
        ("1 + 1 in [2]", .true),
        // Unary binds tighter than binary, looser than member access.
        ("!true == false", .true),
        ("-'abc'.size() == -3", .true),
        ("-[1, 2][1] == -2", .true),
        ("- -1 == 1 && !!true && -(-2) == 2", .true),
        ("-2 * 3 == -6 && -7 / 2 == -3", .true),
        // Multiplicative over additive, left associativity.
        ("2 + 3 * 4 == 14", .true),
        ("10 - 2 - 3 == 5", .true),
        ("100 / 10 / 5 == 2", .true),
        ("7 % 4 % 2 == 1", .true),
        ("2 * 3 % 4 == 2", .true),
        // && over ||.
        ("true || false && false", .true),
        ("false && true || true", .true),
        ("!(false || true && false)", .true),
        // Ternary: lowest, right-associative.
        ("!(true ? false : true ? true : true)", .true),
        ("false ? false : false ? false : true", .true),
        ("false ? 1 : 2 + 1 == 3", .true),
        ("true ? true : false && false", .true),
        ("(true ? 1 : 2) + 1 == 2", .true),
        ("1 + 2 < 4 == true", .true),
        // Chains within one level associate to the left.
        ("'a' in ['a'] in [true]", .true),
        ("1 is int is bool", .true),
        ("1 == 1 == true && 1 != 2 != false", .true),
        ("1 < 2 < 3", .error("Unsupported operation error. Received: bool < int. Expected: \(orderExpected).")),
        ("!!!false && -1 is int && -1.5 is float", .true),
        ("-(1 + 2) == -3 && -2 * -2 == 4", .true),
        // Division spacing after an operand.
        ("4 / 2 == 2 && 4/ 2 == 2", .true),
        ("(4)/ (2) == 2", .true),
        ("request.path[3]/ 1 == 1", .error(nil)),
        ("[4][0]/ 2 == 2 && 'ab'.size() / 2 == 1 && {'a': 8}.a /\t4 == 2", .true),
        ("request.time.year() / 1000 == 2", .true),
    ]

    static let arithmeticCases: [(String, Expected)] = [
        // Mixed int/float promotes the int.
        ("1 + 1.5 == 2.5 && 1.5 + 1 == 2.5", .true),
        ("3 - 0.5 == 2.5 && 0.5 - 3 == -2.5", .true),
        ("2 * 1.5 == 3.0 && 1.5 * 2 == 3", .true),
        ("3 / 2.0 == 1.5 && 3.0 / 2 == 1.5", .true),
        ("(1 + 1.0) is float && (2 * 1.0) is float && (4 / 2.0) is float", .true),
        ("(1 + 1) is int && (7 / 2) is int && (7 % 2) is int", .true),
        ("7 % 2.5 == 2.0 && -7.5 % 2 == -1.5", .true),
        ("1 <= 1.0 && 2 > 1.5 && 1.5 >= 1 && 0 < 0.1", .true),
        ("-0.0 == 0.0", .true),
        ("-1.5 is float && -1 is int", .true),
        ("10 / 3 == 3 && -10 / 3 == -3 && 10 / -3 == -3", .true),
        ("10 % -3 == 1 && -10 % 3 == -1", .true),
        ("-9223372036854775808 / -1 == -9223372036854775808", .true),
        ("-9223372036854775808 % -1 == 0", .true),
        ("9223372036854775807 * 2 == -2", .true),
        ("0 / 0 == 0", .error("Divide by zero error.")),
        ("1.5 % 0 == 0", .false),  // IEEE NaN (docs/divergences.md)
        // Strings, durations and timestamps under +.
        ("'ab' + 'cd' == 'abcd' && '' + '' == ''", .true),
        ("duration.value(1, 's') + duration.value(2, 's') == duration.value(3, 's')", .true),
        ("duration.value(3, 's') - duration.value(2, 's') == duration.value(1, 's')", .true),
        ("duration.value(1, 's') + timestamp.value(0) == timestamp.value(1000)", .true),
        ("timestamp.value(0) + duration.value(1, 's') == timestamp.value(1000)", .true),
        ("timestamp.value(1000) - duration.value(1, 's') == timestamp.value(0)", .true),
        ("timestamp.value(0) - timestamp.value(1000) == duration.value(-1, 's')", .true),
        ("(timestamp.value(1) - timestamp.value(0)) is duration", .true),
        // Exact Expected lists.
        ("[1] + [2] == [1, 2]", .error("Unsupported operation error. Received: list + list. Expected: \(plusExpected).")),
        ("{} + {} == {}", .error("Unsupported operation error. Received: map + map. Expected: \(plusExpected).")),
        ("b'a' + b'b' == b'ab'", .error("Unsupported operation error. Received: bytes + bytes. Expected: \(plusExpected).")),
        ("true + true == 2", .error("Unsupported operation error. Received: bool + bool. Expected: \(plusExpected).")),
        ("1 + 'a' == 'x'", .error("Unsupported operation error. Received: int + string. Expected: \(plusExpected).")),
        ("null + 1 == 1", .error("Unsupported operation error. Received: null + int. Expected: \(plusExpected).")),
        ("timestamp.value(0) + timestamp.value(0) == timestamp.value(0)",
         .error("Unsupported operation error. Received: timestamp + timestamp. Expected: \(plusExpected).")),
        ("timestamp.value(0) + 1 == timestamp.value(0)",
         .error("Unsupported operation error. Received: timestamp + int. Expected: \(plusExpected).")),
        ("duration.value(1, 's') - timestamp.value(0) == timestamp.value(0)",
         .error("Unsupported operation error. Received: duration - timestamp. Expected: \(minusExpected).")),
        ("[1] - [1] == []", .error("Unsupported operation error. Received: list - list. Expected: \(minusExpected).")),
        ("duration.value(1, 's') * 2 == duration.value(2, 's')",
         .error("Unsupported operation error. Received: duration * int. Expected: int * int, float * float.")),
        ("'a' / 1 == 1", .error("Unsupported operation error. Received: string / int. Expected: int / int, float / float.")),
        ("'a' / 'b' == 1", .error("Unsupported operation error. Received: string / string. Expected: int / int, float / float.")),
        ("'a' % 'b' == 1", .error("Unsupported operation error. Received: string % string. Expected: int % int, float % float.")),
        ("true % 2 == 1", .error("Unsupported operation error. Received: bool % int. Expected: int % int, float % float.")),
        ("-'a' == 'a'", .error(nil)),
        ("-true == false", .error(nil)),
        ("-null == null", .error(nil)),
    ]

    static let comparisonsCases: [(String, Expected)] = [
        ("timestamp.value(0) < 1", .error("Unsupported operation error. Received: timestamp < int. Expected: \(orderExpected).")),
        ("b'a' < 'a'", .error("Unsupported operation error. Received: bytes < string. Expected: \(orderExpected).")),
        ("null < null", .error("Unsupported operation error. Received: null < null. Expected: \(orderExpected).")),
        ("true <= false", .error("Unsupported operation error. Received: bool <= bool. Expected: string <= string, bytes <= bytes, int <= int, float <= float, duration <= duration, timestamp <= timestamp, constraint <= any, any <= constraint.")),
        ("{} > {}", .error("Unsupported operation error. Received: map > map. Expected: string > string, bytes > bytes, int > int, float > float, duration > duration, timestamp > timestamp, constraint > any, any > constraint.")),
        ("[1] >= [1]", .error("Unsupported operation error. Received: list >= list. Expected: string >= string, bytes >= bytes, int >= int, float >= float, duration >= duration, timestamp >= timestamp, constraint >= any, any >= constraint.")),
        ("duration.value(1, 's') < timestamp.value(0)", .error(nil)),
        ("(/a) < (/b)", .error(nil)),
        ("'' < 'a' && 'a' <= 'a' && 'b' >= 'a' && 'Z' < 'a'", .true),
        ("b'' < b'\\x00' && b'\\x7f' < b'\\x80'", .true),
        ("duration.value(-1, 's') < duration.value(0, 's') && duration.value(1, 'ms') > duration.value(999, 'ns')", .true),
        ("timestamp.value(-1) < timestamp.value(0)", .true),
        ("float('NaN') < 1 == false && float('NaN') >= 1 == false", .true),
        // Equality never errors across types.
        ("1 == '1' == false", .true),
        ("request.time != resource", .true),
        ("null != 0 && null != '' && null != false && null != [] && null != {}", .true),
        ("b'abc' != 'abc' && 'abc'.toUtf8() == b'abc'", .true),
        ("timestamp.value(1000) == timestamp.value(1000) && timestamp.value(0) != timestamp.value(1)", .true),
        ("duration.value(60, 's') == duration.value(1, 'm') && duration.value(1, 's') != duration.value(1, 'ms')", .true),
        ("duration.value(1, 's') != timestamp.value(1000)", .true),
        ("path('a/b') == /a/b && path('a/b') != path('a/c') && path('a') != 'a'", .true),
        ("path('/a/b') == path('a/b')", .true),
        ("latlng.value(1.0, 2.0) == latlng.value(1.0, 2.0) && latlng.value(1.0, 2.0) != latlng.value(2.0, 1.0)", .true),
        ("{'a': 1, 'b': 2} == {'b': 2, 'a': 1}", .true),
        ("[1, 2] != [2, 1] && [] == [] && [[1]] == [[1]]", .true),
        ("[1] != [1, 1]", .true),
        ("{'a': [1, {'b': 2}]} == {'a': [1, {'b': 2.0}]}", .true),
        ("['a'].toSet() != ['a']", .true),
        ("{}.diff({}) != {}", .true),
        // Sets compare numbers by value at every depth.
        ("[1].toSet() == [1.0].toSet()", .true),
        ("[0.0].toSet() == [-0.0].toSet() && [0.0, -0.0].toSet().size() == 1", .true),
        ("[float('NaN'), float('NaN')].toSet().size() == 1", .true),
        ("float('NaN') in [float('NaN')].toSet()", .true),
        ("[[1]].toSet() == [[1.0]].toSet()", .true),
        ("[{'a': 1}].toSet() == [{'a': 1.0}].toSet()", .true),
        ("['a', 'b', 'a'].toSet() == ['b', 'a'].toSet()", .true),
        ("['a'].toSet() != ['a', 'b'].toSet()", .true),
        ("[1, '1'].toSet().size() == 2", .true),
        // Map diffs use the same numeric identity.
        ("{'a': 1}.diff({'a': 1.0}).unchangedKeys() == ['a'].toSet()", .true),
        ("{'a': 0.0}.diff({'a': -0.0}).changedKeys().size() == 0", .true),
        ("{'a': float('NaN')}.diff({'a': float('NaN')}).unchangedKeys().size() == 1", .true),
        ("{'a': [1]}.diff({'a': [1.0]}).changedKeys().size() == 0", .true),
        ("{'a': '1'}.diff({'a': 1}).changedKeys() == ['a'].toSet()", .true),
    ]

    static let booleansCases: [(String, Expected)] = [
        ("'a' && true", .error(nil)),
        ("true && 'a'", .error(nil)),
        ("false && 'a'", .false),
        ("null || false", .error(nil)),
        ("true || null", .true),
        ("!null", .error(nil)),
        ("null ? true : true", .error(nil)),
        ("(true ? 'x' : 1 / 0) == 'x'", .true),
        ("(1 / 0 == 0) ? true : true", .error("Divide by zero error.")),
        ("true && true && true && (1 == 1)", .true),
        ("false || false || (1 / 0 == 0) || true", .true),
    ]

    @Test(arguments: precedenceCases)
    func precedence(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: arithmeticCases)
    func arithmetic(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: comparisonsCases)
    func comparisons(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: booleansCases)
    func booleans(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }
}
