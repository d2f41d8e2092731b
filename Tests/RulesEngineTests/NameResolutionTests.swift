import RulesEngine
import RulesSyntax
import Testing

/// The unknown-name and unused-declaration warnings of the checker: which
/// ones, in which order, at which place.
struct NameResolutionTests {
    /// Every name-resolution warning of `text`, in the order compiling
    /// reports them (by place), as `line:column message`.
    static func warnings(_ text: String) -> [String] {
        let source = SourceFile(path: "names.rules", text: text)
        let names: Set<String> = ["check.invalid-variable", "check.invalid-function", "check.unused-variable", "check.unused-function"]
        return CompiledRuleset.compile(source).diagnostics.filter { names.contains($0.id) }.map { diagnostic in
            let location = source.location(of: diagnostic.range.start)
            return "\(location.line):\(location.column) \(diagnostic.message)"
        }
    }

    /// A function no rule reaches cannot see `request` or `resource`,
    /// unless a parameter or `let` of its own has that name; a wildcard
    /// named `request` does not help it. Rules and the functions they
    /// reach, directly or through other functions, see both.
    @Test func globalsInUnreachableFunctions() {
        let text = """
            rules_version = '2';
            function fileLevel() { return request.auth != null && resource.size > 0 && serviceFn(); }
            function fileUnused(request) { return request.x == 1 && resource == null; }
            service firebase.storage {
              function serviceFn() { return true; }
              function unreachable() { let a = request.time; let b = 2; return resource.size > 0 && nope(); }
              function paramShadow(request, math) { let resource = 1; return request == 1 && resource == 1 && math.abs(2) == 2; }
              function chainA() { return chainB(request); }
              function chainB(x) { return x != null && request.auth != null && undefinedName; }
              match /b/{bucket}/o {
                function blockFn(x) { let y = x; return y == bucket && request.auth.uid == x; }
                match /{request}/{file=**} {
                  function inner() { return request == 'a' && file.size() > 0; }
                  function innerUnused() { return request == 'a' && resource != null && debug(1) == 1; }
                  allow read: if inner() && blockFn(file) && fileLevel();
                  allow write: if chainA() && foo.bar() && x.lowr() && hashing.nothing(1) && timestamp.date(2020, 1, 1) != null;
                }
                match /other/{id} {
                  function blockFn(x) { return x == id; }
                  allow get: if blockFn(id) && debug(1) && unknownVar && request.auth != null;
                  allow list: if id.matches('a') && math.floor(1.5) == 1 && (1 + missing[2]).size() > 0;
                }
              }
            }
            """
        #expect(Self.warnings(text) == [
            "2:76 Invalid function name: serviceFn.",
            "3:10 Unused function: fileUnused.",
            "3:57 Invalid variable name: resource.",
            "5:12 Unused function: serviceFn.",
            "6:12 Unused function: unreachable.",
            "6:32 Unused variable: a.",
            "6:36 Invalid variable name: request.",
            "6:54 Unused variable: b.",
            "6:68 Invalid variable name: resource.",
            "6:89 Invalid function name: nope.",
            "7:12 Unused function: paramShadow.",
            "7:104 Invalid function name: abs.",
            "9:68 Invalid variable name: undefinedName.",
            "14:16 Unused function: innerUnused.",
            "14:39 Invalid variable name: request.",
            "14:57 Invalid variable name: resource.",
            "14:77 Invalid function name: debug.",
            "16:35 Invalid variable name: foo.",
            "16:39 Invalid function name: bar.",
            "16:48 Invalid variable name: x.",
            "16:50 Invalid function name: lowr.",
            "16:68 Invalid function name: hashing.nothing.",
            "20:36 Invalid function name: debug.",
            "20:48 Invalid variable name: unknownVar.",
            "21:70 Invalid variable name: missing.",
        ])
    }

    /// A `let` is visible only after its own binding; one nothing reads
    /// is reported.
    @Test func letsAndOrder() {
        let text = """
            service firebase.storage {
              function helper() { let unusedLet = 1; let used = 2; return used == 2 && unusedLet2 == 1; }
              function selfRef() { let q = q; return q; }
              function letOrder() { let a = b; let b = 1; return a == b; }
              match /b/{bucket}/o/{f} {
                allow get: if helper() && nope() && math.isInfinite(1.0) && missing == 1 && f.lowr() == 'a';
              }
            }
            """
        #expect(Self.warnings(text) == [
            "2:27 Unused variable: unusedLet.",
            "2:76 Invalid variable name: unusedLet2.",
            "3:12 Unused function: selfRef.",
            "3:32 Invalid variable name: q.",
            "4:12 Unused function: letOrder.",
            "4:33 Invalid variable name: b.",
            "6:31 Invalid function name: nope.",
            "6:46 Invalid function name: math.isInfinite.",
            "6:65 Invalid variable name: missing.",
            "6:83 Invalid function name: lowr.",
        ])
    }
}
