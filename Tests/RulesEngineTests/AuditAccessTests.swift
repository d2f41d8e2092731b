import RulesEngine
import Testing

/// Audit of member, index, slice and `in` on every type (§2.5, §3.5–§3.11),
/// path literals (§1.2) and UTF-16 indexing.
struct AuditAccessTests {
    static let membershipCases: [(String, Expected)] = [
        ("'a' in null", .error("Null value error.")),
        ("'a' in resource", .error("Null value error.")),
        ("null in [null] && !(null in [1])", .true),
        ("[1] in [[1]] && {'a': 1} in [{'a': 1}]", .true),
        ("b'abc' in [b'abc'] && !(b'abc' in ['abc'])", .true),
        ("timestamp.value(0) in [timestamp.value(0)]", .true),
        ("'a' in {'a': null}", .true),
        ("!('A' in {'a': 1})", .true),
        ("!('' in [])", .true),
        ("!(1 in [].toSet())", .true),
        ("1.0 in [1].toSet() && 1 in [1.0]", .true),
        ("'ab' in 'xaby'", .error("Function not found error: Name: [in].")),
        ("'a' in {}.diff({})", .error(nil)),
        ("'a' in path('a/b')", .error(nil)),
        ("1 in 1", .error(nil)),
        ("b'a' in b'abc'", .error(nil)),
        ("null in {'a': 1}", .error("Unsupported operation error. Received: map.in(null). Expected: map.in(string).")),
        ("['a'] in {'a': 1}", .error("Unsupported operation error. Received: map.in(list). Expected: map.in(string).")),
    ]

    static let accessCases: [(String, Expected)] = [
        // null
        ("null.a == 1", .error("Null value error.")),
        ("null[0] == 1", .error("Null value error.")),
        ("null['a'] == 1", .error("Null value error.")),
        ("null[0:1] == 1", .error("Null value error.")),
        ("resource.name == 'x'", .error("Null value error.")),
        ("request.resource.size > 0", .error("Null value error.")),
        ("request.auth.token.email == 'x'", .error("Null value error.")),
        ("null.size() == 0", .error(nil)),
        // maps
        ("{'a': 1}['a'] == 1 && {'a b': 2}['a b'] == 2", .true),
        ("{'a': {'b': {'c': 3}}}['a'].b['c'] == 3", .true),
        ("{'a': null}.a == null", .true),
        ("{'a': 1}.a.b == 1", .error(nil)),
        ("{'a': 1}[1] == 1", .error("Unsupported operation error. Received: map[int]. Expected: map[string].")),
        ("{}.missing == null", .error("Property missing is undefined on object.")),
        ("!({}.missing == null)", .error("Property missing is undefined on object.")),
        // lists
        ("[1, 2, 3][0] == 1 && [1, 2, 3][2] == 3", .true),
        ("[][0] == 1", .error("Index out of bound error. Index: [0] , size: [0].")),
        ("[1][1.0] == 1", .error("Unsupported operation error. Received: list[float]. Expected: list[int].")),
        ("[[1, 2]][0][1] == 2", .true),
        // strings (UTF-16 code units)
        ("'abc'[0] == 'a' && 'abc'[2] == 'c'", .true),
        ("'abc'[3] == 'c'", .error("Index out of bound error. Index: [3] , size: [3].")),
        ("'abc'[-1] == 'c'", .error("Index out of bound error. Index: [-1] , size: [3].")),
        ("'abc'['a'] == 'a'", .error("Unsupported operation error. Received: string[string]. Expected: string[int].")),
        ("'a😀b'.size() == 4 && 'a😀b'[3] == 'b'", .true),
        ("'a😀b'[1:3] == '😀' && 'a😀b'[1:3].size() == 2", .true),
        ("'\\ud83d\\ude00' == '😀' && '😀'.toUtf8().size() == 4", .true),
        ("'é'.size() == 1 && 'e\\u0301'.size() == 2", .true),
        ("'日本語'[1] == '本'", .true),
        // bytes have no index
        ("b'abc'[0] == 97", .error("Function not found error: Name: [[]].")),
        // paths
        ("(/a/b)[0] == 'a' && (/a/b)[1] == 'b'", .true),
        ("path('a/b')[2] == 'x'", .error("Index out of bound error. Index: [2] , size: [2].")),
        ("request.path[0] == 'b' && request.path[1] == 'B' && request.path[2] == 'o' && request.path[3] == 'x' && request.path[4] == 'y'", .true),
    ]

    static let slicesCases: [(String, Expected)] = [
        // strings
        ("'abc'[0:3] == 'abc' && 'abc'[:3] == 'abc' && 'abc'[0:] == 'abc'", .true),
        ("'abc'[1:2] == 'b' && 'abc'[2:] == 'c' && 'abc'[:1] == 'a'", .true),
        ("'abc'[1:1] == '' && 'abc'[3:3] == ''", .true),
        ("'abc'[1:4] == 'bc'", .error("Index out of bound error. Index: [3] , size: [3].")),
        ("'abc'[0:9] == 'abc'", .error(nil)),
        ("'abc'[-1:2] == 'ab'", .error(nil)),
        ("'abc'[2:1] == ''", .error(nil)),
        ("'abc'['a':] == ''", .error(nil)),
        // lists
        ("[1, 2, 3][0:3] == [1, 2, 3] && [1, 2, 3][:3] == [1, 2, 3] && [1, 2, 3][0:] == [1, 2, 3]", .true),
        ("[1, 2, 3][1:] == [2, 3] && [1, 2, 3][:2] == [1, 2] && [1, 2, 3][1:2] == [2]", .true),
        ("[1, 2, 3, 4][4:4] == []", .true),
        ("[1, 2, 3][:0] == []", .error("Index out of bound error. Index: [-1] , size: [3].")),
        ("['a', 'b'][0:0] == []", .error("Index out of bound error. Index: [-1] , size: [2].")),
        ("[1, 2, 3, 4][0:5] == []", .error("Index out of bound error. Index: [4] , size: [4].")),
        ("[][0:] == []", .error(nil)),
        ("[1, 2, 3][-1:2] == [1, 2]", .error(nil)),
        ("[1, 2, 3][2:1] == []", .error(nil)),
        ("[1, 2, 3][0:1.0] == [1]", .error(nil)),
        // other receivers
        ("b'abc'[0:1] == b'a'", .error(nil)),
        ("{'a': 1}[0:1] == {}", .error(nil)),
        ("(/a/b)[0:1] == /a", .error(nil)),
    ]

    static let pathsCases: [(String, Expected)] = [
        ("/databases/(default)/documents/x == path('databases/(default)/documents/x')", .true),
        ("string(/databases/(default)/documents/x) == '/databases/(default)/documents/x'", .true),
        ("/a/b-c.d_e == path('a/b-c.d_e')", .true),
        ("/a/$('x')/c == path('a/x/c')", .true),
        ("/a/$('x' + 'y') == path('a/xy')", .true),
        ("/b/$(request.path[1])/o == path('b/B/o')", .true),
        ("(/a/{x}).bind({'x': 'y'}) == /a/y", .true),
        ("path('a/{x}/{y}').bind({'x': '1', 'y': '2'}) == path('a/1/2')", .true),
        ("/a/b is path && !(/a/b is string) && path('a') is path", .true),
        ("string(path('a')) == '/a'", .true),
        ("path(path('a')) == path('a')", .error("Unsupported operation error. Received: path(path). Expected: path(string).")),
        ("request.path == /b/B/o/x/y", .true),
        ("request.path == /b/$(bucket)/o/x/y", .true),
    ]

    static let collectionCases: [(String, Expected)] = [
        // map.get with a list of keys walks nested maps.
        ("{'a': {'b': {'c': 3}}}.get(['a', 'b', 'c'], 0) == 3", .true),
        ("{'a': {'b': 1}}.get(['a', 'c'], 7) == 7", .true),
        ("{'a': 1}.get(['a', 'b'], 7) == 7", .true),
        ("{'a': {'b': 1}}.get(['a'], 0) == {'b': 1}", .true),
        ("{'a': null}.get('a', 1) == null", .true),
        ("{'a': 1}.get('b', null) == null", .true),
        ("{'a': 1}.get(1, 0) == 0", .error(nil)),
        // keys() and values() are lists.
        ("{'a': 1}.keys() is list && {'a': 1}.values() == [1]", .true),
        ("{'b': 1, 'a': 2}.values() == [2, 1]", .true),
        ("{'a': 1}.keys().difference(['a'].toSet()).size() == 0", .error("Function not found error: Name: [difference].")),
        ("{'a': 1}.keys().toSet().difference(['a'].toSet()).size() == 0", .true),
        ("{'a': 1, 'b': 2}.size() == 2 && {}.size() == 0", .true),
        // Sets accept lists for hasAll/hasAny/hasOnly.
        ("['a', 'b'].toSet().hasOnly(['a', 'b', 'c']) && !['a', 'b'].toSet().hasOnly(['a'])", .true),
        ("['a', 'b'].toSet().hasAny(['c', 'b']) && !['a'].toSet().hasAny([])", .true),
        ("['a', 'b'].toSet().hasAll(['a'].toSet()) && ['a'].toSet().hasAll([])", .true),
        ("[1, 2].toSet().hasAll([1.0])", .true),
        ("['a'].toSet().size() == 1 && [].toSet().size() == 0", .true),
        // Lists.
        ("[].hasAll([]) && !([].hasAny(['a'])) && [].hasOnly(['a'])", .true),
        ("['a', 'b'].hasAny(['b']) && !['a'].hasAny(['b'])", .true),
        ("[1, 2, 2].removeAll([2, 3]) == [1] && [1].removeAll([]) == [1]", .true),
        ("[1, 2].concat([]) == [1, 2] && [].concat([1]) == [1]", .true),
        ("['a', 'b'].union(['c'].toSet()).size() == 3", .error("Function not found error: Name: [union].")),
        ("[1, 2].toSet() == [2, 1, 2].toSet()", .true),
        // Map diffs.
        ("{'a': 1, 'b': 2}.diff({'b': 3, 'c': 4}).addedKeys() == ['a'].toSet()", .true),
        ("{'a': 1, 'b': 2}.diff({'b': 3, 'c': 4}).removedKeys() == ['c'].toSet()", .true),
        ("{'a': 1, 'b': 2}.diff({'b': 3, 'c': 4}).changedKeys() == ['b'].toSet()", .true),
        ("{'a': 1, 'b': 2}.diff({'b': 3, 'c': 4}).affectedKeys() == ['a', 'b', 'c'].toSet()", .true),
        ("{'a': 1, 'b': 2}.diff({'b': 3, 'c': 4}).unchangedKeys().size() == 0", .true),
        ("{'a': {'x': 1}}.diff({'a': {'x': 1}}).unchangedKeys() == ['a'].toSet()", .true),
        ("{'a': null}.diff({}).addedKeys() == ['a'].toSet()", .true),
    ]

    @Test(arguments: collectionCases)
    func collections(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: membershipCases)
    func membership(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: accessCases)
    func access(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: slicesCases)
    func slices(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test(arguments: pathsCases)
    func paths(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }
}
