import RulesSyntax

/// `check.old-version`, reported by the rules compiler: `rules_version = '1'` written out.
enum OldVersion {
    static let check = LintCheck(
        id: "check.old-version", category: .correctness, severity: .warning,
        summary: "`rules_version = '1'` written out",
        rationale: "Version 1 has no `list` and different recursive wildcards; new rules should use version 2.",
        triggering: ["rules_version = '1';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
        nonTriggering: ["rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /a/{f} { allow read: if request.auth != null; }\n  }\n}"],
        detector: .compiler)
}
