import RulesSyntax

/// `check.glob-not-last`, reported by the rules compiler: a recursive wildcard that version 1 forbids.
enum GlobNotLast {
    static let check = LintCheck(
        id: "check.glob-not-last", category: .correctness, severity: .error,
        summary: "a recursive wildcard that version 1 forbids",
        rationale: """
            Under `rules_version = '1'` a recursive wildcard `{name=**}` may only be the last segment of a \
            match path; the ruleset does not deploy otherwise.
            """,
        triggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /{rest=**}/thumbs/{f} {\n      allow read: if request.auth != null;\n    }\n  }\n}"],
        nonTriggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    match /thumbs/{rest=**} {\n      allow read: if request.auth != null;\n    }\n  }\n}"],
        detector: .compiler)
}
