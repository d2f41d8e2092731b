import RulesSyntax

/// The compiler's diagnostics as catalogue entries: the checker finds them,
/// these entries give them a category, documentation and examples.
enum CompilerChecks {
    static let all: [LintCheck] = [
        LintCheck(
            id: "check.invalid-variable", category: .correctness, severity: .warning,
            summary: "a name that is not a variable in scope",
            rationale: """
                A name that is neither `request`, `resource`, a wildcard of an enclosing match, a function \
                parameter nor a `let` binding is an error when the rule runs, so the condition denies. The \
                compiler only warns, which is why such typos reach production.
                """,
            triggering: ["match /users/{userId} {\n  allow read: if request.auth.uid == uid;\n}"],
            nonTriggering: ["match /users/{uid} {\n  allow read: if request.auth.uid == uid;\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.invalid-function", category: .correctness, severity: .warning,
            summary: "a call to a function or method that does not exist",
            rationale: """
                Calling an unknown function is an error at run time (`Function not found error`), so the \
                condition denies every request. Functions must be declared in an enclosing scope or be builtins.
                """,
            triggering: ["match /a/{f} {\n  allow read: if isSignedIn();\n}"],
            nonTriggering: ["function isSignedIn() { return request.auth != null; }\nmatch /a/{f} {\n  allow read: if isSignedIn();\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.unused-function", category: .style, severity: .warning,
            summary: "a function no rule calls",
            rationale: """
                A function that no rule reaches is dead code; it is often a check the author meant to apply \
                and forgot, leaving a rule more open than intended.
                """,
            triggering: ["function isAdmin() { return request.auth.token.admin == true; }\nmatch /a/{f} {\n  allow read: if request.auth != null;\n}"],
            nonTriggering: ["function isAdmin() { return request.auth.token.admin == true; }\nmatch /a/{f} {\n  allow read: if isAdmin();\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.unused-variable", category: .style, severity: .warning,
            summary: "a `let` binding the function never reads",
            rationale: "An unused binding is dead code and often a sign that the returned expression checks the wrong thing.",
            triggering: ["function ok(x) {\n  let limit = 10;\n  return x < 5;\n}\nmatch /a/{f} {\n  allow read: if ok(1);\n}"],
            nonTriggering: ["function ok(x) {\n  let limit = 10;\n  return x < limit;\n}\nmatch /a/{f} {\n  allow read: if ok(1);\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.not-comparable", category: .correctness, severity: .warning,
            summary: "`!=` between values of types that are never equal",
            rationale: "Values of different types are never equal, so such a comparison is always true and guards nothing.",
            triggering: ["match /a/{f} {\n  allow read: if latlng.value(0, 0) != null;\n}"],
            nonTriggering: ["match /a/{f} {\n  allow read: if request.auth != null;\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.invalid-regex", category: .correctness, severity: .warning,
            summary: "a constant regular expression that does not compile",
            rationale: """
                A malformed pattern passed to `matches`, `split` or `replace` is an error each time the rule \
                runs, so every request it guards is denied.
                """,
            triggering: ["match /a/{f} {\n  allow read: if f.matches('image/(png');\n}"],
            nonTriggering: ["match /a/{f} {\n  allow read: if f.matches('image/(png|jpeg)');\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.unsupported-regex", category: .correctness, severity: .error,
            summary: "a regular expression feature that production's RE2 rejects",
            rationale: """
                Production evaluates patterns with RE2, which has no lookaround, backreferences or possessive \
                repetition; a ruleset using them is rejected on deploy.
                """,
            triggering: ["match /a/{f} {\n  allow read: if f.matches('(?!tmp).*');\n}"],
            nonTriggering: ["match /a/{f} {\n  allow read: if !f.matches('tmp.*');\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.glob-not-last", category: .correctness, severity: .error,
            summary: "a recursive wildcard that version 1 forbids",
            rationale: """
                Under `rules_version = '1'` a recursive wildcard `{name=**}` may only be the last segment of a \
                match path; the ruleset does not deploy otherwise.
                """,
            triggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /{rest=**}/thumbs/{f} {\n      allow read: if request.auth != null;\n    }\n  }\n}"],
            nonTriggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /thumbs/{rest=**} {\n      allow read: if request.auth != null;\n    }\n  }\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.multiple-globs", category: .correctness, severity: .error,
            summary: "more than one recursive wildcard in one match path",
            rationale: "A match path may hold one recursive wildcard; a second one is rejected by the compiler.",
            triggering: ["match /{a=**}/x/{b=**} {\n  allow read: if request.auth != null;\n}"],
            nonTriggering: ["match /x/{b=**} {\n  allow read: if request.auth != null;\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.unreachable-match", category: .correctness, severity: .warning,
            summary: "a match that can never apply to a Storage request (Firestore-style paths)",
            rationale: """
                Storage request paths have the form `/b/{bucket}/o/<object>`. A top-level match such as \
                `/databases/{database}/documents` (copied from Firestore rules) never matches, so nothing under \
                it grants anything.
                """,
            triggering: ["service firebase.storage {\n  match /databases/{database}/documents {\n    allow read: if request.auth != null;\n  }\n}"],
            nonTriggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth != null;\n  }\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.call-depth", category: .correctness, severity: .error,
            summary: "a chain of function calls deeper than production's limit of 20",
            rationale: "Production rejects a ruleset whose static call graph holds a chain of more than 21 functions.",
            triggering: [callChain(22)], nonTriggering: [callChain(21)], detector: .compiler),
        LintCheck(
            id: "check.too-many-lets", category: .correctness, severity: .error,
            summary: "a function with more `let` bindings than production accepts",
            rationale: "Production accepts at most 11 `let` bindings per function (its message says 10) and rejects the ruleset otherwise.",
            triggering: [letFunction(12)], nonTriggering: [letFunction(11)], detector: .compiler),
        LintCheck(
            id: "check.too-complex", category: .correctness, severity: .error,
            summary: "an expression nested deeper than production evaluates",
            rationale: "Production rejects expressions nested too deeply (`Expression is too complex to evaluate safely.`).",
            triggering: [nested(98)], nonTriggering: [nested(20)], detector: .compiler),
        LintCheck(
            id: "check.recursion", category: .correctness, severity: .error,
            summary: "functions that call themselves",
            rationale: "Recursive and mutually recursive functions are not allowed; the ruleset does not deploy.",
            triggering: ["function f(x) { return f(x); }\nmatch /a/{p} {\n  allow read: if f(1);\n}"],
            nonTriggering: ["function f(x) { return x > 0; }\nmatch /a/{p} {\n  allow read: if f(1);\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.duplicate-function", category: .correctness, severity: .error,
            summary: "two functions with the same name in one scope",
            rationale: "A name may be declared once per scope; production rejects the ruleset otherwise.",
            triggering: ["function f() { return true; }\nfunction f() { return false; }\nmatch /a/{p} {\n  allow read: if f();\n}"],
            nonTriggering: ["function f() { return true; }\nmatch /a/{p} {\n  allow read: if f();\n}"],
            detector: .compiler),
        LintCheck(
            id: "check.old-version", category: .correctness, severity: .warning,
            summary: "`rules_version = '1'` written out",
            rationale: "Version 1 has no `list` and different recursive wildcards; new rules should use version 2.",
            triggering: ["rules_version = '1';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
            nonTriggering: ["rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
            detector: .compiler),
    ]

    /// Functions `f1` → `f2` → … → `fN` called from one rule.
    private static func callChain(_ count: Int) -> String {
        var lines = (1..<count).map { "function f\($0)() { return f\($0 + 1)(); }" }
        lines.append("function f\(count)() { return true; }")
        lines.append("match /a/{p} {\n  allow read: if f1();\n}")
        return lines.joined(separator: "\n")
    }

    /// A function with `count` `let` bindings, all used.
    private static func letFunction(_ count: Int) -> String {
        let lets = (1...count).map { "  let v\($0) = \($0);" }.joined(separator: "\n")
        let sum = (1...count).map { "v\($0)" }.joined(separator: " + ")
        return "function f() {\n\(lets)\n  return \(sum) > 0;\n}\nmatch /a/{p} {\n  allow read: if f();\n}"
    }

    /// A condition inside `depth` pairs of parentheses.
    private static func nested(_ depth: Int) -> String {
        "match /a/{p} {\n  allow read: if \(String(repeating: "(", count: depth))request.auth != null\(String(repeating: ")", count: depth));\n}"
    }
}
