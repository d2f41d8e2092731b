import RulesEngine
import Testing

/// Spec §6.1: pure expression facts, each evaluated as an allow condition.
struct GoldenExpressionTests {
    static let facts: [(Int, String, Expected)] = [
        (1, "'ABC'.lower() == 'abc'", .true),
        (2, "'abc123'.upper() == 'ABC123'", .true),
        (3, "'user@domain.com'.matches('.*@domain[.]com')", .true),
        (4, "'banana'.matches('.*@domain[.]com')", .false),
        (5, "'hello world'.matches('world')", .false),
        (6, "'abc123!'.matches('[a-z]+[0-9]+')", .false),
        (7, "'banana'.replace(\"a\", \"o\") == 'bonono'", .true),
        (8, "'banana'.replace(\"ana\", \"ee\") == 'beena'", .true),
        (9, "'foo@test.com'.replace(\".\", \"-\") == '------------'", .true),
        (10, "'ab'.replace('(a)', '$1$1') == 'aab'", .true),
        (11, "'a/b/c'.split('/') == ['a', 'b', 'c']", .true),
        (12, "' a '.trim() == 'a'", .true),
        (13, "'abc'.size() == 3", .true),
        (14, "'\\ud83d\\ude00'.size() == 2", .true),
        (15, "'\\x411' == 'A1'", .true),
        (16, "'**'.toUtf8() == b'\\x2A\\x2A'", .true),
        (17, "'€'.toUtf8() == b'\\xE2\\x82\\xAC'", .true),
        (18, "'abcdef'[1:4] == 'bcd'", .true),
        (19, "'abc'.replace('(', 'x') == 'abc'", .error("Invalid regular expression pattern. Pattern: (.")),
        (20, "string(true) == \"true\" && string(1) == \"1\" && string(2.0) == \"2.0\" && string(null) == \"null\"", .true),
        (21, "string(float('1e7')) == '1.0E7'", .true),
        (22, "int(\"2\") == 2 && int(2.0) == 2", .true),
        (23, "int(-2.9) == -2", .true),
        (24, "int('1e3') != 0", .error("Type conversion error. Argument: [1e3], From type: [string], To type: [int].")),
        (25, "float(\"2.2\") == 2.2 && float(2) == 2.0", .true),
        (26, "float('0x1p3') == 8.0", .true),
        (27, "bool(\"true\") == true", .error("Function not found error: Name: [bool].")),
        (28, "10 / 4 == 2", .true),
        (29, "-7 / 2 == -3", .true),
        (30, "-7 % 2 == -1", .true),
        (31, "10 / 4.0 == 2.5", .true),
        (32, "10 / 0 == 0", .error("Divide by zero error.")),
        (33, "1 != '1'", .true),
        (34, "!(1 < 'a')", .error(nil)),
        (35, "false < ('a.txt' == 'a.txt')", .error(nil)),
        (36, "[1] + [2] == [1, 2]", .error(
            "Unsupported operation error. Received: list + list. Expected: int + int, float + float, string + string, duration + duration, duration + timestamp, timestamp + duration.")),
        (37, "([1] + [2] == [1, 2]) || true", .true),
        (38, "'a' + 1 != 'x'", .error(nil)),
        (39, "!((1 / 0 == 0) && false)", .true),
        (40, "((1 / 0 == 0) && true) || false", .error("Divide by zero error.")),
        (41, "(1 / 0 == 0) ? true : true", .error("Divide by zero error.")),
        (42, "1 && true", .error(nil)),
        (43, "math.abs(-1) == 1", .true),
        (44, "math.ceil(2.1) == 3 && math.floor(2.7) == 2", .true),
        (45, "math.ceil(1.5) is float", .true),
        (46, "math.round(2.5) == 3 && math.round(-2.5) == -2", .true),
        (47, "math.round(2.4) == 2", .true),
        (48, "math.pow(1.5, 2) == 2.25 && math.pow(4, 0.5) == 2", .true),
        (49, "math.sqrt(2.25) == 1.5", .true),
        (50, "math.isNaN(math.sqrt(-1))", .true),
        (51, "math.isInfinite(1.0) == false", .error("Function not found error: Name: [math.isInfinite].")),
        (52, "['a','b'].hasOnly(['a','c'])", .false),
        (53, "['a','a','b'].hasOnly(['a','b','b','c'])", .true),
        (54, "[1, 2].removeAll([1]).size() == 1", .true),
        (55, "['a','b'].join(',') == 'a,b'", .true),
        (56, "['a','b'][0:0] == []", .error("Index out of bound error. Index: [-1] , size: [2].")),
        (57, "'a-b-c.png'.split('-')[0:9].size() >= 0", .error(nil)),
        (58, "'a' in ['a','b']", .true),
        (59, "['a','b'].toSet().difference(['a','c'].toSet()) == ['b'].toSet()", .true),
        (60, "['a','b'].toSet().union(['a','c'].toSet()) == ['a','b','c'].toSet()", .true),
        (61, "['a','b'].toSet().intersection(['a','c'].toSet()) == ['a'].toSet()", .true),
        (62, "['a','b'].toSet().hasAll(['a','c'])", .false),
        (63, "['a','b'].toSet().difference(['a']).size() == 1", .error(
            "Unsupported operation error. Received: set.difference(list). Expected: set.difference(set).")),
        (64, "['a','b'].difference(['a'].toSet()).size() == 1", .error("Function not found error: Name: [difference].")),
        (65, "[1, 1.0].toSet().size() == 1", .true),
        (66, "{\"a\": 3,\"b\": 2}.get(\"c\", 7) == 7", .true),
        (67, "{\"a\": {\"b\": 1},\"c\": 2}.get([\"a\", \"b\"], 7) == 1", .true),
        (68, "'a' in {'a': 1, 'b': 2} && !('toString' in {'a': 1})", .true),
        (69, "({\"a\":0, \"c\":0, \"u\":0}).diff({\"r\":0, \"c\":1, \"u\": 0}).affectedKeys() == [\"a\", \"r\", \"c\"].toSet()", .true),
        (70, "{\"a\": 0}.diff({\"a\":0}).unchangedKeys() == [\"a\"].toSet()", .true),
        (71, "b'\\xFF\\xFF'.size() == 2 && b'a'.size() == 1", .true),
        (72, "b'\\xFB\\xEF\\xBE'.toBase64() == '----'", .true),
        (73, "'hi'.toUtf8().toBase64() == 'aGk='", .true),
        (74, "b'\\x2A'.toHexString() == '2A' && b'**'.toHexString() == '2A2A'", .true),
        (75, "b'abc' == 'abc'", .false),
        (76, "b'abc'[0] == 97", .error("Function not found error: Name: [[]].")),
        (77, "hashing.md5('').toHexString() == 'D41D8CD98F00B204E9800998ECF8427E'", .true),
        (78, "hashing.crc32('123456789').toHexString() == '2639F4CB'", .true),
        (79, "hashing.crc32c('123456789').toHexString() == '839206E3'", .true),
        (80, "hashing.md5(1024) != b''", .error(
            "Unsupported operation error. Received: hashing.md5(int). Expected: hashing.md5(bytes), hashing.md5(string).")),
        (81, "duration.value(1, 'h') == duration.value(60, 'm') && duration.value(60, 'm') == duration.value(3600, 's')", .true),
        (82, "duration.abs(duration.value(-10, 's')) == duration.value(10, 's')", .true),
        (83, "duration.value(1500, 'ms').seconds() == 1 && duration.value(1500, 'ms').nanos() == 500000000", .true),
        (84, "duration.value(1, 'y') != null", .error(nil)),
        (85, "timestamp.value(0) + duration.value(60, 's') == timestamp.value(60000)", .true),
        (86, "timestamp.value(60000) - timestamp.value(0) == duration.value(60, 's')", .true),
        (87, "timestamp.date(2020, 1, 1).year() == 2020 && timestamp.value(0).toMillis() == 0", .true),
        (88, "timestamp.value(-1500).seconds() == 58 && timestamp.value(-1500).year() == 1969", .true),
        (89, "path('users/{uid}').bind({'uid': 'alice'}) == path('users/alice')", .true),
        (90, "path('users/alice')[1] == 'alice'", .true),
        (91, "string(path('a/b')) == '/a/b'", .true),
        (92, "latlng.value(-100.0, -122.08) != null", .error(
            "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: -100.0, longitude: -122.08.")),
        (93, "1.0 is float && 1 is int && !(1 is float)", .true),
    ]

    @Test(arguments: facts)
    func fact(_ number: Int, _ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, "§6.1 #\(number): \(expression)")
    }

    /// #80 as written in the spec: `resource.size` is an int.
    @Test func hashingAnIntFails() {
        let existing: Value = ["size": 10, "name": "x/y"]
        Engine.expect(
            Engine.outcome(of: "hashing.md5(resource.size) != b''", existing: existing),
            .error("Unsupported operation error. Received: hashing.md5(int). Expected: hashing.md5(bytes), hashing.md5(string)."),
            "#80")
    }
}
