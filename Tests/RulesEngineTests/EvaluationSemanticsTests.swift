import RulesEngine
import Testing

/// Error absorption, strict booleans, equality and ordering, access and
/// slicing, lets and calls (spec §2.4–§2.8).
struct EvaluationSemanticsTests {
    static let cases: [(String, Expected)] = [
        // && and || absorb errors in both directions.
        ("(1 / 0 == 0) && true", .error("Divide by zero error.")),
        ("true && (1 / 0 == 0)", .error("Divide by zero error.")),
        ("(1 / 0 == 0) && false", .false),
        ("false && (1 / 0 == 0)", .false),
        ("(1 / 0 == 0) || true", .true),
        ("true || (1 / 0 == 0)", .true),
        ("(1 / 0 == 0) || false", .error("Divide by zero error.")),
        ("false || (1 / 0 == 0)", .error("Divide by zero error.")),
        ("!(1 / 0 == 0)", .error("Divide by zero error.")),
        // Operands must be booleans.
        ("1 || true", .true),
        ("1 || false", .error("Type error. Received: [int] Expected: [bool]")),
        ("!1", .error("Type error. Received: [int] Expected: [bool]")),
        ("1 ? true : false", .error("Type error. Received: [int] Expected: [bool]")),
        ("true ? true : (1 / 0 == 0)", .true),
        ("false ? (1 / 0 == 0) : true", .true),
        ("(true ? 1 : 2) == 1", .true),
        ("(false ? 1 : true ? 2 : 3) == 2", .true),
        ("false ? 1 : true ? 2 == 2 : 3", .true),
        // Equality across types is false, never an error.
        ("1 == 1.0", .true),
        ("null == null", .true),
        ("null != 1", .true),
        ("'1' != 1", .true),
        ("[1, 'a'] == [1, 'a']", .true),
        ("{'a': 1} == {'a': 1.0}", .true),
        ("{'a': 1} != {'a': 1, 'b': 2}", .true),
        ("float('NaN') != float('NaN')", .true),
        ("['a','b'].toSet() == ['b','a'].toSet()", .true),
        // Ordering only within comparable types.
        ("'a' < 'b' && 'B' < 'a' && 'ab' > 'a'", .true),
        ("b'\\x00' < b'\\xff' && b'abc' > b'ab'", .true),
        ("1 < 1.5 && 2.0 >= 2", .true),
        ("duration.value(1, 's') < duration.value(2, 's')", .true),
        ("timestamp.value(0) < timestamp.value(1)", .true),
        ("1 < 'a'", .error("Unsupported operation error. Received: int < string. Expected: string < string, bytes < bytes, int < int, float < float, duration < duration, timestamp < timestamp, constraint < any, any < constraint.")),
        ("true <= false", .error(nil)),
        ("[1] < [2]", .error(nil)),
        ("timestamp.value(0) < 1", .error(nil)),
        ("null < 1", .error(nil)),
        // Arithmetic.
        ("-9223372036854775808 < 0", .true),
        ("9223372036854775807 + 1 == -9223372036854775808", .true),
        ("10 % 3 == 1 && -7 % 2 == -1 && 7.5 % 2 == 1.5", .true),
        ("'a' + 'b' == 'ab'", .true),
        ("10 % 0 == 0", .error("Divide by zero error.")),
        ("'a' * 2 == 'aa'", .error("Unsupported operation error. Received: string * int. Expected: int * int, float * float.")),
        ("'a' - 'a' == ''", .error("Unsupported operation error. Received: string - string. Expected: int - int, float - float, duration - duration, timestamp - duration, timestamp - timestamp.")),
        ("-duration.value(1, 's') == duration.value(-1, 's')", .true),
        // Membership.
        ("'a' in ['a', 'b'] && !('c' in ['a'])", .true),
        ("1 in [1.0]", .true),
        ("'a' in ['a'].toSet()", .true),
        ("1 in {'a': 1}", .error("Unsupported operation error. Received: map.in(int). Expected: map.in(string).")),
        ("'a' in 'abc'", .error("Function not found error: Name: [in].")),
        // Access.
        ("{'a': 1}.b == 1", .error("Property b is undefined on object.")),
        ("{'a': 1}['b'] == 1", .error("Property b is undefined on object.")),
        ("{'a': {'b': 2}}.a.b == 2", .true),
        ("[1, 2][2] == 1", .error("Index out of bound error. Index: [2] , size: [2].")),
        ("[1, 2][-1] == 1", .error("Index out of bound error. Index: [-1] , size: [2].")),
        ("[1, 2]['a'] == 1", .error("Unsupported operation error. Received: list[string]. Expected: list[int].")),
        ("'abc'[1] == 'b'", .true),
        ("'abc'[1:] == 'bc' && 'abc'[:2] == 'ab' && 'abc'[3:3] == ''", .true),
        ("[1, 2, 3, 4][2:2] == []", .true),
        ("[1, 2, 3, 4][1:99] == []", .error("Index out of bound error. Index: [98] , size: [4].")),
        ("request.auth.uid == 'x'", .error("Null value error.")),
        ("request.method == 'get'", .true),
        ("request.resource == null && resource == null", .true),
        ("request.params == {}", .true),
        ("unknownName == 1", .error("Null value error.")),
        ("undefinedFunction(1)", .error("Function not found error: Name: [undefinedFunction].")),
        ("(1).lower() == '1'", .error("Function not found error: Name: [lower].")),
        ("debug(1) == 1", .error("Function not found error: Name: [debug].")),
        ("'x' is string && 1 is number && 1.5 is number && !('1' is number)", .true),
        ("[1].toSet() is set && {}.diff({}) is map_diff && b'' is bytes", .true),
        ("request.path is path && request.time is timestamp", .true),
        ("/a/b == path('a/b')", .true),
        ("(/a/$('b c')/d)[1] == 'b c'", .true),
    ]

    @Test(arguments: cases)
    func expression(_ expression: String, _ expected: Expected) {
        Engine.expect(Engine.outcome(of: expression), expected, expression)
    }

    @Test func expressionBudgetStopsLongEvaluations() {
        // Each `path` read is one evaluated expression.
        let reads = "[" + Array(repeating: "path", count: 1_000).joined(separator: ", ") + "].size() > 0"
        Engine.expect(
            Engine.outcome(of: reads), .error("Unable to evaluate the expression as the maximum of 1000 expressions to evaluate has been reached."),
            "budget")
        let fewer = "[" + Array(repeating: "path", count: 900).joined(separator: ", ") + "].size() > 0"
        Engine.expect(Engine.outcome(of: fewer), .true, "within budget")
        // Literals are constants: a long allow-list costs one expression.
        let allowList = "'u4999' in [" + (0..<5_000).map { "'u\($0)'" }.joined(separator: ", ") + "]"
        Engine.expect(Engine.outcome(of: allowList), .true, "literal allow-list")
    }

    @Test func letsAreLazyAndCallsCheckArity() {
        let rules = """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                function lazy() { let broken = 1 / 0; return true; }
                function strict() { let broken = 1 / 0; return broken == 0; }
                function isOne(n) { return n == 1; }
                match /{folder}/{file} {
                  function seesCapture() { return folder == 'f'; }
                  function inner() { return file == 'x' && seesCapture(); }
                  allow get: if lazy() && inner();
                  allow list: if strict();
                  allow delete: if isOne(1, 2);
                  allow update: if isOne(1);
                }
              }
            }
            """
        #expect(Engine.decide(rules, .get, "f/x")?.allowed == true)
        let list = Engine.decide(rules, .list, "f/x")
        Engine.expect(list?.allows.first?.outcome, .error("Divide by zero error."), "strict let")
        let delete = Engine.decide(rules, .delete, "f/x")
        Engine.expect(delete?.allows.first?.outcome, .error("Incorrect number of arguments. Received: 2. Expected: isOne(n)."), "arity")
        #expect(Engine.decide(rules, .update, "f/x")?.allowed == true)
    }

    @Test func aLetSeesOnlyTheBindingsBeforeIt() {
        let rules = """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /x/{f} {
                  function parameterFirst(n) { let m = n; let n = 5; return m == 1 && n == 5; }
                  function forward() { let b = a; let a = 1; return b == 1; }
                  function captureFirst() { let b = f; let f = 'z'; return b == 'f' && f == 'z'; }
                  function rebound() { let x = 1; let x = x + 1; return x == 2; }
                  allow get: if parameterFirst(1);
                  allow delete: if forward();
                  allow update: if captureFirst();
                  allow create: if rebound();
                }
              }
            }
            """
        #expect(Engine.decide(rules, .get, "x/f")?.allowed == true)
        Engine.expect(Engine.decide(rules, .delete, "x/f")?.allows.first?.outcome, .error("Null value error."), "forward")
        #expect(Engine.decide(rules, .update, "x/f")?.allowed == true)
        #expect(Engine.decide(rules, .create, "x/f")?.allowed == true)
    }

    @Test func serviceFunctionsCannotSeeDeeperCaptures() {
        let rules = """
            rules_version = '2';
            service firebase.storage {
              function usesCapture() { return folder == 'f'; }
              match /b/{bucket}/o/{folder}/{file} {
                allow get: if usesCapture();
              }
            }
            """
        let decision = Engine.decide(rules, .get, "f/x")
        Engine.expect(decision?.allows.first?.outcome, .error("Null value error."), "capture out of scope")
    }

    @Test func traceRecordsEverySubExpression() {
        let rules = Engine.storageRules("match /f/{name} { allow create: if request.resource.size < 5 * 1024 * 1024; }")
        let incoming: Value = ["size": 6_291_456]
        let decision = Engine.decide(rules, .create, "f/a", incoming: incoming)
        let trace = decision?.allows.first?.trace ?? []
        let source = CompiledRuleset.compile(rules).source
        let sizeEntry = trace.first { source.text(in: $0.range) == "request.resource.size" }
        guard case .value(.int(6_291_456))? = sizeEntry?.outcome else {
            Issue.record("no trace entry for request.resource.size: \(trace)")
            return
        }
        let comparison = trace.last
        #expect(comparison.map { source.text(in: $0.range) } == "request.resource.size < 5 * 1024 * 1024")
        guard case .value(.bool(false))? = comparison?.outcome else {
            Issue.record("comparison should be false")
            return
        }
    }

    @Test func decisionListsMatchesAndStopsAtTheFirstGrant() {
        let rules = Engine.storageRules("""
            match /a/{x} { allow get: if false; allow get: if x == 'one'; allow get: if 1 / 0 == 0; }
            match /{any=**} { allow get: if true; }
            """)
        let decision = Engine.decide(rules, .get, "a/one")
        #expect(decision?.allowed == true)
        #expect(decision?.matches.map(\.pattern) == ["/b/{bucket}/o/a/{x}", "/b/{bucket}/o/{any=**}"])
        #expect(decision?.allows.count == 2)
        #expect(decision?.grantingAllow?.pattern == "/b/{bucket}/o/a/{x}")
    }

    @Test func requestFieldsAreBoundAsGiven() {
        // The engine binds what the caller supplies; the bucket supplies no
        // request.resource for get, list and delete.
        let given: Value = ["size": 5]
        Engine.expect(Engine.outcome(of: "request.resource.size == 5", method: .list, incoming: given), .true, "list")
        Engine.expect(Engine.outcome(of: "request.resource == null", method: .list), .true, "list without")
    }

    @Test func emulatorModeHasDebug() {
        let rules = Engine.storageRules("match /{f} { allow get: if debug(1) == 1 && debug(f) == 'f'; }")
        let compiled = CompiledRuleset.compile(rules, options: .emulator).ruleset
        let decision = compiled?.authorize(AuthorizationRequest(method: .get, bucket: "B", objectPath: "f", time: Engine.time))
        #expect(decision?.allowed == true)
        #expect(decision?.debugOutput.map(\.rulesDescription) == ["1", "'f'"])
    }
}
